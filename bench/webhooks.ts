// npm run bench -- webhooks: outbound webhooks under the inbound benchmark's load (PostgreSQL, the
// server in its own process with job workers). Five endpoints (local receivers answering 200)
// subscribed to message.created; WhatsApp Cloud webhooks of one customer message each are posted
// by BENCH_CONNECTIONS keep-alive senders for BENCH_SECONDS, first with the endpoints paused, then
// active (after a warm-up in which each customer writes once, and an analyze); then at a steady
// BENCH_RATE.
// - deliveries_per_s: signed deliveries the receivers got, over the time from the first inbound
//   POST of the active phase to the last delivery (the backlog drained): the rate at saturation.
// - delivery_p95_ms: from the inbound POST of a message to each receiver getting its event, with
//   customers writing in at a steady BENCH_RATE (200 msg/s: the five endpoints then ask for the
//   goal's 1,000 deliveries a second) for BENCH_RATE_SECONDS. Under the flat-out phase the
//   endpoints ask for five times the inbound rate, more than any sender delivers one POST at a
//   time, so its latency is the backlog's age (printed as saturated_p95_ms).
// - inbound_with_webhooks_over_without: inbound msgs/s with the endpoints active / paused.
// - lost / duplicated: BENCH_CRASH (2,000) customers' messages at BENCH_RATE from senders that
//   retry until answered 200; once the receivers got BENCH_KILL_AFTER (30 %) of their deliveries,
//   the server is killed with SIGKILL and a new process takes over. lost: (message, endpoint)
//   pairs never delivered; duplicated: copies beyond the first of a pair whose acknowledgment the
//   server had: the receiver answered 200 and the server had recorded it (the delivery was
//   'success' in the database when the server was killed: a snapshot is read right after the
//   kill), or the copies came under different deliveries (X-Atende-Delivery), or both before the
//   kill. Goals 0 and 0. Counted apart, as the at-least-once window no sender closes over HTTP:
//   duplicated_unacknowledged (the answer never went out, the connection dying with the server)
//   and duplicated_ack_unrecorded (the receiver answered 200, the server died before its outcome
//   was committed: the same delivery comes again, with the same X-Atende-Delivery id, so a
//   receiver can tell). duplicated_same_delivery_id: of all the acknowledged pairs' copies, those
//   that carried the first one's id.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import {
  analyzeHotTables,
  BENCH_DATABASE_URL,
  cpuMeter,
  emit,
  load,
  openLoop,
  percentile,
  round,
  startBenchServer,
  withAppName,
} from './_support';
import { benchPhones, buildWebhook, insertBenchChannel, postUntilAnswered, postWebhook } from './_whatsapp';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ENDPOINTS = 5;
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 180);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 20);
const CRASH = Number(process.env.BENCH_CRASH ?? 2000);
const KILL_AFTER = Number(process.env.BENCH_KILL_AFTER ?? Math.round(CRASH * ENDPOINTS * 0.3));
/** How long the crash phase waits for every pair after the restart (a dead process's claims last 25 s). */
const CRASH_SETTLE_SECONDS = 120;

const sentAt = new Map<string, number>();
const latencies: number[] = [];
let lastDelivery = 0;
/** The crash phase's copies per (endpoint, message), and whether the first one was answered 200. */
const crashCopies = new Map<
  string,
  { copies: number; acknowledged: boolean; ids: Set<string>; firstId: string; beforeKill: number }
>();
let crashReceived = 0;
/** Set when the server is killed: copies after it are the new process's. */
let killed = false;

