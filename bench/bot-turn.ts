// npm run bench -- bot-turn (PostgreSQL, the server in its own process with its job workers, the
// fake Graph API on loopback in this process):
// - turn_p50_ms / turn_p95_ms: BENCH_CUSTOMERS customers (2,000) in a 5-step flow (five questions,
//   debounce off; BENCH_DEBOUNCE seconds to measure the debounced path, the product's default
//   being 3) on WhatsApp; each idle customer answers its last question, at a steady
//   BENCH_RATE (200 msg/s) for BENCH_SECONDS; a turn = the signed webhook POST → the fake Graph
//   receives the bot's reply to that customer (goal p95 ≤ 150).
// - turns_per_s: then every customer answers as soon as its reply arrives, for BENCH_SECONDS: bot
//   replies per second at saturation (goal ≥ 500).
// Not measured here: lost/duplicate replies across a kill -9 (chatbot-crash.int.test.ts checks a
// turn killed mid-way on PostgreSQL sends each reply exactly once).
import { FakeWhatsApp } from '../apps/server/src/testing/fake-whatsapp';
import {
  analyzeHotTables,
  BENCH_DATABASE_URL,
  cpuMeter,
  emit,
  percentile,
  round,
  startBenchServer,
  withAppName,
} from './_support';
import { agent, benchPhones, buildWebhook, insertBenchChannel, postWebhook } from './_whatsapp';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const DEBOUNCE = Number(process.env.BENCH_DEBOUNCE ?? 0);

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
const server = await startBenchServer({
  BENCH_WORKERS: 'true',
  WHATSAPP_GRAPH_URL: graphUrl,
  BENCH_DATABASE_URL: withAppName(BENCH_DATABASE_URL, APP_NAME),
});
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
  const phones = benchPhones(CUSTOMERS);
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

  // Phase 1: a steady inbound rate from idle customers.
  const idle = [...phones];
  const latencies: number[] = [];
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  const end = Date.now() + SECONDS * 1000;
  let sent = 0;
  while (Date.now() < end) {
    const due = Math.floor(((Date.now() - (end - SECONDS * 1000)) / 1000) * RATE);
    while (sent < due && idle.length > 0) {
      const phone = idle.shift()!;
      sent++;
      inFlight.push(
        turn(phone, sent)
          .then((ms) => {
            latencies.push(ms);
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
} finally {
  agent.destroy();
  await server.stop();
  await fake.stop();
}
