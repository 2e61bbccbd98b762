// A database blip must not end a node. The app runs as a real child process whose DATABASE_URL
// points at a TCP proxy the test cuts (every connection dropped, new ones refused) while signed
// WhatsApp webhooks keep arriving; a second case kills the Socket.IO adapter's LISTEN session
// with pg_terminate_backend. The process keeps its PID, /readyz tells the outage, no webhook is
// answered 200 without being stored, and everything works again once the database is back.
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWhatsAppChannel, type TTestChannel } from '../modules/inbox/testing/intake.testing';
import { type TAppChild, startAppChild } from '../testing/app-child';
import { newWamid, signedWhatsAppPost, whatsappWebhook } from '../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../testing/fixtures';
import { queryRows } from '../testing/helpers';
import { TcpProxy } from '../testing/tcp-proxy';
import { startTestApp, type TTestApp } from '../testing/test-app';
import { testEngine } from '../testing/test-db';
import { PgListener } from './pg-listener';

let ctx: TTestApp;
let owner: TSignedUp;
let channel: TTestChannel;
let proxy: TcpProxy | undefined;
let node: TAppChild | undefined;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
  const database = ctx.app.platform.database;
  if (database.kind !== 'pg') return;
  const target = new URL(database.connectionString!);
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  const port = await proxy.start();
  // With its job workers: pg-boss's connections live through the outage too.
  node = await startAppChild(TcpProxy.rewrite(database.connectionString!, port), { APP_WORKERS: '1' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await node?.stop();
  await proxy?.stop();
  await ctx?.close();
});

