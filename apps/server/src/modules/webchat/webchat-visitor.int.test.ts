import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectAgent,
  connectVisitor,
  createChannel,
  visitorSession,
  webchatBody,
  withAcc,
} from '../inbox/testing/inbox.testing';
import { type ChatClient, listen } from '../team-chat/team-chat.testing';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, uniqueIp } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';

let ctx: TTestApp;
let baseUrl: string;
let owner: TSignedUp;
let other: TSignedUp;
let slug: string;
let channelId: string;
/** A chat page without the pre-chat form: visitors write at once. */
let openSlug: string;
let openChannelId: string;
const clients: ChatClient[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  baseUrl = await listen(ctx);
  owner = await signUp(ctx);
  other = await signUp(ctx);
  const body = { ...webchatBody('Loja'), preChatForm: true, preChatFields: ['name', 'email', 'phone'] };
  slug = body.slug;
  channelId = (await createChannel(ctx, owner, body))._id;
  const open = webchatBody('Site');
  openSlug = open.slug;
  openChannelId = (await createChannel(ctx, owner, open))._id;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ctx.close();
});

const contactsOf = (accountId: string) =>
  queryRows<{ id: string; name: string; email: string | null; phone: string | null; inbox: string }>(
    ctx,
    sql`select id, name, email, phone, inbox from contacts where account_id = ${accountId} and deleted_at is null order by created_at`,
  );
const emit = (c: ChatClient, event: string, payload?: unknown) =>
  (c.socket as unknown as { emit: (e: string, p?: unknown) => void }).emit(event, payload);

async function visitor(body: Record<string, unknown> = {}) {
  const session = await visitorSession(ctx, slug, body, uniqueIp()['x-forwarded-for']);
  const client = await connectVisitor(baseUrl, slug, session.token);
  clients.push(client);
  return { client, session, history: await client.waitFor('history') };
}
async function say(c: ChatClient, id: string, text: string) {
  const res = await c.call('message' as never, { id, text });
  if (res.status !== 1) throw new Error(JSON.stringify(res));
  return res.data as { id: string; conversationId: string; timestamp: string };
}

