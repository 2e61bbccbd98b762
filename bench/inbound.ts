// npm run bench -- inbound: WhatsApp Cloud webhooks into our server (its own process, PostgreSQL).
// - msgs_per_s: signed webhooks of one customer message each, from 5,000 contacts, as fast as
//   BENCH_CONNECTIONS keep-alive senders get 200s, sustained for BENCH_SECONDS (60) — every 200
//   means the message was committed (contact, conversation, message, counters).
// - socket_p50_ms / socket_p99_ms: at BENCH_RATE (500) messages/s, from the webhook POST to the
//   message:created event on an agent's Socket.IO connection.
// - ours_over_insert: our rate / a bare single-row INSERT loop's rate (same concurrency, same
//   database, durable commits) measured in the same run.
// Context: CPU milliseconds per message of the server process, of its PostgreSQL backends and of
// this load generator during the throughput phase, and the rate those costs allow on two idle
// cores (projected_2core_msgs_per_s) — the measured rate depends on what else the machine runs.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import {
  analyzeHotTables,
  BENCH_DATABASE_URL,
  cpuMeter,
  dropLeftJobs,
  emit,
  percentile,
  round,
  startBenchServer,
  withAppName,
} from './_support';
import { agent, benchPhones, buildWebhook, insertBenchChannel, postWebhook } from './_whatsapp';
import { agentSocket } from './_agent-socket';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 20);
const LOW_RATE = Number(process.env.BENCH_LOW_RATE ?? 50);
const INSERT_SECONDS = Number(process.env.BENCH_INSERT_SECONDS ?? 15);

