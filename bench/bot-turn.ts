// npm run bench -- bot-turn (PostgreSQL, the server in its own process with its job workers, the
// fake Graph API on loopback in this process):
// - turn_p50_ms / turn_p95_ms: BENCH_CUSTOMERS customers (2,000) in a 5-step flow (five questions,
//   debounce off; BENCH_DEBOUNCE seconds to measure the debounced path, the product's default
//   being 3) on WhatsApp; each idle customer answers its last question, at a steady
//   BENCH_RATE (200 msg/s) for BENCH_SECONDS; a turn = the signed webhook POST → the fake Graph
//   receives the bot's reply to that customer (goal p95 ≤ 150).
// - turns_per_s: then every customer answers as soon as its reply arrives, for BENCH_SECONDS: bot
//   replies per second at saturation (goal ≥ 500).
// - lost_replies / duplicate_replies: BENCH_CRASH (1,000) new customers write in at BENCH_RATE
//   from senders that retry until answered 200; once the fake Graph got BENCH_KILL_AFTER (30 %)
//   of their replies, the server is killed with SIGKILL and a new process takes over. Each
//   customer's first message is answered by exactly one reply (the flow's first question): lost =
//   customers with none once nothing is left to do, duplicate = replies beyond the first.
//   BENCH_CRASH=0 skips the phase.
import pg from 'pg';
import { FakeWhatsApp } from '../apps/server/src/testing/fake-whatsapp';
import {
  analyzeHotTables,
  BENCH_DATABASE_URL,
  cpuMeter,
  emit,
  openLoop,
  percentile,
  round,
  startBenchServer,
  vacuumEvery,
  withAppName,
} from './_support';
import {
  agent,
  benchPhones,
  buildWebhook,
  insertBenchChannel,
  postUntilAnswered,
  postWebhook,
} from './_whatsapp';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const DEBOUNCE = Number(process.env.BENCH_DEBOUNCE ?? 0);
/** Autovacuum's pace on a live server: a table this busy is vacuumed about once per naptime (1 min). */
const VACUUM_SECONDS = Number(process.env.BENCH_VACUUM_SECONDS ?? 30);
const CRASH = Number(process.env.BENCH_CRASH ?? 1000);
const KILL_AFTER = Number(process.env.BENCH_KILL_AFTER ?? Math.round(CRASH * 0.3));
/** How long the crash phase waits for every reply after the restart (a dead process's jobs come back after their heartbeat). */
const CRASH_SETTLE_SECONDS = 180;

const STEPS = 5;
const flow = {
  version: 1,
  variables: [],
  events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g',
      title: 'Passos',
      position: { x: 0, y: 0 },
      blocks: [
        ...Array.from({ length: STEPS }, (_, i) => ({
          id: `q${i}`,
          type: 'text_input',
          prompt: `Pergunta ${i + 1}?`,
        })),
        { id: 'bye', type: 'text', text: 'Obrigado!' },
      ],
    },
  ],
  edges: [{ id: 'e', from: { eventId: 'start' }, to: { groupId: 'g' } }],
};

