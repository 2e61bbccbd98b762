import { usagePeriod } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeWhatsApp,
  newWamid,
  signedWhatsAppPost,
  signWhatsApp,
  whatsappWebhook,
} from '../../../testing/fake-whatsapp';
import { startWhatsAppApp, stopWhatsAppApp } from '../../../testing/app-fixtures';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api, type TTestApp } from '../../../testing/test-app';
import { ChatClient, listen } from '../../team-chat/team-chat.testing';
import {
  insertOutbound,
  insertWhatsAppChannel,
  messageRow,
  type TTestChannel,
} from '../testing/intake.testing';
import { connectAgent, setUsage } from '../testing/inbox.testing';

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let other: TSignedUp;
let channel: TTestChannel;
let otherChannel: TTestChannel;

beforeAll(async () => {
  ({ ctx, fake, owner, channel } = await startWhatsAppApp());
  other = await signUp(ctx, { plan: 'pro' });
  otherChannel = await insertWhatsAppChannel(ctx, other.accountId);
});
afterAll(() => stopWhatsAppApp({ ctx, fake }));

function post(ch: TTestChannel, payload: unknown, secret = ch.secrets.appSecret) {
  const signed = signedWhatsAppPost(secret, payload);
  return ctx.app.inject({
    method: 'POST',
    url: `/webhooks/whatsapp-cloud/${ch.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
}

const count = async (table: string, accountId: string) => {
  const [row] = await queryRows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from ${sql.identifier(table)} where account_id = ${accountId}`,
  );
  return row.n;
};

describe('WhatsApp webhook verification', () => {
  it('echoes hub.challenge as text/plain for the channel verify token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp-cloud/${channel.id}?hub.mode=subscribe&hub.verify_token=${channel.secrets.verifyToken}&hub.challenge=1158201444`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('1158201444');
  });

  it('answers 403 for a wrong token or mode, 404 for an unknown channel', async () => {
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp-cloud/${channel.id}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`,
    });
    expect(wrong.statusCode).toBe(403);
    const mode = await ctx.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp-cloud/${channel.id}?hub.mode=unsubscribe&hub.verify_token=${channel.secrets.verifyToken}&hub.challenge=1`,
    });
    expect(mode.statusCode).toBe(403);
    // Another account's token does not verify this channel.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp-cloud/${channel.id}?hub.mode=subscribe&hub.verify_token=${otherChannel.secrets.verifyToken}&hub.challenge=1`,
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/webhooks/whatsapp-cloud/0190aaaa-0000-7000-8000-000000000000?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 0, code: 'CHANNEL_NOT_FOUND' });
    const notUuid = await ctx.app.inject({ method: 'GET', url: '/webhooks/whatsapp-cloud/abc' });
    expect(notUuid.statusCode).toBe(404);
  });
});

