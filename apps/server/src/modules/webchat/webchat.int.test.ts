import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  connectVisitor,
  visitorSession,
  webchatBody,
  withAcc,
} from '../inbox/testing/inbox.testing';
import { listen } from '../team-chat/team-chat.testing';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, uniqueIp } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';

let ctx: TTestApp;
let baseUrl: string;
let owner: TSignedUp;
let slug: string;
let channelId: string;
const sockets: Array<{ close(): void }> = [];

beforeAll(async () => {
  ctx = await startTestApp();
  baseUrl = await listen(ctx);
  owner = await signUp(ctx, { company: 'Móveis <Bela>' });
  const body = {
    ...webchatBody('Loja <Teste>'),
    color: '#ff0000',
    greeting: 'Olá! Como podemos ajudar?',
    allowedOrigins: ['https://loja.example'],
  };
  slug = body.slug;
  channelId = (await createChannel(ctx, owner, body))._id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx.close();
});

function handshake(auth: Record<string, unknown>): Promise<string | undefined> {
  const socket = io(`${baseUrl}/webchat`, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

describe('chat page and widget', () => {
  it('serves the chat page (escaped, own scripts, embeddable by the allowed sites) and the widget', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `/chat/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The company's name (escaped) heads the page.
    expect(page.body).toContain('<title>Móveis &lt;Bela&gt;</title>');
    expect(page.body).toContain('Olá! Como podemos ajudar?');
    expect(page.body).toContain('<script src="/webchat/client.js" defer></script>');
    // In the visitor's language (pt-BR unless the browser prefers English); no hard-coded English labels.
    expect(page.body).toContain('<html lang="pt-BR">');
    expect(page.body).toContain('aria-label="Mensagem"');
    expect(page.body).not.toContain('aria-label="message"');
    const en = await ctx.app.inject({
      method: 'GET',
      url: `/chat/${slug}`,
      headers: { 'accept-language': 'en-US,en;q=0.9,pt;q=0.5' },
    });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('aria-label="Message"');
    expect(en.body).toContain('placeholder="Type your message…"');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self' https://loja.example");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const widget = await ctx.app.inject({ method: 'GET', url: `/widget/${slug}.js` });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['content-type']).toContain('javascript');
    expect(widget.body).toContain(`"http://app.test/chat/${slug}?embed=1"`);
    // An SVG launcher (no emoji that needs an emoji font), labelled in both languages.
    expect(widget.body).toContain("createElementNS(NS, 'svg')");
    expect(widget.body).not.toMatch(/\\u\{1F4AC\}|💬/u);
    expect(widget.body).toContain('Abrir o chat');
    expect(widget.body).toContain('Open the chat');
    for (const url of ['/webchat/client.js', '/webchat/socket.io.min.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeGreaterThan(1000);
    }
    const config = await api(ctx.app, 'GET', `/webchat/${slug}/config`);
    expect(config.body.data).toEqual({
      name: 'Loja <Teste>',
      company: 'Móveis <Bela>',
      // An ordinary web chat page is headed by the company, on the default background.
      title: 'Móveis <Bela>',
      avatarUrl: null,
      background: '#f4f6f8',
      slug,
      color: '#ff0000',
      greeting: 'Olá! Como podemos ajudar?',
      preChatForm: false,
      preChatFields: ['name', 'email'],
      availability: { status: 'away', nextOpen: null },
    });
  });

  it('unknown or disabled chat pages are not found', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/chat/nao-existe' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/widget/nao-existe.js' })).statusCode).toBe(404);
    const off = { ...webchatBody('Off') };
    const created = await createChannel(ctx, owner, off);
    await api(ctx.app, 'PUT', withAcc(`/p/chat/channels/${created._id}`, owner.accountId), {
      token: owner.token,
      body: { ...off, status: 'disabled' },
    });
    const res = await api(ctx.app, 'POST', `/webchat/${off.slug}/session`, { body: {}, lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatchObject({ code: 'CHANNEL_NOT_FOUND', message: 'Channel not found' });
  });
});

describe('visitor sessions', () => {
  it('a new visitor gets a token (no contact yet); the same token keeps the same visitor; the pre-chat form makes it a named contact', async () => {
    const ip = uniqueIp()['x-forwarded-for'];
    const first = await visitorSession(ctx, slug, {}, ip);
    expect(first.token.split('.')).toHaveLength(3);
    expect(first.visitor).toEqual({ known: false, name: null, email: null, phone: null });
    const again = await visitorSession(
      ctx,
      slug,
      { token: first.token, name: 'Joana', email: 'JOANA@example.com' },
      ip,
    );
    expect(again.token).toBe(first.token);
    expect(again.visitor).toEqual({ known: true, name: 'Joana', email: 'joana@example.com', phone: null });
    const contacts = await queryRows<{ name: string; type: string; inbox: string }>(
      ctx,
      sql`select name, type, inbox from contacts where account_id = ${owner.accountId} and type = 'webchat' and name = 'Joana'`,
    );
    expect(contacts).toEqual([{ name: 'Joana', type: 'webchat', inbox: channelId }]);
    const bad = await api(ctx.app, 'POST', `/webchat/${slug}/session`, {
      body: { email: 'nope' },
      lang: 'en',
    });
    expect(bad.body.fields).toEqual([{ path: 'email', key: 'email', message: 'Insert a valid e-mail' }]);
  });

  it('new sessions are rate-limited per client address', async () => {
    const headers = uniqueIp();
    const results = [];
    for (let i = 0; i < 21; i++)
      results.push(await api(ctx.app, 'POST', `/webchat/${slug}/session`, { body: {}, headers, lang: 'en' }));
    expect(results.slice(0, 20).every((r) => r.statusCode === 200)).toBe(true);
    expect(results[20].statusCode).toBe(429);
    expect(results[20].body.code).toBe('RATE_LIMITED');
  });

  it('the /webchat handshake needs a token of this channel; visitors never get into /attendance', async () => {
    const { token } = await visitorSession(ctx, slug, {}, uniqueIp()['x-forwarded-for']);
    expect(await handshake({ slug, token: 'garbage' })).toBe('invalid token');
    expect(await handshake({ slug: 'nao-existe', token })).toBe('Channel not found');
    const otherChannel = webchatBody('Outro');
    await createChannel(ctx, owner, otherChannel);
    expect(await handshake({ slug: otherChannel.slug, token })).toBe('invalid token');
    expect(await handshake({ slug, token })).toBeUndefined();
    const attendance = io(`${baseUrl}/attendance`, {
      auth: { accID: owner.accountId, userID: owner.userId, token, platform: 'web' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(attendance);
    const refused = await new Promise<string>((resolve) =>
      attendance.once('connect_error', (e) => resolve(e.message)),
    );
    expect(refused).toBe('invalid signature');
  });

  it('visitor messages are stored once per client id and come back as history on reconnect', async () => {
    const { token } = await visitorSession(ctx, slug, { name: 'Caio' }, uniqueIp()['x-forwarded-for']);
    const visitor = await connectVisitor(baseUrl, slug, token);
    sockets.push(visitor);
    expect(await visitor.waitFor('history')).toMatchObject({ items: [], state: 'none' });
    const first = await visitor.call('message' as never, { id: 'v-1', text: 'Oi, preciso de ajuda' });
    expect(first.status).toBe(1);
    const retry = await visitor.call('message' as never, { id: 'v-1', text: 'Oi, preciso de ajuda' });
    expect(retry.data.id).toBe(first.data.id);
    const invalid = await visitor.call('message' as never, { id: 'v-2', text: '' });
    expect(invalid).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    const rows = await queryRows<{ n: number; stage: string }>(
      ctx,
      sql`select count(m.id)::int as n, max(c.stage) as stage from messages m join conversations c on c.id = m.conversation_id
          where c.id = ${first.data.conversationId}`,
    );
    expect(rows[0]).toEqual({ n: 1, stage: 'waiting' });
    visitor.close();
    const back = await connectVisitor(baseUrl, slug, token);
    sockets.push(back);
    const history = await back.waitFor<{ items: Array<{ uid: string; body: string; author: string }> }>(
      'history',
    );
    expect(history.items).toEqual([
      expect.objectContaining({ uid: 'v-1', body: 'Oi, preciso de ajuda', author: 'contact' }),
    ]);
  });
});