/** Polls `check` until it answers something truthy; fails after the deadline. */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (node && !node.alive()) throw new Error(`the app process exited (${what})\n${node.output()}`);
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not in ${timeoutMs} ms\n${node?.output() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface TDelivery {
  wamid: string;
  body: string;
  headers: Record<string, string>;
  /** HTTP status, or the network error's code when no answer came. */
  status: number | string;
}

/** A WhatsApp delivery of one customer text, signed, as Meta posts it (and re-posts it when retrying). */
function delivery(phone: string, text: string): TDelivery {
  const wamid = newWamid();
  const payload = whatsappWebhook(channel.externalId, { messages: [{ id: wamid, from: phone, text }] });
  const signed = signedWhatsAppPost(channel.secrets.appSecret, payload);
  return { wamid, body: signed.body, headers: signed.headers, status: 0 };
}

async function post(base: string, d: TDelivery): Promise<number | string> {
  try {
    const res = await fetch(`${base}/webhooks/whatsapp-cloud/${channel.id}`, {
      method: 'POST',
      headers: d.headers,
      body: d.body,
    });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? String(error);
  }
}

async function readyz(base: string): Promise<number | string> {
  try {
    return (await fetch(`${base}/readyz`)).status;
  } catch (error) {
    return String((error as { cause?: { code?: string } }).cause?.code ?? error);
  }
}

/** How many messages hold each provider message id (ids stored not at all are absent). */
async function storedCounts(wamids: string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: string; n: number }>(
    ctx,
    sql`select provider_message_id as id, count(*)::int as n from messages
        where account_id = ${owner.accountId} and provider_message_id = any(${`{${wamids.join(',')}}`}::text[])
        group by provider_message_id`,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The app process's sessions (those through the proxy) whose application_name is like `app`. */
async function childSessions(app: string): Promise<Array<{ pid: number; state: string; query: string }>> {
  const ports = proxy!.upstreamPorts();
  if (ports.length === 0) return [];
  return queryRows(
    ctx,
    sql`select pid, state, query from pg_stat_activity
        where datname = current_database() and client_port = any(${`{${ports.join(',')}}`}::int[])
          and application_name like ${app}`,
  );
}

function connectSocket(base: string): Promise<Socket> {
  const socket = io(`${base}/attendance`, {
    auth: { accID: owner.accountId, userID: owner.userId, token: owner.token, platform: 'web' },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

if (testEngine() === 'pg') {
  describe('a PostgreSQL outage under webhook load (app process behind a TCP proxy)', () => {
    it('keeps the process, answers 503/5xx while the database is away, stores every delivery exactly once', async () => {
      const base = node!.url;
      const pid = node!.pid;
      expect(await readyz(base)).toBe(200);

      // Four senders, each posting one delivery after the other, as a provider's workers do.
      const deliveries: TDelivery[] = [];
      let restoredAt = Number.POSITIVE_INFINITY;
      let okAfterRestore = 0;
      let running = true;
      const sender = async (n: number) => {
        for (let i = 0; running; i++) {
          const d = delivery(`55119900${String(n).padStart(5, '0')}`, `mensagem ${n}-${i}`);
          const startedAt = Date.now();
          d.status = await post(base, d);
          deliveries.push(d);
          if (startedAt > restoredAt && d.status === 200) okAfterRestore += 1;
        }
      };
      const senders = [1, 2, 3, 4].map((n) => sender(n));
      await until(
        'deliveries answered 200 before the cut',
        () => deliveries.filter((d) => d.status === 200).length >= 20,
      );

      // The outage: at least 3 s, and until /readyz and the webhooks have shown it.
      proxy!.cut();
      const cutStarted = Date.now();
      await until('/readyz answering 503 during the cut', async () => (await readyz(base)) === 503);
      await until(
        'webhooks answered 5xx during the cut',
        () => deliveries.filter((d) => typeof d.status === 'number' && d.status >= 500).length >= 5,
      );
      await until('3 s of outage', () => Date.now() - cutStarted >= 3_000);
      expect(node!.alive()).toBe(true);
      expect(await readyz(base)).toBe(503);
      proxy!.restore();
      restoredAt = Date.now();

      await until('/readyz answering 200 after the cut', async () => (await readyz(base)) === 200);
      await until('deliveries answered 200 after the cut', () => okAfterRestore >= 20);
      running = false;
      await Promise.all(senders);

      expect(node!.alive()).toBe(true);
      expect(node!.child.pid).toBe(pid);
      // Every answer was an HTTP answer (the process never went away): 200, or a 5xx to retry.
      const failed = deliveries.filter((d) => d.status !== 200);
      expect(failed.filter((d) => typeof d.status !== 'number' || d.status < 500)).toEqual([]);
      expect(failed.length).toBeGreaterThanOrEqual(5);

      // Every delivery answered 200 is stored, exactly once.
      const ok = deliveries.filter((d) => d.status === 200).map((d) => d.wamid);
      const afterLoad = await storedCounts(ok);
      expect(ok.filter((w) => afterLoad.get(w) !== 1)).toEqual([]);

      // The provider retries what failed: every one is stored now (some were committed before
      // the connection dropped under them — still one row each).
      for (const d of failed) d.status = await post(base, d);
      expect(failed.filter((d) => d.status !== 200)).toEqual([]);
      const all = deliveries.map((d) => d.wamid);
      const counts = await storedCounts(all);
      expect(all.filter((w) => counts.get(w) !== 1)).toEqual([]);
      const [total] = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from messages where account_id = ${owner.accountId} and author_type = 'contact'`,
      );
      expect(total.n).toBe(all.length);

      // pg-boss is back too: its LISTEN session (LISTEN, then its heartbeat) reconnected.
      const boss = await until('pg-boss listening again', async () =>
        (await childSessions('pgboss%')).find((s) => /LISTEN|pg_listening_channels/.test(s.query)),
      );
      expect(boss.state).toBe('idle');
      expect(node!.alive()).toBe(true);
    }, 90_000);

    it("survives pg_terminate_backend of the Socket.IO adapter's LISTEN session; events flow again after it reconnects", async () => {
      const pid = node!.pid;
      const socket = await connectSocket(node!.url);
      const received: string[] = [];
      socket.on('test:outage', (payload: { n: string }) => received.push(payload.n));
      // An event emitted on the in-process node reaches the child's socket only through PostgreSQL.
      const emit = (n: string) =>
        ctx.app.platform.realtime.emitToAccount(owner.accountId, 'test:outage', { n });
      const adapterSession = async () =>
        (await childSessions('atende socket.io adapter')).find((s) => s.state === 'idle' && s.query !== '');
      const before = await until('the adapter listening', adapterSession);
      emit('before');
      await until('the event before', () => received.includes('before'));

      const cacheSession = async () =>
        (await childSessions('atende tenant cache')).find((s) => s.state === 'idle' && s.query !== '');
      const cacheBefore = await until('the tenant cache listening', cacheSession);
      await queryRows(
        ctx,
        sql`select pg_terminate_backend(${before.pid}), pg_terminate_backend(${cacheBefore.pid})`,
      );

      const after = await until('a new adapter session listening', async () => {
        const session = await adapterSession();
        return session && session.pid !== before.pid ? session : undefined;
      });
      expect(after.pid).not.toBe(before.pid);
      // The new session LISTENs on its channels one after the other: an event emitted before its
      // last LISTEN is not heard (realtime is best-effort), so 'after' goes out until one arrives.
      let lastEmit = 0;
      await until('the event after the reconnection', () => {
        if (received.includes('after')) return true;
        if (Date.now() - lastEmit >= 250) {
          lastEmit = Date.now();
          emit('after');
        }
        return false;
      });
      expect(received[0]).toBe('before');
      expect(new Set(received.slice(1))).toEqual(new Set(['after']));
      await until('a new tenant cache session listening', async () => {
        const session = await cacheSession();
        return session && session.pid !== cacheBefore.pid;
      });
      expect(socket.connected).toBe(true);
      expect(node!.alive()).toBe(true);
      expect(node!.child.pid).toBe(pid);
    }, 60_000);

    it('a PgListener says when it lost its session, reconnects with backoff and listens again', async () => {
      const target = ctx.app.platform.database.connectionString!;
      const own = new TcpProxy(new URL(target).hostname, Number(new URL(target).port || 5432));
      const port = await own.start();
      const silent = { warn() {}, info() {} } as never;
      const listener = new PgListener(TcpProxy.rewrite(target, port), silent, 'test', { minDelayMs: 50 });
      const events: string[] = [];
      const payloads: string[] = [];
      listener.on('connected', () => events.push('connected'));
      listener.on('disconnected', () => events.push('disconnected'));
      listener.on('notification', (m) => payloads.push(m.payload ?? ''));
      try {
        await listener.listen('atende_test_outage');
        await listener.start();
        expect(listener.connected).toBe(true);
        await queryRows(ctx, sql`select pg_notify('atende_test_outage', 'one')`);
        await until('the first notification', () => payloads.includes('one'));

        own.cut();
        await until('disconnected', () => events.includes('disconnected'));
        expect(listener.connected).toBe(false);
        // Refused attempts keep failing without an error reaching the process.
        await until('two refused reconnection attempts', () => own.refused >= 2);
        own.restore();
        await until('connected again', () => events.filter((e) => e === 'connected').length === 2);
        await queryRows(ctx, sql`select pg_notify('atende_test_outage', 'two')`);
        await until('the notification after reconnecting', () => payloads.includes('two'));
        expect(events).toEqual(['connected', 'disconnected', 'connected']);
        expect(payloads).toEqual(['one', 'two']);
      } finally {
        await listener.stop();
        await own.stop();
      }
    });
  });
} else {
  describe('a database outage — PGlite pass: embedded PGlite runs inside the process, with no connection a network blip or pg_terminate_backend could drop; the outage (TCP proxy cut, killed LISTEN session) runs in the TEST_ENGINE=pg pass', () => {
    it('is ready, and a delivery the provider retries is stored once', async () => {
      expect(ctx.app.platform.database.kind).toBe('pglite');
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const d = delivery('5511990099999', 'uma vez');
      for (let i = 0; i < 2; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/webhooks/whatsapp-cloud/${channel.id}`,
          headers: d.headers,
          payload: d.body,
        });
        expect(res.statusCode).toBe(200);
      }
      expect(await storedCounts([d.wamid])).toEqual(new Map([[d.wamid, 1]]));
    });
  });
}
