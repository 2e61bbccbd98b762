// npm run bench -- team-chat: 1,000 socket.io clients in one account room; latency from send to
// receipt by every other client at 20 messages/s (p50_ms, p99_ms), the server's rss_mb; then the
// same for a bare socket.io broadcast server (no auth, no database) in the same run:
// ours_over_bare = our p99 / bare p99. Both servers run in their own process; ours on PostgreSQL.
// Each phase also prints the CPU a message cost the server (its fan-out, per socket) and the
// clients (1,000 of them in this one process: a latency includes their share of the two cores).
// `--bare` runs the bare server itself (the child process of this benchmark).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { SignJWT } from 'jose';
import pg from 'pg';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { BENCH_DATABASE_URL, emit, percentile, round, startBenchServer } from './_support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP = 20;
const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-00';

if (process.argv.includes('--bare')) {
  const http = createServer();
  const server = new Server(http, { serveClient: false });
  server.of('/attendance').on('connection', (socket) => {
    void socket.join('room');
    socket.on('sendMessage', (payload: Record<string, unknown>, ack?: (r: unknown) => void) => {
      const message = { ...payload, _id: randomUUID(), timestamp: new Date().toISOString(), status: 'sent' };
      ack?.({ status: 1, data: message });
      socket.to('room').emit('sendMessage', message);
    });
  });
  http.listen(0, '127.0.0.1', () =>
    console.log(JSON.stringify({ port: (http.address() as AddressInfo).port })),
  );
  process.on('SIGTERM', () => process.exit(0));
} else {
  await main();
}

/** CPU milliseconds (user + system) a process has used so far (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** Members of the bench account with signed access tokens, inserted straight into the database. */
async function createMembers(accountId: string, count: number) {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const ids: string[] = [];
  const suffix = randomUUID().slice(0, 8);
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => start + i);
    const { rows } = await client.query<{ id: string }>(
      `insert into users (id, name, email, password_hash, is_confirmed)
       select gen_random_uuid(), 'Bench ' || n, 'bench.' || $2 || '.' || n || '@example.com', 'x', true
       from unnest($1::int[]) as n returning id`,
      [batch, suffix],
    );
    ids.push(...rows.map((r) => r.id));
  }
  await client.query(
    `insert into account_members (id, account_id, user_id, acl) select gen_random_uuid(), $1, u, 'operator' from unnest($2::uuid[]) as u`,
    [accountId, ids],
  );
  await client.end();
  const key = new TextEncoder().encode(BENCH_SECRET);
  return Promise.all(
    ids.map(async (userId) => ({
      userId,
      token: await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(key),
    })),
  );
}

/** Connects `count` clients, `parallel` at a time; each is ready on `readyEvent` (or connect). */
async function connectAll(count: number, make: (i: number) => Socket, readyEvent?: string) {
  const sockets: Socket[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const socket = make(i);
      sockets[i] = socket;
      await new Promise<void>((resolve, reject) => {
        const events = readyEvent ? readyEvent.split(',') : ['connect'];
        let left = events.length;
        for (const event of events) socket.once(event, () => --left === 0 && resolve());
        socket.once('connect_error', reject);
      });
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return sockets;
}

/** Sends RATE messages/s round-robin; a message's latency is until the last other client has it. */
async function measure(sockets: Socket[], payload: (i: number) => Record<string, unknown>, pid: number) {
  const pending = new Map<string, { t0: number; left: number }>();
  const latencies: number[] = [];
  let done: () => void = () => undefined;
  const total = WARMUP + RATE * SECONDS;
  let finished = 0;
  for (const s of sockets)
    s.on('sendMessage', (m: { tempId: string }) => {
      const p = pending.get(m.tempId);
      if (!p) return;
      p.left -= 1;
      if (p.left === 0) {
        pending.delete(m.tempId);
        const index = Number(m.tempId.split('-')[1]);
        if (index >= WARMUP) latencies.push(performance.now() - p.t0);
        finished += 1;
        if (finished === total) done();
      }
    });
  const allDone = new Promise<void>((resolve) => {
    done = resolve;
  });
  let rss = 0;
  const sampler = setInterval(() => {
    rss = Math.max(rss, rssMb(pid));
  }, 250);
  const started = performance.now();
  const clientCpu = process.cpuUsage();
  const serverCpu = cpuMs(pid);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const tempId = `b-${i}-${randomUUID().slice(0, 6)}`;
    pending.set(tempId, { t0: performance.now(), left: sockets.length - 1 });
    sockets[i % sockets.length].emit('sendMessage', { ...payload(i), tempId }, () => undefined);
  }
  await Promise.race([allDone, new Promise((r) => setTimeout(r, 30_000))]);
  clearInterval(sampler);
  const clientUsage = process.cpuUsage(clientCpu);
  const cpu = {
    server_cpu_ms_per_msg: round((cpuMs(pid) - serverCpu) / total),
    client_cpu_ms_per_msg: round((clientUsage.user + clientUsage.system) / 1000 / total),
  };
  rss = Math.max(rss, rssMb(pid));
  latencies.sort((a, b) => a - b);
  return { latencies, lost: total - finished, rss, cpu };
}

