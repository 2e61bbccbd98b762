import { errorMessage, usagePeriod } from '@atende/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import { type FakeWhatsApp, GRAPH_ERRORS } from '../../../testing/fake-whatsapp';
import { startWhatsAppApp, stopWhatsAppApp } from '../../../testing/app-fixtures';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { FakeWebhookReceiver } from '../../../testing/fake-webhook-receiver';
import { api } from '../../../testing/test-app';
import { withAcc } from '../testing/inbox.testing';
import { queryRows } from '../../../testing/helpers';
import { testEngine } from '../../../testing/test-db';
import type { TTestApp } from '../../../testing/test-app';
import { contactTypeOf, openConversation } from '../conversations/conversation-open';
import {
  insertOutbound,
  insertWhatsAppChannel,
  messageRow,
  type TTestChannel,
  until,
} from '../testing/intake.testing';
import { setUsage } from '../testing/inbox.testing';
import { checkMediaAllowed, isWithinReplyWindow } from './outbound.service';

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let channel: TTestChannel;

beforeAll(async () => {
  ({ ctx, fake, owner, channel } = await startWhatsAppApp());
});
afterAll(() => stopWhatsAppApp({ ctx, fake }));

const run = (messageId: string) => ctx.app.services.outbound.run({ accountId: owner.accountId, messageId });
const sendsTo = (to: string) => fake.sends.filter((s) => s.body.to === to);