const APP_NAME = 'atende-bench-inbound';
const server = await startBenchServer({ BENCH_DATABASE_URL: withAppName(BENCH_DATABASE_URL, APP_NAME) });
try {
  const channel = await insertBenchChannel(server.accountId);
  const phones = benchPhones(CONTACTS);
  const login = await fetch(`${server.url}/g/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: server.password }),
  }).then((r) => r.json() as Promise<{ data: { accessToken: string; user: { _id: string } } }>);

  // The agent's socket: sees every message:created of the account (the owner sees everything).
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const socket = agentSocket(server, login.data);
  socket.on('message:created', (payload: { message: { body: string | null } }) => {
    const started = payload.message.body ? sentAt.get(payload.message.body) : undefined;
    if (started !== undefined) {
      latencies.push(performance.now() - started);
      sentAt.delete(payload.message.body!);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const disconnects: string[] = [];
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return; // ours, at the end
    disconnects.push(reason);
    console.error(`agent socket disconnected: ${reason}`);
  });
  socket.on('connect_error', (err) => console.error(`agent socket connect error: ${err.message}`));
  /** The agent's socket is connected (it reconnects by itself after a drop). */
  const connected = async () => {
    const deadline = performance.now() + 30_000;
    while (!socket.connected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  let next = 0;
  const send = async (text: string) => {
    const post = buildWebhook(channel, phones[next++ % phones.length], text);
    return postWebhook(server.url, channel.id, post);
  };

  // Throughput: closed loop, every sender waits for its 200 before the next delivery.
  const run = async (seconds: number) => {
    let ok = 0;
    let failed = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          try {
            if ((await send(`t-${next}`)) === 200) ok += 1;
            else failed += 1;
          } catch {
            failed += 1;
          }
        }
      }),
    );
    return { ok, failed };
  };
  // Warm-up (JIT, pools): every contact writes once, then the planner's statistics are brought up
  // to date, as autovacuum's analyze does within its naptime on a live server. Measured without
  // it, the account is younger than the statistics: planned as if it had no rows, every lookup
  // scans its rows (5 ms a batch at 3,000 contacts), which is not the steady state measured here.
  await run(5);
  while (next < CONTACTS) await run(1);
  await analyzeHotTables();
  const load0 = loadavg()[0];
  const meter = await cpuMeter(server.pid, APP_NAME);
  const client0 = process.cpuUsage();
  const started = performance.now();
  const { ok, failed } = await run(SECONDS);
  const elapsed = (performance.now() - started) / 1000;
  const msgsPerS = ok / elapsed;
  const clientUsage = process.cpuUsage(client0);
  const used = meter(ok);
  const cpu = {
    server_cpu_ms_per_msg: used.server,
    pg_cpu_ms_per_msg: used.pg,
    client_cpu_ms_per_msg: round((clientUsage.user + clientUsage.system) / 1e3 / Math.max(ok, 1), 3),
  };
  const projected = 2000 / (cpu.server_cpu_ms_per_msg + cpu.pg_cpu_ms_per_msg + cpu.client_cpu_ms_per_msg);

  // Latency at a fixed rate (open loop: deliveries leave on schedule, whatever the answers).
  const latencyAt = async (rate: number, seconds: number) => {
    await connected();
    latencies.length = 0;
    let failed = 0;
    const total = rate * seconds;
    const pending: Promise<void>[] = [];
    const t0 = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = t0 + (i * 1000) / rate - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const text = `lat-${rate}-${i}-${randomUUID().slice(0, 8)}`;
      sentAt.set(text, performance.now());
      pending.push(
        send(text).then(
          (status) => {
            if (status !== 200) failed += 1;
          },
          () => {
            failed += 1;
          },
        ),
      );
    }
    await Promise.all(pending);
    const deadline = performance.now() + 5000;
    while (latencies.length + failed < total && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const sorted = [...latencies].sort((a, b) => a - b);
    return { sorted, failed, lost: total - sorted.length - failed };
  };
  const atGoal = await latencyAt(RATE, LATENCY_SECONDS);
  // The same path well under the machine's capacity: the pipeline's own latency, without queueing.
  const atLow = await latencyAt(LOW_RATE, 10);
  socket.disconnect();
  agent.destroy();
  await server.stop();
  await dropLeftJobs(); // its jobs were never to run: not the next bench's work

  const insertPerS = await bareInsertRate(CONNECTIONS, INSERT_SECONDS);
  const context = {
    contacts: CONTACTS,
    duration_s: SECONDS,
    connections: CONNECTIONS,
    messages_per_webhook: 1,
    cpus: cpus().length,
    loadavg_before: round(load0),
  };
  emit({
    bench: 'inbound',
    metric: 'msgs_per_s',
    value: round(msgsPerS, 1),
    unit: 'msgs/s',
    goal: 2500,
    better: 'higher',
    ...context,
    messages: ok,
    non200_or_errors: failed,
    loadavg_after: round(loadavg()[0]),
    ...cpu,
    projected_2core_msgs_per_s: Math.round(projected),
  });
  const latencyContext = {
    rate_per_s: RATE,
    duration_s: LATENCY_SECONDS,
    samples: atGoal.sorted.length,
    failed: atGoal.failed,
    lost: atGoal.lost,
    low_rate_per_s: LOW_RATE,
    low_rate_p50_ms: round(percentile(atLow.sorted, 50)),
    low_rate_p99_ms: round(percentile(atLow.sorted, 99)),
    socket_disconnects: disconnects.length,
  };
  emit({
    bench: 'inbound',
    metric: 'socket_p50_ms',
    value: round(percentile(atGoal.sorted, 50)),
    unit: 'ms',
    better: 'lower',
    ...latencyContext,
  });
  emit({
    bench: 'inbound',
    metric: 'socket_p99_ms',
    value: round(percentile(atGoal.sorted, 99)),
    unit: 'ms',
    goal: 50,
    better: 'lower',
    ...latencyContext,
  });
  emit({
    bench: 'inbound',
    metric: 'ours_over_insert',
    value: round(msgsPerS / insertPerS, 3),
    unit: 'ratio',
    better: 'higher',
    insert_per_s: round(insertPerS, 1),
    msgs_per_s: round(msgsPerS, 1),
    connections: CONNECTIONS,
  });
} catch (error) {
  await server.stop();
  throw error;
}

/**
 * The floor of comparison: single-row INSERTs of a message-shaped row, each its own durable
 * transaction, from `connections` clients for `seconds`.
 */
async function bareInsertRate(connections: number, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: BENCH_DATABASE_URL, max: Math.min(connections, 32) });
  await pool.query(`create table if not exists bench_bare_inserts (
    id uuid primary key, conversation_id uuid not null, provider_message_id text not null, body text,
    created_at timestamptz not null default now())`);
  await pool.query('truncate bench_bare_inserts');
  let count = 0;
  const conversation = randomUUID();
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(connections, 32) }, async () => {
      while (performance.now() < until) {
        await pool.query(
          'insert into bench_bare_inserts (id, conversation_id, provider_message_id, body) values ($1, $2, $3, $4)',
          [randomUUID(), conversation, randomUUID(), 'bench message'],
        );
        count += 1;
      }
    }),
  );
  const rate = count / ((performance.now() - started) / 1000);
  await pool.query('drop table bench_bare_inserts');
  await pool.end();
  return rate;
}