describe('WhatsApp inbound messages', () => {
  it('refuses a bad signature with 401 and stores nothing', async () => {
    const before = await count('messages', owner.accountId);
    const payload = whatsappWebhook(channel.externalId, {
      messages: [{ from: '5511990000001', text: 'hi' }],
    });
    const bad = await post(channel, payload, 'not-the-app-secret');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ status: 0, code: 'WEBHOOK_SIGNATURE_INVALID' });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/whatsapp-cloud/${channel.id}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(unsigned.statusCode).toBe(401);
    // Signed with the other account's app secret: still not this channel's.
    expect((await post(channel, payload, otherChannel.secrets.appSecret)).statusCode).toBe(401);
    expect(await count('messages', owner.accountId)).toBe(before);
  });

  it('answers 400 to signed malformed JSON and 200 to signed content it does not understand', async () => {
    const raw = '{"object": "whatsapp_business_account", "entry": [';
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/whatsapp-cloud/${channel.id}`,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWhatsApp(channel.secrets.appSecret, raw),
      },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    const odd = await post(channel, {
      entry: [{ changes: [{ field: 'messages', value: { messages: [{ id: 5 }] } }] }],
    });
    expect(odd.statusCode).toBe(200);
    // A NUL character (PostgreSQL text cannot hold it) is dropped, never a 500.
    const wamid = newWamid();
    const nul = await post(
      channel,
      whatsappWebhook(channel.externalId, {
        messages: [{ id: wamid, from: '5511990000009', text: 'a\u0000b' }],
      }),
    );
    expect(nul.statusCode).toBe(200);
    const [row] = await queryRows<{ body: string }>(
      ctx,
      sql`select body from messages where provider_message_id = ${wamid}`,
    );
    expect(row.body).toBe('ab');
  });

  it('stores a text message: creates the contact (profile name), the waiting conversation and the message', async () => {
    const wamid = newWamid();
    const payload = whatsappWebhook(channel.externalId, {
      messages: [{ id: wamid, from: '5511990000002', name: 'Maria Silva', text: 'Olá, preciso de ajuda' }],
    });
    const res = await post(channel, payload);
    expect(res.statusCode).toBe(200);
    const [row] = await queryRows<any>(
      ctx,
      sql`select m.body, m.kind, m.author_type, c.stage, c.unread_count, c.last_message_preview, c.counted,
            c.last_inbound_at is not null as has_inbound, ct.name, ct.phone, ct.type
          from messages m join conversations c on c.id = m.conversation_id join contacts ct on ct.id = c.contact_id
          where m.provider_message_id = ${wamid}`,
    );
    expect(row).toMatchObject({
      body: 'Olá, preciso de ajuda',
      kind: 'text',
      author_type: 'contact',
      stage: 'waiting',
      unread_count: 1,
      last_message_preview: 'Olá, preciso de ajuda',
      counted: true,
      has_inbound: true,
      name: 'Maria Silva',
      phone: '+5511990000002',
      type: 'whatsapp',
    });
  });

  it('stores media and location messages in the same open conversation, with their ids and types', async () => {
    const from = '5511990000003';
    const payload = whatsappWebhook(channel.externalId, {
      messages: [
        { from, type: 'image', media: { id: 'media-1', mime_type: 'image/jpeg', caption: 'foto' } },
        {
          from,
          type: 'document',
          media: { id: 'media-2', mime_type: 'application/pdf', filename: 'nota.pdf' },
        },
        { from, type: 'audio', media: { id: 'media-3', mime_type: 'audio/ogg; codecs=opus' } },
        { from, type: 'location', location: { latitude: -23.5, longitude: -46.6, name: 'Loja' } },
        { from, type: 'unsupported' },
      ],
    });
    expect((await post(channel, payload)).statusCode).toBe(200);
    const rows = await queryRows<any>(
      ctx,
      sql`select m.kind, m.body, m.media, m.conversation_id from messages m join conversations c on c.id = m.conversation_id
          join contacts ct on ct.id = c.contact_id where ct.phone = ${`+${from}`} order by m.created_at, m.id`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['image', 'document', 'audio', 'location', 'unsupported']);
    expect(new Set(rows.map((r) => r.conversation_id)).size).toBe(1);
    expect(rows[0].media).toMatchObject({ providerMediaId: 'media-1', mimeType: 'image/jpeg' });
    expect(rows[0].body).toBe('foto');
    expect(rows[1].media).toMatchObject({ providerMediaId: 'media-2', fileName: 'nota.pdf' });
    expect(rows[3].body).toContain('Loja');
    const [conv] = await queryRows<any>(
      ctx,
      sql`select unread_count from conversations where id = ${rows[0].conversation_id}`,
    );
    expect(conv.unread_count).toBe(5);
  });

  it('serves a customer image from Meta with the channel token to members of the account only', async () => {
    const image = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    fake.media.set('media-photo-1', { mimeType: 'image/jpeg', data: image });
    const wamid = newWamid();
    const payload = whatsappWebhook(channel.externalId, {
      messages: [
        {
          id: wamid,
          from: '5511990000008',
          type: 'image',
          media: { id: 'media-photo-1', mime_type: 'image/jpeg' },
        },
      ],
    });
    expect((await post(channel, payload)).statusCode).toBe(200);
    const [message] = await queryRows<{ id: string }>(
      ctx,
      sql`select id from messages where provider_message_id = ${wamid}`,
    );
    fake.accessToken = channel.secrets.accessToken;
    try {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/p/chat/inbox/media/${message.id}?acc=${owner.accountId}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(image)).toBe(true);
      const foreign = await api(ctx.app, 'GET', `/p/chat/inbox/media/${message.id}?acc=${other.accountId}`, {
        token: other.token,
      });
      expect(foreign.statusCode).toBe(404);
      fake.media.delete('media-photo-1');
      const expired = await api(ctx.app, 'GET', `/p/chat/inbox/media/${message.id}?acc=${owner.accountId}`, {
        token: owner.token,
      });
      expect(expired.statusCode).toBe(404);
    } finally {
      fake.accessToken = undefined;
    }
  });

  it('stores a webhook delivered twice (and a message repeated inside one) once', async () => {
    const wamid = newWamid();
    const payload = whatsappWebhook(channel.externalId, {
      messages: [
        { id: wamid, from: '5511990000004', text: 'uma vez' },
        { id: wamid, from: '5511990000004', text: 'uma vez' },
      ],
    });
    const [a, b] = await Promise.all([post(channel, payload), post(channel, payload)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await post(channel, payload)).statusCode).toBe(200);
    const rows = await queryRows<any>(
      ctx,
      sql`select m.conversation_id from messages m where m.provider_message_id = ${wamid}`,
    );
    expect(rows).toHaveLength(1);
    const [conv] = await queryRows<any>(
      ctx,
      sql`select unread_count from conversations where id = ${rows[0].conversation_id}`,
    );
    expect(conv.unread_count).toBe(1);
  });

  it('opens one conversation when first messages of a new contact race', async () => {
    const from = '5511990000005';
    const posts = Array.from({ length: 6 }, (_, i) =>
      post(channel, whatsappWebhook(channel.externalId, { messages: [{ from, text: `m${i}` }] })),
    );
    expect((await Promise.all(posts)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await queryRows<any>(
      ctx,
      sql`select c.id, c.unread_count, (select count(*)::int from contacts where phone = ${`+${from}`} and account_id = ${owner.accountId}) as contacts
          from conversations c join contacts ct on ct.id = c.contact_id where ct.phone = ${`+${from}`}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ unread_count: 6, contacts: 1 });
  });

  it("never touches another account: a webhook for A's channel stores into A only", async () => {
    const beforeOther = await count('messages', other.accountId);
    const payload = whatsappWebhook(channel.externalId, {
      messages: [{ from: '5511990000006', text: 'A only' }],
    });
    expect((await post(channel, payload)).statusCode).toBe(200);
    expect(await count('messages', other.accountId)).toBe(beforeOther);
    // The same payload (A's phone number id) posted to B's channel is not B's number: ignored.
    const toB = await post(otherChannel, payload);
    expect(toB.statusCode).toBe(200);
    expect(await count('messages', other.accountId)).toBe(beforeOther);
  });

  it('keeps a customer message beyond the plan limit: the conversation opens uncounted', async () => {
    const free = await signUp(ctx, { plan: 'free' });
    const ch = await insertWhatsAppChannel(ctx, free.accountId);
    const period = usagePeriod().start;
    await setUsage(ctx, free.accountId, 99, period);
    const usageOf = async () =>
      (await api(ctx.app, 'GET', `/g/acc/${free.accountId}`, { token: free.token })).body.data.accFinancial
        .usage;
    expect(await usageOf()).toMatchObject({ conversations: 99, limit: 100 });
    const payload = whatsappWebhook(ch.externalId, {
      messages: [
        { from: '5511990000101', text: 'centésima' },
        { from: '5511990000102', text: 'além do limite' },
      ],
    });
    expect((await post(ch, payload)).statusCode).toBe(200);
    const rows = await queryRows<{ phone: string; counted: boolean; n: number }>(
      ctx,
      sql`select ct.phone, c.counted, (select count(*)::int from messages m where m.conversation_id = c.id) as n
          from conversations c join contacts ct on ct.id = c.contact_id
          where c.account_id = ${free.accountId} order by ct.phone`,
    );
    expect(rows).toEqual([
      { phone: '+5511990000101', counted: true, n: 1 },
      { phone: '+5511990000102', counted: false, n: 1 },
    ]);
    const [usage] = await queryRows<{ count: number }>(
      ctx,
      sql`select count from conversation_usage where account_id = ${free.accountId} and period_start = ${period}`,
    );
    expect(usage.count).toBe(100);
    // The account's cached usage was refreshed: admins see the limit reached.
    expect(await usageOf()).toMatchObject({ conversations: 100, limit: 100 });
  });

  it('pushes message:created and conversation:updated to the account after the commit, once', async () => {
    const url = await listen(ctx);
    const socket = io(`${url}/attendance`, {
      auth: { accID: owner.accountId, userID: owner.userId, token: owner.token, platform: 'web' },
      transports: ['websocket'],
    });
    const client = new ChatClient(socket as never);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const foreign = io(`${url}/attendance`, {
      auth: { accID: other.accountId, userID: other.userId, token: other.token, platform: 'web' },
      transports: ['websocket'],
    });
    const otherClient = new ChatClient(foreign as never);
    await new Promise<void>((resolve) => foreign.once('connect', () => resolve()));
    try {
      const wamid = newWamid();
      const payload = whatsappWebhook(channel.externalId, {
        messages: [{ id: wamid, from: '5511990000007', text: 'ao vivo' }],
      });
      expect((await post(channel, payload)).statusCode).toBe(200);
      const created = await client.waitFor('message:created', (p: any) => p.message.body === 'ao vivo');
      expect(created.message).toMatchObject({ author: 'contact', kind: 'text', ack: 0 });
      // The list row comes with it: unread count and preview as committed.
      expect(created.conversation).toMatchObject({ unreadCount: 1, lastMessagePreview: 'ao vivo' });
      const updated = await client.waitFor(
        'conversation:updated',
        (p: any) => p.conversation._id === created.conversationId,
      );
      expect(updated.conversation).toMatchObject({ stage: 'waiting', unreadCount: 1 });
      // A retried delivery stores nothing and pushes nothing.
      const mark = client.mark();
      expect((await post(channel, payload)).statusCode).toBe(200);
      const probe = whatsappWebhook(channel.externalId, {
        messages: [{ from: '5511990000007', text: 'depois' }],
      });
      expect((await post(channel, probe)).statusCode).toBe(200);
      await client.waitFor('message:created', (p: any) => p.message.body === 'depois', { after: mark });
      expect(client.received('message:created', (p: any) => p.message.body === 'ao vivo')).toHaveLength(1);
      expect(otherClient.received('message:created')).toHaveLength(0);
    } finally {
      socket.disconnect();
      foreign.disconnect();
    }
  });
  it("numbers a batch's messages of one conversation one by one: each event's unread count is as after its message", async () => {
    // The server listens since the test above.
    const address = ctx.app.server.address();
    const url =
      typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : await listen(ctx);
    const client = await connectAgent(url, owner, owner.accountId);
    try {
      // One webhook with three messages of one customer: one batch, one conversation update.
      const payload = whatsappWebhook(channel.externalId, {
        messages: ['um', 'dois', 'três'].map((text) => ({ from: '5511990000321', text })),
      });
      expect((await post(channel, payload)).statusCode).toBe(200);
      await client.waitFor('message:created', (p: any) => p.message.body === 'três');
      const events = client
        .received('message:created', (p: any) => ['um', 'dois', 'três'].includes(p.message.body))
        .sort((a: any, b: any) => a.seq - b.seq);
      expect(events.map((e: any) => [e.message.body, e.conversation.unreadCount])).toEqual([
        ['um', 1],
        ['dois', 2],
        ['três', 3],
      ]);
    } finally {
      client.close();
    }
  });
});