describe('outbound WhatsApp messages', () => {
  it('sends a text through the Graph API with the channel token and stores the wamid with ack 1', async () => {
    const out = await insertOutbound(ctx, channel, '+5511980000001', { body: 'Bom dia!' });
    await run(out.messageId);
    const [sent] = sendsTo('5511980000001');
    expect(sent.phoneNumberId).toBe(channel.externalId);
    expect(sent.authorization).toBe(`Bearer ${channel.secrets.accessToken}`);
    expect(sent.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511980000001',
      type: 'text',
      text: { body: 'Bom dia!', preview_url: false },
    });
    expect(await messageRow(ctx, out.messageId)).toMatchObject({
      ack: 1,
      error_code: null,
      provider_message_id: sent.wamid,
    });
  });

  it('goes through the outbound-messages job when enqueued, and a retried job never sends twice', async () => {
    const out = await insertOutbound(ctx, channel, '+5511980000002', { body: 'pela fila' });
    await withTenant(ctx.app.platform.database.db, owner.accountId, (tx) =>
      ctx.app.services.outbound.enqueue(tx, owner.accountId, out.messageId),
    );
    await until(async () => (await messageRow(ctx, out.messageId)).ack === 1);
    await run(out.messageId);
    await run(out.messageId);
    expect(sendsTo('5511980000002')).toHaveLength(1);
  });

  it('marks a message left mid-send by a dead process failed instead of sending it again', async () => {
    const out = await insertOutbound(ctx, channel, '+5511980000003', { body: 'incerta' });
    await queryRows(ctx, sql`update messages set error_code = 'SENDING' where id = ${out.messageId}`);
    await run(out.messageId);
    expect(sendsTo('5511980000003')).toHaveLength(0);
    expect(await messageRow(ctx, out.messageId)).toMatchObject({
      ack: -1,
      error_code: 'CHANNEL_PROVIDER_ERROR',
    });
  });

  it('sends run at once are claimed and settled together: each sent once, a duplicate and a stale guard handled on their own', async () => {
    const fresh = await Promise.all(
      [5, 6, 7, 8].map((n) => insertOutbound(ctx, channel, `+55119800001${n}0`, { body: `junto ${n}` })),
    );
    const stale = await insertOutbound(ctx, channel, '+5511980000190', { body: 'incerta' });
    await queryRows(ctx, sql`update messages set error_code = 'SENDING' where id = ${stale.messageId}`);
    const queries = vi.spyOn(pg.Client.prototype, 'query');
    // Every send at once; the second message twice, in the same batch (a job written twice).
    await Promise.all([...fresh.map((m) => run(m.messageId)), run(fresh[1].messageId), run(stale.messageId)]);
    const claims = queries.mock.calls.filter(([config]) =>
      /^\s*with c as \(\s*update messages set error_code = 'SENDING'/.test(
        typeof config === 'string' ? config : ((config as { text?: string }).text ?? ''),
      ),
    );
    queries.mockRestore();
    const providerIds = new Set<string>();
    for (const [i, n] of [5, 6, 7, 8].entries()) {
      expect(sendsTo(`55119800001${n}0`)).toHaveLength(1);
      const row = await messageRow(ctx, fresh[i].messageId);
      expect(row).toMatchObject({ ack: 1, error_code: null });
      providerIds.add(String(row.provider_message_id));
    }
    // Each message got its own provider id, though their outcomes were written in one statement.
    expect(providerIds.size).toBe(4);
    expect([...providerIds].every((id) => id.startsWith('wamid.'))).toBe(true);
    expect(sendsTo('5511980000190')).toHaveLength(0);
    expect(await messageRow(ctx, stale.messageId)).toMatchObject({
      ack: -1,
      error_code: 'CHANNEL_PROVIDER_ERROR',
    });
    // PostgreSQL: the first claim goes alone, the others wait for it and leave together (one
    // statement each time, with what the sends read, not one per send). PGlite has no client to
    // watch.
    if (testEngine() === 'pg') expect(claims).toHaveLength(2);
  });

  it('sends media by link (document with file name and caption) and templates with their components', async () => {
    const doc = await insertOutbound(ctx, channel, '+5511980000004', {
      kind: 'document',
      body: 'segue o boleto',
      media: {
        url: 'https://files.example.com/b.pdf',
        mimeType: 'application/pdf',
        fileName: 'boleto.pdf',
        size: 1000,
      },
    });
    await run(doc.messageId);
    expect(sendsTo('5511980000004')[0].body).toMatchObject({
      type: 'document',
      document: {
        link: 'https://files.example.com/b.pdf',
        caption: 'segue o boleto',
        filename: 'boleto.pdf',
      },
    });
    const components = [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] }];
    const tpl = await insertOutbound(ctx, channel, '+5511980000005', {
      kind: 'template',
      template: { name: 'boas_vindas', language: 'pt_BR', components },
      lastInboundAt: null,
    });
    await run(tpl.messageId);
    expect(sendsTo('5511980000005')[0].body).toMatchObject({
      type: 'template',
      template: { name: 'boas_vindas', language: { code: 'pt_BR' }, components },
    });
    expect((await messageRow(ctx, tpl.messageId)).ack).toBe(1);
  });

  it("refuses free text outside the 24-hour window without calling Meta, with the spec's message", async () => {
    const old = new Date(Date.now() - 25 * 3600_000);
    const out = await insertOutbound(ctx, channel, '+5511980000006', {
      body: 'tarde demais',
      lastInboundAt: old,
    });
    await run(out.messageId);
    expect(sendsTo('5511980000006')).toHaveLength(0);
    const row = await messageRow(ctx, out.messageId);
    expect(row).toMatchObject({ ack: -1, error_code: 'WHATSAPP_WINDOW_CLOSED' });
    expect(errorMessage('WHATSAPP_WINDOW_CLOSED', 'en')).toBe(
      'Message failed to send because more than 24 hours have passed since the customer last replied',
    );
    const never = await insertOutbound(ctx, channel, '+5511980000007', {
      body: 'nunca falou',
      lastInboundAt: null,
    });
    await run(never.messageId);
    expect((await messageRow(ctx, never.messageId)).error_code).toBe('WHATSAPP_WINDOW_CLOSED');
  });

  it('records each settled send as a message.status event a webhook endpoint receives (sent and failed)', async () => {
    const receiver = new FakeWebhookReceiver();
    await receiver.start();
    try {
      const call = (path: string, body: object) =>
        api(ctx.app, 'POST', withAcc(path, owner.accountId), { token: owner.token, body });
      expect((await call('/p/apps/installs', { app: 'webhooks' })).statusCode).toBe(200);
      const endpoint = await call('/p/apps/webhooks/endpoints', {
        url: receiver.url,
        events: ['message.status'],
      });
      expect(endpoint.statusCode).toBe(200);
      const sent = await insertOutbound(ctx, channel, '+5511980000030', { body: 'status ok' });
      const refused = await insertOutbound(ctx, channel, '+5511980000031', {
        body: 'fora da janela',
        lastInboundAt: null,
      });
      await run(sent.messageId);
      await run(refused.messageId);
      const statusOf = (messageId: string) =>
        until(async () => receiver.received.find((r) => r.json.data?.messageId === messageId));
      expect((await statusOf(sent.messageId)).json).toMatchObject({
        event: 'message.status',
        data: { conversationId: sent.conversationId, status: 'sent', errorCode: null },
      });
      expect((await statusOf(refused.messageId)).json.data).toMatchObject({
        status: 'failed',
        errorCode: 'WHATSAPP_WINDOW_CLOSED',
      });
    } finally {
      await receiver.stop();
    }
  });

  it('refuses media beyond the channel limits before calling Meta', async () => {
    const big = await insertOutbound(ctx, channel, '+5511980000008', {
      kind: 'image',
      media: { url: 'https://files.example.com/a.png', mimeType: 'image/png', size: 6 * 1024 * 1024 },
    });
    await run(big.messageId);
    const gif = await insertOutbound(ctx, channel, '+5511980000009', {
      kind: 'image',
      media: { url: 'https://files.example.com/a.gif', mimeType: 'image/gif', size: 1000 },
    });
    await run(gif.messageId);
    expect(sendsTo('5511980000008')).toHaveLength(0);
    expect((await messageRow(ctx, big.messageId)).error_code).toBe('FILE_TOO_LARGE');
    expect((await messageRow(ctx, gif.messageId)).error_code).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('maps Graph errors: 131047 → 24 h window, 131026 → number does not exist, others → provider error', async () => {
    const cases = [
      { to: '5511980000020', error: GRAPH_ERRORS.reEngagement, code: 'WHATSAPP_WINDOW_CLOSED' },
      { to: '5511980000021', error: GRAPH_ERRORS.undeliverable, code: 'NUMBER_NOT_EXISTS' },
      { to: '5511980000022', error: GRAPH_ERRORS.rateLimit, code: 'CHANNEL_PROVIDER_ERROR' },
    ];
    for (const c of cases) {
      fake.failFor.set(c.to, c.error);
      const out = await insertOutbound(ctx, channel, `+${c.to}`, { body: 'x' });
      await run(out.messageId);
      expect(await messageRow(ctx, out.messageId)).toMatchObject({ ack: -1, error_code: c.code });
    }
  });
});