function receiver(_: unknown, index: number): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      let text: string | undefined;
      try {
        text = JSON.parse(Buffer.concat(chunks).toString('utf8')).data?.message?.body;
      } catch {
        // not ours
      }
      const started = text === undefined ? undefined : sentAt.get(text);
      if (started !== undefined) latencies.push(now - started);
      if (text?.startsWith('crash ')) {
        crashReceived += 1;
        const key = `${index} ${text}`;
        const id = String(req.headers['x-atende-delivery']);
        const pair = crashCopies.get(key) ?? {
          copies: 0,
          acknowledged: false,
          ids: new Set<string>(),
          firstId: id,
          beforeKill: 0,
        };
        pair.copies += 1;
        if (!killed) pair.beforeKill += 1;
        pair.ids.add(id);
        crashCopies.set(key, pair);
        if (pair.copies === 1) res.once('finish', () => (pair.acknowledged = true));
      }
      lastDelivery = now;
      res.writeHead(200);
      res.end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` }),
    ),
  );
}

const APP_NAME = 'atende-bench-webhooks';
const SERVER_ENV = { BENCH_WORKERS: 'true', BENCH_DATABASE_URL: withAppName(BENCH_DATABASE_URL, APP_NAME) };
let server = await startBenchServer(SERVER_ENV);
const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, receiver));
try {
  const login = await fetch(`${server.url}/g/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: server.password }),
  }).then((r) => r.json() as Promise<{ data: { accessToken: string } }>);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}acc=${server.accountId}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.accessToken}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: any };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  await call('POST', '/p/apps/installs', { app: 'webhooks' });
  const endpoints: Array<{ _id: string; url: string }> = [];
  for (const r of receivers)
    endpoints.push(
      await call('POST', '/p/apps/webhooks/endpoints', {
        url: r.url,
        events: ['message.created'],
        enabled: false,
      }),
    );
  const setEnabled = (enabled: boolean) =>
    Promise.all(
      endpoints.map((e) =>
        call('PUT', `/p/apps/webhooks/endpoints/${e._id}`, {
          url: e.url,
          events: ['message.created'],
          enabled,
        }),
      ),
    );

  const channel = await insertBenchChannel(server.accountId);
  const phones = benchPhones(5000);
  let next = 0;
  let track = false;
  const send = async () => {
    const text = `bench ${next} ${Math.random().toString(36).slice(2, 8)}`;
    const post = buildWebhook(channel, phones[next++ % phones.length], text);
    if (track) sentAt.set(text, performance.now());
    const status = await postWebhook(server.url, channel.id, post);
    if (status !== 200) throw new Error(`status ${status}`);
  };

  /** Waits until the receivers got `count` deliveries (or the drain's deadline passed). */
  const drained = async (count: number) => {
    const deadline = performance.now() + DRAIN_SECONDS * 1000;
    while (latencies.length < count && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
  };

  // Warm-up: every customer writes once (their contacts and conversations exist), then the
  // statistics are brought up to date as autovacuum would on a live server.
  const warm = async () => {
    while (next < phones.length) await send();
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, warm));
  await analyzeHotTables(['webhook_deliveries', 'webhook_events']);

  // Each phase with the server's and its PostgreSQL backends' CPU ms per message taken in.
  const cpuWithout = await cpuMeter(server.pid, APP_NAME);
  const without = await load(CONNECTIONS, SECONDS, send);
  const cpuPerMsgWithout = cpuWithout(without.latencies.length);
  await setEnabled(true);
  track = true;
  const started = performance.now();
  const cpuWith = await cpuMeter(server.pid, APP_NAME);
  const withHooks = await load(CONNECTIONS, SECONDS, send);
  const cpuPerMsgWith = cpuWith(withHooks.latencies.length);
  track = false;
  const expected = withHooks.latencies.length * ENDPOINTS;
  await drained(expected);
  const delivered = latencies.length;
  const perSecond = delivered / ((lastDelivery - started) / 1000);
  const saturated = latencies.splice(0).sort((a, b) => a - b);

  // The steady phase: the backlog is gone, customers write in at RATE.
  track = true;
  const steady = await openLoop(RATE, RATE_SECONDS, send);
  track = false;
  await drained((steady.total - steady.failed) * ENDPOINTS);
  const steadyLatencies = latencies.splice(0).sort((a, b) => a - b);

  const rateWithout = without.latencies.length / without.seconds;
  const rateWith = withHooks.latencies.length / withHooks.seconds;
  const context = {
    endpoints: ENDPOINTS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    inbound: withHooks.latencies.length,
    expected,
    delivered,
  };
  emit({
    bench: 'webhooks',
    metric: 'deliveries_per_s',
    value: round(perSecond),
    unit: 'deliveries/s',
    goal: 1000,
    better: 'higher',
    ...context,
  });
  emit({
    bench: 'webhooks',
    metric: 'delivery_p95_ms',
    value: round(percentile(steadyLatencies, 95)),
    unit: 'ms',
    goal: 500,
    better: 'lower',
    rate_per_s: RATE,
    rate_seconds: RATE_SECONDS,
    p50_ms: round(percentile(steadyLatencies, 50)),
    steady_expected: (steady.total - steady.failed) * ENDPOINTS,
    steady_delivered: steadyLatencies.length,
    steady_failed_posts: steady.failed,
    saturated_p95_ms: round(percentile(saturated, 95)),
  });
  emit({
    bench: 'webhooks',
    metric: 'inbound_with_webhooks_over_without',
    value: round(rateWith / rateWithout),
    unit: 'ratio',
    goal: 0.8,
    better: 'higher',
    without_msgs_per_s: round(rateWithout),
    with_msgs_per_s: round(rateWith),
    cpu_ms_per_msg: { without: cpuPerMsgWithout, with_webhooks: cpuPerMsgWith },
    ...context,
  });

  if (CRASH > 0) {
    // The crash phase: customers write in at RATE from senders that retry until answered 200; the
    // server is killed mid-run and a new process takes over (the dead one's claims come back
    // after 25 s).
    let killedAfter = -1;
    const recordedAtKill = new Set<string>();
    let restartMs = 0;
    let retries = 0;
    const killer = (async () => {
      const giveUp = performance.now() + 5 * 60_000;
      while (crashReceived < KILL_AFTER) {
        if (performance.now() > giveUp)
          throw new Error(`only ${crashReceived} of ${KILL_AFTER} deliveries before the kill`);
        await new Promise((r) => setTimeout(r, 20));
      }
      killedAfter = crashReceived;
      process.kill(server.pid, 'SIGKILL');
      killed = true;
      // The acknowledgments the dead server had recorded (committed) when it died.
      const snapshot = new pg.Client({ connectionString: BENCH_DATABASE_URL });
      await snapshot.connect();
      const { rows } = await snapshot.query<{ id: string }>(
        `select id::text from webhook_deliveries where status = 'success'`,
      );
      await snapshot.end();
      for (const r of rows) recordedAtKill.add(r.id);
      const t0 = performance.now();
      server = await startBenchServer(SERVER_ENV, { keepJobs: true });
      restartMs = performance.now() - t0;
    })();
    const posts = Array.from({ length: CRASH }, (_, i) =>
      buildWebhook(channel, phones[i % phones.length], `crash ${i}`),
    );
    await openLoop(RATE, CRASH / RATE, async (i) => {
      retries += await postUntilAnswered(() => server.url, channel.id, posts[i]);
    });
    await killer;
    // Settled: nothing is due any more (no delivery, no event waiting), so nothing else will come.
    const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await db.connect();
    const settleBy = performance.now() + CRASH_SETTLE_SECONDS * 1000;
    let settled = false;
    while (!settled && performance.now() < settleBy) {
      const { rows } = await db.query<{ n: number }>(
        `select (select count(*) from webhook_deliveries where due_at is not null)
              + (select count(*) from webhook_events where due_at is not null) as n`,
      );
      settled = Number(rows[0].n) === 0;
      if (!settled) await new Promise((r) => setTimeout(r, 500));
    }
    await db.end();
    let lost = 0;
    let duplicated = 0;
    let unacknowledged = 0;
    let ackUnrecorded = 0;
    let sameId = 0;
    for (let e = 0; e < ENDPOINTS; e++)
      for (let i = 0; i < CRASH; i++) {
        const pair = crashCopies.get(`${e} crash ${i}`);
        if (!pair) lost += 1;
        else if (pair.acknowledged) {
          sameId += pair.copies - pair.ids.size;
          const serverHadIt = recordedAtKill.has(pair.firstId) || pair.ids.size > 1 || pair.beforeKill > 1;
          if (serverHadIt) duplicated += pair.copies - 1;
          else ackUnrecorded += pair.copies - 1;
        } else unacknowledged += pair.copies - 1;
      }
    const crashContext = {
      messages: CRASH,
      expected: CRASH * ENDPOINTS,
      received: crashReceived,
      killed_after_deliveries: killedAfter,
      restart_ms: round(restartMs, 0),
      sender_retries: retries,
      duplicated_unacknowledged: unacknowledged,
      duplicated_ack_unrecorded: ackUnrecorded,
      recorded_at_kill: recordedAtKill.size,
      duplicated_same_delivery_id: sameId,
      // false: deliveries or events were still due after CRASH_SETTLE_SECONDS (lost counts them).
      settled,
    };
    emit({
      bench: 'webhooks',
      metric: 'lost',
      value: lost,
      unit: 'deliveries',
      goal: 0,
      better: 'lower',
      ...crashContext,
    });
    emit({
      bench: 'webhooks',
      metric: 'duplicated',
      value: duplicated,
      unit: 'deliveries',
      goal: 0,
      better: 'lower',
      ...crashContext,
    });
  }
} finally {
  await server.stop();
  for (const r of receivers) r.server.close();
}
