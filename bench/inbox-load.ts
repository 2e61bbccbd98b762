// npm run bench -- inbox-load: p95 of loading an inbox of 1,000 open conversations through HTTP
// (GET /p/chat/conversation/list, the waiting tab at the account's inbox load size of 1000: one
// query with each contact's name, phone and tags and the last message preview), with several
// clients at once. The dataset is generated here on PostgreSQL (server-side INSERT ... SELECT):
// the bench account's 1,000 open conversations among 20,000 closed ones, plus 10 other accounts
// with 2,000 open conversations each, so the account filter and the open-stage index matter.
// The main figure reads an inbox nobody writes to (the server answers its remembered page while
// the page's version holds: conversation-page-cache.ts). A second phase, `changing_p95_ms`, reads
// it while a writer changes one of its conversations back to back, so that nearly every read
// finds the page changed and builds it again (the cache's worst case: a version read for nothing).
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { runMigrations } from '../apps/server/src/platform/db/migrate';
import { hammer } from './_autocannon';
import {
  BENCH_DATABASE_URL,
  emit,
  ensureBenchDatabase,
  percentile,
  round,
  startBenchServer,
} from './_support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OPEN = 1000;
const CLOSED = 20_000;
const NOISE_ACCOUNTS = 10;
const NOISE_OPEN = 2000;

/** One account's channel, contacts (a third tagged) and conversations; `open` waiting, `closed` closed. */
async function generate(client: pg.Client, accountId: string, open: number, closed: number) {
  const channel = await client.query<{ id: string }>(
    `insert into channels (id, account_id, kind, name, external_id)
     values (gen_random_uuid(), $1, 'webchat', 'Bench chat', 'bench-' || replace(gen_random_uuid()::text, '-', ''))
     returning id`,
    [accountId],
  );
  const tag = await client.query<{ id: string }>(
    `insert into contact_tags (id, account_id, name, color) values (gen_random_uuid(), $1, 'VIP ' || gen_random_uuid(), '#fa5252')
     returning id`,
    [accountId],
  );
  await client.query(
    `insert into contacts (id, account_id, name, phone, email, type, source, tags)
     select gen_random_uuid(), $1, 'Cliente ' || g, '+55119' || lpad(g::text, 8, '0'), 'cliente' || g || '@example.com',
            'webchat', 'channel', case when g % 3 = 0 then array[$2::uuid] else '{}'::uuid[] end
     from generate_series(1, $3::int) g`,
    [accountId, tag.rows[0].id, open + closed],
  );
  await client.query(
    `insert into conversations (id, account_id, contact_id, channel_id, stage, unread_count, last_message_at,
                                last_inbound_at, last_message_preview, closed_at, created_at)
     select gen_random_uuid(), $1, c.id, $2, case when c.n <= $3 then 'waiting' else 'closed' end, (c.n % 4)::int,
            now() - make_interval(secs => c.n::int), now() - make_interval(secs => c.n::int),
            'Olá, gostaria de saber sobre o pedido número ' || c.n,
            case when c.n <= $3 then null else now() end, now() - make_interval(mins => c.n::int)
     from (select id, row_number() over (order by id) as n from contacts where account_id = $1) c`,
    [accountId, channel.rows[0].id, open],
  );
}

await ensureBenchDatabase();
const migrator = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 1 });
await runMigrations(migrator);
await migrator.close();

const server = await startBenchServer();
const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await client.connect();
const started = performance.now();
await generate(client, server.accountId, OPEN, CLOSED);
await client.query(
  `insert into inbox_settings (account_id, load_size) values ($1, 1000)
   on conflict (account_id) do update set load_size = 1000`,
  [server.accountId],
);
for (let i = 0; i < NOISE_ACCOUNTS; i++) {
  const { rows } = await client.query<{ id: string }>(
    `insert into accounts (id, name) values (gen_random_uuid(), 'Bench noise ' || $1) returning id`,
    [i],
  );
  await generate(client, rows[0].id, NOISE_OPEN, 0);
}
await client.query('analyze conversations');
await client.query('analyze contacts');
console.error(`inbox-load: dataset ready in ${round((performance.now() - started) / 1000, 1)} s`);

const login = await fetch(`${server.url}/g/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: server.email, password: server.password }),
});
const session = ((await login.json()) as { data: { accessToken: string } }).data;
// As a browser asks: Chrome's Accept-Encoding (a remembered page is answered gzipped).
const headers = {
  authorization: `Bearer ${session.accessToken}`,
  'accept-encoding': 'gzip, deflate, br, zstd',
};
const url = `${server.url}/p/chat/conversation/list?acc=${server.accountId}&tab=waiting&limit=1000`;
const probe = (await (await fetch(url, { headers })).json()) as { data: { items: unknown[]; count: number } };
if (probe.data.items.length !== OPEN)
  throw new Error(`expected ${OPEN} conversations, got ${probe.data.items.length}`);
const bytes = JSON.stringify(probe).length;

await hammer({ url, connections: CLIENTS, seconds: 2, headers }); // warm-up
const run = await hammer({ url, connections: CLIENTS, seconds: SECONDS, headers });

/** One open conversation of the page written again and again until `stop` (a new row version each time). */
async function writeUntil(stop: { done: boolean }) {
  const { rows } = await client.query<{ id: string }>(
    `select id from conversations where account_id = $1 and stage = 'waiting' limit 1`,
    [server.accountId],
  );
  let writes = 0;
  while (!stop.done) {
    await client.query('update conversations set unread_count = unread_count where id = $1', [rows[0].id]);
    writes += 1;
  }
  return writes;
}
const stop = { done: false };
const writer = writeUntil(stop);
const changing = await hammer({ url, connections: CLIENTS, seconds: SECONDS, headers });
stop.done = true;
const writes = await writer;
await server.stop();
await client.end();
emit({
  bench: 'inbox-load',
  metric: 'p95_ms',
  value: round(percentile(run.latencies, 95)),
  unit: 'ms',
  goal: 40,
  better: 'lower',
  conversations: OPEN,
  clients: CLIENTS,
  duration_s: SECONDS,
  p50_ms: round(percentile(run.latencies, 50)),
  p99_ms: round(percentile(run.latencies, 99)),
  requests: run.latencies.length,
  non2xx: run.non2xx,
  response_kb: round(bytes / 1024, 0),
  wire_kb: round(run.wireKbPerResponse, 0),
  loadavg: os.loadavg()[0],
});
emit({
  bench: 'inbox-load',
  metric: 'changing_p95_ms',
  value: round(percentile(changing.latencies, 95)),
  unit: 'ms',
  better: 'lower',
  p50_ms: round(percentile(changing.latencies, 50)),
  p99_ms: round(percentile(changing.latencies, 99)),
  requests: changing.latencies.length,
  non2xx: changing.non2xx,
  wire_kb: round(changing.wireKbPerResponse, 0),
  writes,
});