describe('pure rules', () => {
  it('isWithinReplyWindow: 24 hours from the last customer message', () => {
    const now = new Date('2026-01-02T12:00:00Z');
    expect(isWithinReplyWindow(new Date('2026-01-01T12:00:00Z'), now)).toBe(true);
    expect(isWithinReplyWindow(new Date('2026-01-01T11:59:59Z'), now)).toBe(false);
    expect(isWithinReplyWindow(null, now)).toBe(false);
  });

  it('checkMediaAllowed follows each channel', () => {
    expect(checkMediaAllowed('whatsapp-cloud', 'image/jpeg', 5 * 1024 * 1024)).toBeNull();
    expect(checkMediaAllowed('whatsapp-cloud', 'image/jpeg', 5 * 1024 * 1024 + 1)).toBe('FILE_TOO_LARGE');
    expect(checkMediaAllowed('whatsapp-cloud', 'video/mp4', 16 * 1024 * 1024)).toBeNull();
    expect(checkMediaAllowed('whatsapp-cloud', 'application/pdf', 100 * 1024 * 1024)).toBeNull();
    expect(checkMediaAllowed('whatsapp-cloud', 'image/webp', 600 * 1024)).toBe('FILE_TOO_LARGE');
    expect(checkMediaAllowed('whatsapp-cloud', 'audio/ogg; codecs=opus', 1000)).toBeNull();
    expect(checkMediaAllowed('whatsapp-cloud', 'application/x-msdownload', 10)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(checkMediaAllowed('sms', 'image/jpeg', 10)).toBe('CHANNEL_NO_MEDIA');
    expect(checkMediaAllowed('webchat', 'application/pdf', 50 * 1024 * 1024)).toBeNull();
  });
});

describe('plan quota', () => {
  it('refuses an outbound start beyond the monthly limit; an inbound message still opens, uncounted', async () => {
    const free = await signUp(ctx, { plan: 'free' });
    const ch = await insertWhatsAppChannel(ctx, free.accountId);
    const period = usagePeriod().start;
    await setUsage(ctx, free.accountId, 99, period);
    const db = ctx.app.platform.database.db;
    const open = (phone: string, origin: 'inbound' | 'outbound') =>
      withTenant(db, free.accountId, async (tx) => {
        const found = await ctx.app.services.contacts.identity.findOrCreateByPhone(
          tx,
          free.accountId,
          [{ phone }],
          contactTypeOf('whatsapp-cloud'),
        );
        const contact = found.get(phone)!;
        return openConversation(tx, {
          accountId: free.accountId,
          channel: { id: ch.id, kind: 'whatsapp-cloud' },
          contactId: contact.id,
          origin,
        });
      });
    // The 100th conversation of the Free plan is counted.
    const last = await open('+5511970000001', 'outbound');
    expect(last).toMatchObject({ created: true, quotaReached: false, usageChanged: true });
    expect(last.conversation.counted).toBe(true);
    // Reopening the same open conversation is not a new one.
    expect(await open('+5511970000001', 'outbound')).toMatchObject({ created: false });
    await expect(open('+5511970000002', 'outbound')).rejects.toThrow(new AppError('PLAN_QUOTA_REACHED'));
    // The refused start left nothing behind.
    const left = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from contacts where account_id = ${free.accountId} and phone = '+5511970000002'`,
    );
    expect(left[0].n).toBe(0);
    const inbound = await open('+5511970000003', 'inbound');
    expect(inbound).toMatchObject({ created: true, quotaReached: true });
    expect(inbound.conversation.counted).toBe(false);
    const [usage] = await queryRows<{ count: number }>(
      ctx,
      sql`select count from conversation_usage where account_id = ${free.accountId} and period_start = ${period}`,
    );
    expect(usage.count).toBe(100);
  });
});