describe('WhatsApp delivery statuses', () => {
  it('raises acks sent → delivered → read and never lowers them', async () => {
    const out = await insertOutbound(ctx, channel, '+5511990000010', { body: 'Olá!' });
    await ctx.app.services.outbound.run({ accountId: owner.accountId, messageId: out.messageId });
    const wamid = (await messageRow(ctx, out.messageId)).provider_message_id!;
    expect((await messageRow(ctx, out.messageId)).ack).toBe(1);
    const status = (s: 'sent' | 'delivered' | 'read' | 'failed', errorCode?: number) =>
      post(channel, whatsappWebhook(channel.externalId, { statuses: [{ id: wamid, status: s, errorCode }] }));
    expect((await status('delivered')).statusCode).toBe(200);
    expect((await messageRow(ctx, out.messageId)).ack).toBe(2);
    expect((await status('read')).statusCode).toBe(200);
    expect((await messageRow(ctx, out.messageId)).ack).toBe(3);
    // Late reports arriving out of order change nothing.
    await status('delivered');
    await status('sent');
    await status('failed', 131026);
    expect(await messageRow(ctx, out.messageId)).toMatchObject({ ack: 3, error_code: null });
  });

  it('marks a failed delivery -1 with the mapped error, and several reports in one webhook keep the highest', async () => {
    const a = await insertOutbound(ctx, channel, '+5511990000011', { body: 'um' });
    const b = await insertOutbound(ctx, channel, '+5511990000012', { body: 'dois' });
    for (const m of [a, b])
      await ctx.app.services.outbound.run({ accountId: owner.accountId, messageId: m.messageId });
    const wa = (await messageRow(ctx, a.messageId)).provider_message_id!;
    const wb = (await messageRow(ctx, b.messageId)).provider_message_id!;
    const res = await post(
      channel,
      whatsappWebhook(channel.externalId, {
        statuses: [
          { id: wa, status: 'failed', errorCode: 131047 },
          { id: wb, status: 'read' },
          { id: wb, status: 'delivered' },
          { id: 'wamid.unknown', status: 'read' },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await messageRow(ctx, a.messageId)).toMatchObject({
      ack: -1,
      error_code: 'WHATSAPP_WINDOW_CLOSED',
    });
    expect((await messageRow(ctx, b.messageId)).ack).toBe(3);
    // delivered after failed: the message did arrive.
    await post(channel, whatsappWebhook(channel.externalId, { statuses: [{ id: wa, status: 'delivered' }] }));
    expect((await messageRow(ctx, a.messageId)).ack).toBe(2);
  });
});
