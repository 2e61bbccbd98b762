import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp, signedWhatsAppPost, whatsappWebhook } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { TENANT_CACHE_CHANNEL } from '../../../platform/tenant-cache';
import { queryRows } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import {
  insertOutbound,
  insertWhatsAppChannel,
  messageRow,
  type TTestChannel,
} from '../testing/intake.testing';

// What an admin changes on a channel (settings → channels) applies to the next webhook at once on
// this process: a new app secret, disabling it, deleting it.
let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;

beforeAll(async () => {
  fake = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await fake.start() });
  owner = await signUp(ctx, { plan: 'pro' });
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

function post(ch: TTestChannel, payload: unknown, secret = ch.secrets.appSecret) {
  const signed = signedWhatsAppPost(secret, payload);
  return ctx.app.inject({
    method: 'POST',
    url: `/webhooks/whatsapp-cloud/${ch.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
}

const textFrom = (ch: TTestChannel, from: string, text: string) =>
  whatsappWebhook(ch.externalId, { messages: [{ from, text, name: 'Cliente' }] });

function update(ch: TTestChannel, fields: Record<string, unknown>) {
  return api(ctx.app, 'PUT', `/p/chat/channels/${ch.id}?acc=${owner.accountId}`, {
    token: owner.token,
    body: {
      kind: 'whatsapp-cloud',
      name: 'WhatsApp',
      phoneNumberId: ch.config.phoneNumberId,
      wabaId: ch.config.wabaId,
      displayPhone: ch.config.displayPhone,
      ...fields,
    },
  });
}

async function messagesWithBody(body: string) {
  const [row] = await queryRows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from messages where account_id = ${owner.accountId} and body = ${body}`,
  );
  return row.n;
}

describe('channel changes reach the webhooks at once', () => {
  it('a new app secret: the old signature is refused on the next delivery', async () => {
    const ch = await insertWhatsAppChannel(ctx, owner.accountId);
    expect((await post(ch, textFrom(ch, '5511990001001', 'antes'))).statusCode).toBe(200);
    const newSecret = 'b'.repeat(32);
    expect((await update(ch, { appSecret: newSecret })).statusCode).toBe(200);
    expect((await post(ch, textFrom(ch, '5511990001001', 'velho'))).statusCode).toBe(401);
    expect((await post(ch, textFrom(ch, '5511990001001', 'novo'), newSecret)).statusCode).toBe(200);
    expect(await messagesWithBody('velho')).toBe(0);
    expect(await messagesWithBody('novo')).toBe(1);
  });

  it("another process's change: when the account's invalidation arrives (NOTIFY), the next delivery reads the channel again", async () => {
    const ch = await insertWhatsAppChannel(ctx, owner.accountId);
    expect((await post(ch, textFrom(ch, '5511990001005', 'antes'))).statusCode).toBe(200);
    // Another process stores a new secret and notifies every process of the account's change.
    const newSecret = 'c'.repeat(32);
    await queryRows(
      ctx,
      sql`update channels set secrets = jsonb_set(secrets, '{appSecret}', to_jsonb(${newSecret}::text)) where id = ${ch.id}`,
    );
    await queryRows(ctx, sql`select pg_notify(${TENANT_CACHE_CHANNEL}, ${owner.accountId})`);
    await expect
      .poll(async () => (await post(ch, textFrom(ch, '5511990001005', 'velho'))).statusCode, {
        timeout: 1_500, // well before the lookup's own 2-second expiry
        interval: 20,
      })
      .toBe(401);
    expect((await post(ch, textFrom(ch, '5511990001005', 'novo'), newSecret)).statusCode).toBe(200);
  });

  it('a disabled channel acknowledges customer messages without storing them, and still applies delivery reports', async () => {
    const ch = await insertWhatsAppChannel(ctx, owner.accountId);
    const out = await insertOutbound(ctx, ch, '+5511990001002', { body: 'Olá!' });
    await ctx.app.services.outbound.run({ accountId: owner.accountId, messageId: out.messageId });
    const wamid = (await messageRow(ctx, out.messageId)).provider_message_id!;
    expect((await update(ch, { status: 'disabled' })).statusCode).toBe(200);

    expect((await post(ch, textFrom(ch, '5511990001003', 'canal desligado'))).statusCode).toBe(200);
    expect(await messagesWithBody('canal desligado')).toBe(0);
    const [opened] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from conversations where channel_id = ${ch.id}`,
    );
    expect(opened.n).toBe(1); // only the operator's conversation of insertOutbound
    const report = whatsappWebhook(ch.externalId, { statuses: [{ id: wamid, status: 'read' }] });
    expect((await post(ch, report)).statusCode).toBe(200);
    expect((await messageRow(ctx, out.messageId)).ack).toBe(3);

    expect((await update(ch, { status: 'active' })).statusCode).toBe(200);
    expect((await post(ch, textFrom(ch, '5511990001003', 'canal ligado'))).statusCode).toBe(200);
    expect(await messagesWithBody('canal ligado')).toBe(1);
  });

  it('a deleted channel answers 404 on the next delivery and its verification', async () => {
    const ch = await insertWhatsAppChannel(ctx, owner.accountId);
    expect((await post(ch, textFrom(ch, '5511990001004', 'oi'))).statusCode).toBe(200);
    const removed = await api(ctx.app, 'DELETE', `/p/chat/channels/${ch.id}?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await post(ch, textFrom(ch, '5511990001004', 'depois'))).statusCode).toBe(404);
    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp-cloud/${ch.id}?hub.mode=subscribe&hub.verify_token=${ch.secrets.verifyToken}&hub.challenge=42`,
    });
    expect(verify.statusCode).toBe(404);
    expect(await messagesWithBody('depois')).toBe(0);
  });
});