async function runOurs() {
  const server = await startBenchServer();
  const members = await createMembers(server.accountId, CLIENTS);
  const idleRss = rssMb(server.pid);
  const sockets = await connectAll(
    CLIENTS,
    (i) =>
      io(`${server.url}/attendance`, {
        auth: {
          accID: server.accountId,
          userID: members[i].userId,
          token: members[i].token,
          platform: 'web',
        },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      }),
    'updateUnreadCount',
  );
  const roomId = await new Promise<string>((resolve) =>
    sockets[0].emit(
      'updateUnreadCount',
      null,
      (ack: { data: { rooms: Array<{ type: string; roomId: string }> } }) =>
        resolve(ack.data.rooms.find((r) => r.type === 'account')!.roomId),
    ),
  );
  const result = await measure(sockets, (i) => ({ roomId, content: `mensagem ${i}` }), server.pid);
  for (const s of sockets) s.disconnect();
  await server.stop();
  return { ...result, idleRss };
}

async function runBare() {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/team-chat.ts', '--bare'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) =>
    createInterface({ input: child.stdout! }).on(
      'line',
      (l) => l.startsWith('{') && resolve(JSON.parse(l).port),
    ),
  );
  const sockets = await connectAll(CLIENTS, () =>
    io(`http://127.0.0.1:${port}/attendance`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    }),
  );
  const result = await measure(sockets, (i) => ({ content: `mensagem ${i}` }), child.pid!);
  for (const s of sockets) s.disconnect();
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return result;
}

async function main() {
  const ours = await runOurs();
  const bare = await runBare();
  const context = {
    clients: CLIENTS,
    rate_per_s: RATE,
    duration_s: SECONDS,
    messages: ours.latencies.length,
  };
  const line = (metric: string, value: number, unit: string, extra: Record<string, unknown> = {}) =>
    emit({ bench: 'team-chat', metric, value: round(value), unit, ...extra, better: 'lower', ...context });
  const p99 = percentile(ours.latencies, 99);
  const bareP99 = percentile(bare.latencies, 99);
  const fanOut = (cpu: { server_cpu_ms_per_msg: number }) => ({
    ...cpu,
    server_fan_out_us_per_socket: round((cpu.server_cpu_ms_per_msg * 1000) / (CLIENTS - 1)),
  });
  line('p50_ms', percentile(ours.latencies, 50), 'ms', { lost: ours.lost });
  line('p99_ms', p99, 'ms', { goal: 20, lost: ours.lost, ...fanOut(ours.cpu) });
  line('rss_mb', ours.rss, 'MB', { goal: 180, rss_before_clients_mb: round(ours.idleRss) });
  line('bare_p50_ms', percentile(bare.latencies, 50), 'ms', { lost: bare.lost });
  line('bare_p99_ms', bareP99, 'ms', { lost: bare.lost, ...fanOut(bare.cpu) });
  line('bare_rss_mb', bare.rss, 'MB');
  line('ours_over_bare', p99 / bareP99, 'ratio');
  process.exit(0);
}