const fake = new FakeWhatsApp();
const graphUrl = await fake.start();
const APP_NAME = 'atende-bench-bot-turn';
const SERVER_ENV = {
  BENCH_WORKERS: 'true',
  WHATSAPP_GRAPH_URL: graphUrl,
  BENCH_DATABASE_URL: withAppName(BENCH_DATABASE_URL, APP_NAME),
};
let server = await startBenchServer(SERVER_ENV);
try {
  const channel = await insertBenchChannel(server.accountId);
  const login = (await fetch(`${server.url}/g/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: server.password }),
  }).then((r) => r.json())) as { data: { accessToken: string } };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}acc=${server.accountId}`, {
      method,
      headers: {
        authorization: `Bearer ${login.data.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: any }).data;
  };
  const bot = await call('POST', '/p/chatbots', { name: 'Bench', type: 'flow', channelIds: [channel.id] });
  await call('PUT', `/p/chatbots/${bot._id}/draft`, flow);
  await call('PATCH', `/p/chatbots/${bot._id}`, { debounceSeconds: DEBOUNCE });
  await call('POST', `/p/chatbots/${bot._id}/publish`);

  // Replies as the fake Graph receives them: each resolves its customer's pending turn.
  const allPhones = benchPhones(CUSTOMERS + CRASH);
  const phones = allPhones.slice(0, CUSTOMERS);
  const waiting = new Map<string, (at: number) => void>();
  let seen = 0;
  const watcher = setInterval(() => {
    for (; seen < fake.sends.length; seen++) {
      const s = fake.sends[seen];
      const resolve = waiting.get(s.body.to);
      if (resolve) {
        waiting.delete(s.body.to);
        resolve(s.at ?? Date.now());
      }
    }
  }, 2);

  /** One turn of a customer: its webhook, then the bot's reply to it; answers the turn's ms. */
  const turn = (phone: string, n: number) =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const timer = setTimeout(() => {
        waiting.delete(phone);
        reject(new Error('no reply in 30 s'));
      }, 30_000);
      waiting.set(phone, (at) => {
        clearTimeout(timer);
        resolve(at - started);
      });
      postWebhook(server.url, channel.id, buildWebhook(channel, phone, `resposta ${n}`))
        .then((status) => {
          if (status !== 200) reject(new Error(`webhook ${status}`));
        })
        .catch(reject);
    });

  // Warm-up: every customer writes once and the bot asks its first question (its contact,
  // conversation and session exist), then the hot tables are vacuumed and analyzed, as autovacuum
  // does on a live server. Measured without it, the account is younger than the statistics and
  // each turn's reads are planned as if it had no rows (the turn's context walked the account's
  // contacts: 1.1 ms a turn at 2,000 customers).
  const warm = [...phones];
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let phone = warm.shift(); phone; phone = warm.shift()) await turn(phone, 0);
    }),
  );
  await analyzeHotTables(['chatbot_sessions', 'event_receipts']);
  // And again every VACUUM_SECONDS while the phases run, as autovacuum keeps up on a live server.
  const stopVacuum = await vacuumEvery(VACUUM_SECONDS, [
    'chatbot_sessions',
    'conversations',
    'messages',
    'event_receipts',
    'pgboss.job_common',
  ]);

  // Phase 1: a steady inbound rate from idle customers.
  const idle = [...phones];
  const latencies: number[] = [];
  /** Per 10 s window of the phase (by when the turn started): its turns' latencies. */
  const windows: number[][] = [];
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  const end = Date.now() + SECONDS * 1000;
  let sent = 0;
  while (Date.now() < end) {
    const due = Math.floor(((Date.now() - (end - SECONDS * 1000)) / 1000) * RATE);
    while (sent < due && idle.length > 0) {
      const phone = idle.shift()!;
      sent++;
      const window = Math.floor((Date.now() - (end - SECONDS * 1000)) / 10_000);
      inFlight.push(
        turn(phone, sent)
          .then((ms) => {
            latencies.push(ms);
            if (!windows[window]) windows[window] = [];
            windows[window].push(ms);
          })
          .catch(() => {
            failed++;
          })
          .finally(() => idle.push(phone)),
      );
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  emit({
    bench: 'bot-turn',
    metric: 'turn_p95_ms',
    value: round(percentile(latencies, 95)),
    turn_p50_ms: round(percentile(latencies, 50)),
    // Where a long phase's tail comes from: each 10 s window's p95 (turns by when they started).
    p95_by_10s: windows.map((w) =>
      round(
        percentile(
          [...w].sort((a, b) => a - b),
          95,
        ),
      ),
    ),
    turns: latencies.length,
    debounce_s: DEBOUNCE,
    failed,
    rate_per_s: RATE,
    customers: CUSTOMERS,
    seconds: SECONDS,
    goal: '<= 150',
  });

  // Phase 2: saturation — every customer answers as soon as its reply arrives. The CPU the server
  // and its PostgreSQL backends spend per turn is what the rate is made of (this bench's own
  // process, the customers and the fake Graph, takes the rest of the machine).
  const cpu = await cpuMeter(server.pid, APP_NAME);
  let replies = 0;
  const stop = Date.now() + SECONDS * 1000;
  await Promise.all(
    phones.map(async (phone, i) => {
      let n = 0;
      while (Date.now() < stop) {
        try {
          await turn(phone, i * 1000 + n++);
          replies++;
        } catch {
          failed++;
        }
      }
    }),
  );
  const perTurn = cpu(replies);
  emit({
    bench: 'bot-turn',
    metric: 'turns_per_s',
    value: round(replies / SECONDS),
    failed,
    debounce_s: DEBOUNCE,
    server_cpu_ms_per_turn: perTurn.server,
    pg_cpu_ms_per_turn: perTurn.pg,
    goal: '>= 500',
  });
  clearInterval(watcher);
  await stopVacuum();

  if (CRASH > 0) await crashPhase(allPhones.slice(CUSTOMERS), channel);
} finally {
  agent.destroy();
  await server.stop();
  await fake.stop();
}

/**
 * The crash phase: new customers write in at RATE from senders that retry until answered 200; the
 * server is killed mid-run and a new process takes over. Each customer's message is answered once.
 */
async function crashPhase(crashPhones: string[], channel: Awaited<ReturnType<typeof insertBenchChannel>>) {
  const mark = fake.sends.length;
  const wanted = new Set(crashPhones);
  const replies = new Map<string, number>();
  let scanned = mark;
  /** Replies to the phase's customers so far (each reply counted once). */
  const count = () => {
    for (; scanned < fake.sends.length; scanned++) {
      const to = fake.sends[scanned].body.to as string;
      if (wanted.has(to)) replies.set(to, (replies.get(to) ?? 0) + 1);
    }
    let total = 0;
    for (const n of replies.values()) total += n;
    return total;
  };
  let killedAfter = -1;
  let restartMs = 0;
  let retries = 0;
  const phaseStart = new Date();
  const killer = (async () => {
    const giveUp = performance.now() + 5 * 60_000;
    while (count() < KILL_AFTER) {
      if (performance.now() > giveUp)
        throw new Error(`only ${count()} of ${KILL_AFTER} replies before the kill`);
      await new Promise((r) => setTimeout(r, 10));
    }
    killedAfter = count();
    const t0 = performance.now();
    process.kill(server.pid, 'SIGKILL');
    server = await startBenchServer(SERVER_ENV, { keepJobs: true });
    restartMs = performance.now() - t0;
  })();
  const posts = crashPhones.map((phone, i) => buildWebhook(channel, phone, `oi ${i}`));
  await openLoop(RATE, crashPhones.length / RATE, async (i) => {
    retries += await postUntilAnswered(() => server.url, channel.id, posts[i]);
  });
  await killer;
  // Settled: every customer answered and nothing left to do (no message pending in a session, no
  // live turn lease, no runtime or send job waiting), so no further reply can come.
  const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await db.connect();
  const settleBy = performance.now() + CRASH_SETTLE_SECONDS * 1000;
  let settled = false;
  while (!settled && performance.now() < settleBy) {
    const { rows } = await db.query<{ n: string }>(
      `select (select count(*) from chatbot_sessions
                where updated_at >= $1 and (pending <> '[]'::jsonb or lease_until > now()))
            + (select count(*) from pgboss.job_common
                where name in ('event.chatbots.runtime', 'outbound-messages', 'chatbots.turn')
                  and state in ('created', 'retry', 'active')) as n`,
      [phaseStart],
    );
    count();
    settled = Number(rows[0].n) === 0 && replies.size === crashPhones.length;
    if (!settled) await new Promise((r) => setTimeout(r, 500));
  }
  // Replies whose send a dead process had begun: the message is marked failed, never sent twice.
  const { rows: unknown } = await db.query<{ n: string }>(
    `select count(*) as n from messages where author_type = 'bot' and error_code is not null and created_at >= $1`,
    [phaseStart],
  );
  await db.end();
  count();
  let lost = 0;
  let duplicated = 0;
  for (const phone of crashPhones) {
    const n = replies.get(phone) ?? 0;
    if (n === 0) lost += 1;
    else duplicated += n - 1;
  }
  const context = {
    customers: crashPhones.length,
    replies: [...replies.values()].reduce((a, b) => a + b, 0),
    killed_after_replies: killedAfter,
    restart_ms: round(restartMs, 0),
    sender_retries: retries,
    failed_sends: Number(unknown[0].n),
    // false: work was still left after CRASH_SETTLE_SECONDS (lost counts those customers).
    settled,
  };
  emit({ bench: 'bot-turn', metric: 'lost_replies', value: lost, goal: 0, better: 'lower', ...context });
  emit({ bench: 'bot-turn', metric: 'duplicate_replies', value: duplicated, goal: 0, better: 'lower' });
}