describe('a visitor is not a contact until they write', () => {
  it('page views, widget loads, sessions and an idle socket store no contact; the first message does, once', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await ctx.app.inject({ method: 'GET', url: `/chat/${openSlug}` })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/widget/${openSlug}.js` })).statusCode).toBe(200);
    }
    const ip = uniqueIp()['x-forwarded-for'];
    const first = await visitorSession(ctx, openSlug, {}, ip);
    expect(first.visitor).toEqual({ known: false, name: null, email: null, phone: null });
    const again = await visitorSession(ctx, openSlug, { token: first.token }, ip);
    expect(again.token).toBe(first.token);
    const v = await connectVisitor(baseUrl, openSlug, first.token);
    clients.push(v);
    expect(await v.waitFor('history')).toMatchObject({ items: [], state: 'none' });
    emit(v, 'typing', { typing: true });
    emit(v, 'seen');
    await visitorSession(ctx, openSlug, {}, ip);
    expect(await contactsOf(owner.accountId)).toEqual([]);

    // Two tabs of the same visitor write at once: one contact, one conversation.
    const tab = await connectVisitor(baseUrl, openSlug, first.token);
    clients.push(tab);
    const [a, b] = await Promise.all([say(v, 'a-1', 'Olá'), say(tab, 'a-2', 'Tem alguém aí?')]);
    expect(a.conversationId).toBe(b.conversationId);
    const contacts = await contactsOf(owner.accountId);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ email: null, phone: null, inbox: openChannelId });
    expect(contacts[0].name).toMatch(/^Visitante [0-9A-F]{4}$/);
    const known = await visitorSession(ctx, openSlug, { token: first.token }, ip);
    expect(known.visitor).toEqual({ known: true, name: contacts[0].name, email: null, phone: null });
    expect(await contactsOf(other.accountId)).toEqual([]);
  });

  it('with the pre-chat form on, the server refuses a message before the form and a form without its first field', async () => {
    const ip = uniqueIp()['x-forwarded-for'];
    const session = await visitorSession(ctx, slug, {}, ip);
    const v = await connectVisitor(baseUrl, slug, session.token);
    clients.push(v);
    await v.waitFor('history');
    const before = (await contactsOf(owner.accountId)).length;
    const refused = await v.call('message' as never, { id: 'early-1', text: 'Oi' });
    expect(refused).toMatchObject({ status: 0, code: 'WEBCHAT_PRECHAT_REQUIRED' });
    const noName = await api(ctx.app, 'POST', `/webchat/${slug}/session`, {
      body: { token: session.token, email: 'sem.nome@example.com' },
      lang: 'en',
      headers: uniqueIp(),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.body.fields).toEqual([expect.objectContaining({ path: 'name', key: 'required' })]);
    expect((await contactsOf(owner.accountId)).length).toBe(before);
    const filled = await visitorSession(ctx, slug, { token: session.token, name: 'Lia' }, ip);
    expect(filled.visitor).toMatchObject({ known: true, name: 'Lia' });
    expect(await say(v, 'late-1', 'Agora sim')).toMatchObject({ conversationId: expect.any(String) });
  });

  it('the pre-chat form makes the visitor a contact with their name, e-mail and phone; bad fields are refused in their language', async () => {
    const { session } = await visitor({
      name: 'Joana Lima',
      email: 'Joana@Example.com',
      phone: '(11) 98888-7777',
    });
    expect(session.visitor).toEqual({
      known: true,
      name: 'Joana Lima',
      email: 'joana@example.com',
      phone: '+5511988887777',
    });
    const rows = await contactsOf(owner.accountId);
    expect(rows.filter((r) => r.name === 'Joana Lima')).toEqual([
      expect.objectContaining({ email: 'joana@example.com', phone: '+5511988887777', inbox: channelId }),
    ]);
    const bad = await api(ctx.app, 'POST', `/webchat/${slug}/session`, {
      body: { name: 'X', phone: '12' },
      lang: 'en',
      headers: uniqueIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(bad.body.fields).toEqual([expect.objectContaining({ path: 'phone', key: 'phone' })]);
    const pt = await api(ctx.app, 'POST', `/webchat/${slug}/session`, {
      body: { email: 'nope' },
      lang: 'pt-BR',
      headers: uniqueIp(),
    });
    expect(pt.body.fields?.[0].message).not.toBe('Insert a valid e-mail');
  });

  it('the public settings carry the pre-chat fields and the team availability (away, online, closed with the next opening)', async () => {
    const config = async () => (await api(ctx.app, 'GET', `/webchat/${slug}/config`)).body.data;
    const first = await config();
    expect(first).toMatchObject({ preChatForm: true, preChatFields: ['name', 'email', 'phone'] });
    expect(first.availability).toEqual({ status: 'away', nextOpen: null });
    ctx.app.services.webchat.availability.forget(owner.accountId);
    const agent = await connectAgent(baseUrl, owner, owner.accountId);
    clients.push(agent);
    expect((await config()).availability).toEqual({ status: 'online', nextOpen: null });
    const none = {
      monday: [],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: [],
      sunday: [],
    };
    const put = await api(ctx.app, 'PUT', withAcc('/p/chat/settings', owner.accountId), {
      token: owner.token,
      body: { hoursEnabled: true, hours: { ...none, sunday: [{ start: '00:00', end: '00:01' }] } },
    });
    expect(put.statusCode).toBe(200);
    ctx.app.services.webchat.availability.forget(owner.accountId);
    const closed = (await config()).availability;
    expect(closed.status).toBe('closed');
    expect(closed.nextOpen).toEqual({ day: 'sunday', time: '00:00' });
    await api(ctx.app, 'PUT', withAcc('/p/chat/settings', owner.accountId), {
      token: owner.token,
      body: { hoursEnabled: false },
    });
    ctx.app.services.webchat.availability.forget(owner.accountId);
  });
});

describe('the conversation as the visitor lives it', () => {
  it('typing both ways, delivered and read both ways, the closed notice and a new conversation after it', async () => {
    const agent = await connectAgent(baseUrl, owner, owner.accountId);
    clients.push(agent);
    const { client: v, session } = await visitor({ name: 'Rui' });
    const m1 = await say(v, 'r-1', 'Preciso de ajuda');
    expect(Date.parse(m1.timestamp)).not.toBeNaN();

    emit(v, 'typing', { typing: true });
    expect(
      await agent.waitFor(
        'typing',
        (p: { conversationId: string }) => p.conversationId === m1.conversationId,
      ),
    ).toEqual({ conversationId: m1.conversationId, author: 'contact', typing: true });
    emit(agent, 'typing', { conversationId: m1.conversationId, typing: true });
    expect(await v.waitFor('typing')).toEqual({ typing: true, name: 'Test' });

    // The operator's reply: the visitor's socket acknowledges it (delivered), then sees it (read).
    const reply = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${m1.conversationId}/messages`, owner.accountId),
      { token: owner.token, body: { clientId: 'o-1', text: 'Claro! Em que posso ajudar?' } },
    );
    const replyId = reply.body.data[0]._id;
    expect(await v.waitFor('message', (m: { id: string }) => m.id === replyId)).toMatchObject({
      author: 'operator',
      body: 'Claro! Em que posso ajudar?',
      timestamp: expect.any(String),
    });
    await agent.waitFor(
      'message:updated',
      (p: { messageId: string; ack: number }) => p.messageId === replyId && p.ack === 1,
    );
    emit(v, 'seen');
    await agent.waitFor(
      'message:updated',
      (p: { messageId: string; ack: number }) => p.messageId === replyId && p.ack === 3,
    );

    // The team reads the visitor's messages: the visitor is told.
    await say(v, 'r-2', 'Meu pedido atrasou');
    const read = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${m1.conversationId}/read`, owner.accountId),
      {
        token: owner.token,
      },
    );
    expect(read.statusCode).toBe(200);
    expect(await v.waitFor('read')).toEqual({ conversationId: m1.conversationId });

    // Closed: the visitor is told at once and on return; writing again opens a new conversation.
    const close = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${m1.conversationId}/close`, owner.accountId),
      {
        token: owner.token,
        body: { reason: 'Resolvida' },
      },
    );
    expect(close.statusCode).toBe(200);
    expect(await v.waitFor('closed')).toEqual({ conversationId: m1.conversationId });
    const back = await connectVisitor(baseUrl, slug, session.token);
    clients.push(back);
    const history = await back.waitFor<{ items: Array<{ body: string; author: string }>; state: string }>(
      'history',
    );
    expect(history).toMatchObject({ state: 'closed', awaitingReply: false });
    expect(history.items.map((m) => [m.author, m.body])).toEqual([
      ['contact', 'Preciso de ajuda'],
      ['operator', 'Claro! Em que posso ajudar?'],
      ['contact', 'Meu pedido atrasou'],
    ]);
    const next = await say(back, 'r-3', 'Outra dúvida');
    expect(next.conversationId).not.toBe(m1.conversationId);
    const again = await connectVisitor(baseUrl, slug, session.token);
    clients.push(again);
    expect((await again.waitFor<{ state: string }>('history')).state).toBe('open');
    const rows = await queryRows<{ stage: string }>(
      ctx,
      sql`select stage from conversations where account_id = ${owner.accountId} and contact_id = (
            select contact_id from conversations where id = ${m1.conversationId}) order by created_at`,
    );
    expect(rows.map((r) => r.stage)).toEqual(['closed', 'waiting']);
  });

  it('a visitor whose contact was deleted starts afresh: the old token cannot write nor read the history', async () => {
    const { client: v, session } = await visitor({ name: 'Apagado' });
    await say(v, 'd-1', 'Olá');
    const [row] = (await contactsOf(owner.accountId)).filter((c) => c.name === 'Apagado');
    await queryRows(ctx, sql`update contacts set deleted_at = now() where id = ${row.id}`);
    const back = await connectVisitor(baseUrl, slug, session.token);
    clients.push(back);
    expect((await back.waitFor<{ items: unknown[] }>('history')).items).toEqual([]);
    const res = await back.call('message' as never, { id: 'd-2', text: 'Ainda aqui' });
    expect(res).toMatchObject({ status: 0, code: 'JWT_INVALID' });
    const fresh = await visitorSession(
      ctx,
      slug,
      { token: session.token, name: 'Nova' },
      uniqueIp()['x-forwarded-for'],
    );
    expect(fresh.token).not.toBe(session.token);
    expect(fresh.visitor).toMatchObject({ known: true, name: 'Nova' });
  });

  it("a visitor's file reaches the team (and only the visitor who uploaded it can send it); bad files get a translated 4xx", async () => {
    const { client: v, session } = await visitor({ name: 'Ana Arquivo' });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (body: Buffer, name: string, token = session.token, lang = 'pt-BR') =>
      ctx.app.inject({
        method: 'POST',
        url: `/webchat/${slug}/files?name=${encodeURIComponent(name)}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
          'accept-language': lang,
        },
        payload: body,
      });
    const up = await upload(png, 'foto.png');
    expect(up.statusCode).toBe(200);
    const { fileId } = up.json().data;
    const sent = await v.call('message' as never, { id: 'f-1', fileId });
    expect(sent.status).toBe(1);
    expect(sent.data.media).toMatchObject({ mimeType: 'image/png', fileName: 'foto.png' });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: new URL(sent.data.media.url).pathname + new URL(sent.data.media.url).search,
    });
    expect(mine.rawPayload.equals(png)).toBe(true);

    // The team sees it in the conversation and opens it.
    const list = await api(
      ctx.app,
      'GET',
      withAcc(`/p/chat/conversation/${sent.data.conversationId}/messages`, owner.accountId),
      {
        token: owner.token,
      },
    );
    const items = (list.body.data.items ?? list.body.data) as Array<{
      kind: string;
      media: { url: string } | null;
    }>;
    const image = items.find((m) => m.kind === 'image');
    expect(image?.media?.url).toMatch(/^https?:\/\/.+\/p\/chat\/inbox\/media\//);
    const url = new URL(image!.media!.url);
    const opened = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(png)).toBe(true);

    // Another visitor cannot send this file; wrong types and missing tokens are refused in the visitor's language.
    const { client: thief } = await visitor({ name: 'Outro' });
    expect(await thief.call('message' as never, { id: 't-1', fileId })).toMatchObject({
      status: 0,
      code: 'FILE_UPLOAD_ERROR',
    });
    const exe = await upload(Buffer.from('MZ....'), 'virus.exe', session.token, 'en');
    expect(exe.statusCode).toBeGreaterThanOrEqual(400);
    expect(exe.statusCode).toBeLessThan(500);
    expect(exe.json()).toMatchObject({ status: 0, code: 'FILE_TYPE_NOT_ALLOWED' });
    const anonymous = await upload(png, 'foto.png', 'garbage', 'en');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'JWT_INVALID', message: 'invalid token' });
  });
});
