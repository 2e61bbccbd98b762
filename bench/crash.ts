// npm run bench -- crash: a burst of BENCH_MESSAGES (10,000) signed WhatsApp webhooks whose
// sender — like Meta — retries every delivery until it gets a 200 (any other status, a connection
// error or a timeout means "again"). When BENCH_KILL_AFTER (30%) of them are acknowledged, the
// server is killed with SIGKILL mid-burst, then started again on the same database; the sender
// carries on against the new process. At the end every sent wamid is looked up:
// `lost` = acknowledged or not, never stored; `duplicated` = stored more than once (goals 0 and 0).
import pg from 'pg';
import { BENCH_DATABASE_URL, emit, round, startBenchServer, type TBenchServer } from './_support';
import {
  agent,
  benchPhones,
  buildWebhook,
  insertBenchChannel,
  postWebhook,
  type TWebhookPost,
} from './_whatsapp';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const KILL_AFTER = Math.floor(MESSAGES * Number(process.env.BENCH_KILL_AFTER ?? 0.3));
const RETRY_MS = 50;

let server: TBenchServer = await startBenchServer();
const accountId = server.accountId;
const channel = await insertBenchChannel(accountId);
const phones = benchPhones(CONTACTS);
const posts: TWebhookPost[] = Array.from({ length: MESSAGES }, (_, i) =>
  buildWebhook(channel, phones[i % phones.length], `crash ${i}`),
);

let baseUrl = server.url;
let acked = 0;
let retries = 0;
let killedAtAcked = -1;
let inFlightAtKill = 0;
let inFlight = 0;
let downtimeMs = 0;
let restarting: Promise<void> | null = null;

async function killAndRestart() {
  killedAtAcked = acked;
  inFlightAtKill = inFlight;
  const t0 = performance.now();
  process.kill(server.pid, 'SIGKILL');
  server = await startBenchServer();
  baseUrl = server.url;
  downtimeMs = performance.now() - t0;
}

/** Delivers one webhook until the server answers 200. */
async function deliver(post: TWebhookPost) {
  for (;;) {
    let status = 0;
    inFlight += 1;
    try {
      status = await postWebhook(baseUrl, channel.id, post, 10_000);
    } catch {
      status = 0;
    } finally {
      inFlight -= 1;
    }
    if (status === 200) {
      acked += 1;
      if (acked === KILL_AFTER && !restarting) restarting = killAndRestart();
      return;
    }
    retries += 1;
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (next < posts.length) await deliver(posts[next++]);
  }),
);
await restarting;
const elapsedS = (performance.now() - started) / 1000;

const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await client.connect();
const { rows } = await client.query<{ provider_message_id: string; n: number }>(
  `select provider_message_id, count(*)::int as n from messages
   where channel_id = $1 and provider_message_id = any($2::text[]) group by provider_message_id`,
  [channel.id, posts.map((p) => p.wamid)],
);
const stored = new Map(rows.map((r) => [r.provider_message_id, r.n]));
const lost = posts.filter((p) => !stored.has(p.wamid)).length;
const duplicated = rows.reduce((sum, r) => sum + (r.n - 1), 0);
const [conversations] = (
  await client.query<{ dup: number }>(
    `select count(*)::int as dup from (select contact_id from conversations where channel_id = $1 and stage <> 'closed'
     group by contact_id having count(*) > 1) d`,
    [channel.id],
  )
).rows;
const [contacts] = (
  await client.query<{ dup: number }>(
    `select count(*)::int as dup from (select phone from contacts where account_id = $1 and deleted_at is null
     group by phone having count(*) > 1) d`,
    [accountId],
  )
).rows;
await client.end();
agent.destroy();
await server.stop();

const context = {
  messages: MESSAGES,
  contacts: CONTACTS,
  connections: CONNECTIONS,
  killed_after_acked: killedAtAcked,
  in_flight_at_kill: inFlightAtKill,
  retries,
  restart_ms: round(downtimeMs, 0),
  duration_s: round(elapsedS, 1),
  duplicate_open_conversations: conversations.dup,
  duplicate_contacts: contacts.dup,
};
emit({ bench: 'crash', metric: 'lost', value: lost, unit: 'messages', goal: 0, better: 'lower', ...context });
emit({
  bench: 'crash',
  metric: 'duplicated',
  value: duplicated,
  unit: 'messages',
  goal: 0,
  better: 'lower',
  ...context,
});
