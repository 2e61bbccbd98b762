// npm run bench -- automations (PostgreSQL, the server in its own process):
// - inbound_with_rules_over_without: the inbound benchmark's webhook load (signed WhatsApp
//   webhooks, BENCH_CONNECTIONS senders for BENCH_SECONDS) with no rule, then with BENCH_RULES (50)
//   active rules evaluated on every message (message.received, a condition that does not hold: each
//   evaluation is logged as skipped); msgs/s of the second phase over the first, same run (goal ≥ 0.8).
// - timer_lateness_p99_s: BENCH_TIMERS pending "no operator reply for 1 minute" timers (one per new
//   conversation, after the first phase's evaluations drained; an automation minute lasts
//   BENCH_MINUTE_MS), each fire a private note; lateness =
//   the run's time − (the customer's message + 1 minute), p50/p99/max in seconds (goal p99 ≤ 5).
//   The conversations come in at BENCH_TIMER_RATE (the 100,000 timers due over 10 minutes:
//   166.7 a second), so the timers come due at that rate; BENCH_TIMERS=100000 runs the whole 10 minutes.
// - lost_actions / duplicated_actions: one rule (message received → a private note), BENCH_CRASH
//   new customers writing once each (retried until answered 200, as Meta does); when
//   BENCH_KILL_AFTER (30 %) of the notes exist, the server is killed with SIGKILL and a new
//   process takes over the same database and jobs. Lost: a customer whose conversation has no
//   note; duplicated: notes beyond one (goals 0 and 0).
import pg from 'pg';
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

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RULES = Number(process.env.BENCH_RULES ?? 50);
const TIMERS = Number(process.env.BENCH_TIMERS ?? 2000);
const MINUTE_MS = Number(process.env.BENCH_MINUTE_MS ?? 30_000);
const TIMER_RATE = Number(process.env.BENCH_TIMER_RATE ?? 100_000 / 600);
const CRASH = Number(process.env.BENCH_CRASH ?? 3000);
const KILL_AFTER = Math.floor(CRASH * Number(process.env.BENCH_KILL_AFTER ?? 0.3));

// Job workers on: the rules and timers run in the server while the webhooks come in.
const APP_NAME = 'atende-bench-automations';
const SERVER_ENV = {
  AUTOMATION_MINUTE_MS: String(MINUTE_MS),
  BENCH_WORKERS: 'true',
  BENCH_DATABASE_URL: withAppName(BENCH_DATABASE_URL, APP_NAME),
};
let server = await startBenchServer(SERVER_ENV);
const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await db.connect();
try {
  // The bench's account (a process started after the kill -9 below signs up one of its own).
  const accountId = server.accountId;
  const channel = await insertBenchChannel(accountId);
  await db.query('update accounts set automation_limit = $2 where id = $1', [server.accountId, RULES + 10]);
  const login = (await fetch(`${server.url}/g/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: server.password }),
  }).then((r) => r.json())) as { data: { accessToken: string } };
  const token = login.data.accessToken;
  const createRule = async (body: unknown) => {
    const res = await fetch(`${server.url}/p/automations?acc=${server.accountId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`rule refused: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { _id: string } }).data._id;
  };

  let next = 0;
  const phones = benchPhones(50_000 + TIMERS + CRASH);
  /** Webhooks for `seconds` from CONNECTIONS senders; answers messages/s acknowledged. */
  const burst = async (seconds: number) => {
    let ok = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const post = buildWebhook(channel, phones[next++ % 5000], `carga ${next}`);
          if ((await postWebhook(server.url, channel.id, post)) === 200) ok += 1;
        }
      }),
    );
    return ok / seconds;
  };
  /** A burst, with the server's and its PostgreSQL backends' CPU ms per acknowledged message. */
  const measured = async (seconds: number) => {
    const cpu = await cpuMeter(server.pid, APP_NAME);
    const rate = await burst(seconds);
    return { rate, cpu: cpu(rate * seconds) };
  };

  // Warm-up, as in the inbound benchmark: every customer writes once (their contacts and
  // conversations exist), then the hot tables are analyzed; both phases are the same customers
  // writing again, so the ratio is the rules' cost, not a new account's.
  while (next < 5000) await burst(1);
  await analyzeHotTables(['event_receipts']);
  const without = await measured(SECONDS);
  for (let i = 0; i < RULES; i++)
    await createRule({
      name: `Regra ${i}`,
      trigger: { type: 'message.received' },
      conditions: {
        match: 'all',
        groups: [
          { match: 'all', conditions: [{ field: 'messageText', op: 'contains', value: `nunca-${i}` }] },
        ],
      },
      actions: [{ type: 'note', text: 'não acontece' }],
    });
  const withRules = await measured(SECONDS);
  // Evaluations not done yet when the load stopped: a rate bought by leaving work behind shows here.
  const { rows: left } = await db.query(
    "select count(*)::int as n from pgboss.job where name = 'event.automations' and state in ('created', 'retry', 'active')",
  );
  emit({
    bench: 'automations',
    metric: 'inbound_with_rules_over_without',
    value: round(withRules.rate / without.rate),
    without_msgs_per_s: round(without.rate),
    with_rules_msgs_per_s: round(withRules.rate),
    cpu_ms_per_msg: { without: without.cpu, with_rules: withRules.cpu },
    evaluations_left_at_end: left[0].n,
    rules: RULES,
    goal: '>= 0.8',
  });
  await db.query('update automations set active = false where account_id = $1', [server.accountId]);
  // Written around the API: the server's kept rules of the account are read again.
  await db.query("select pg_notify('atende_tenant_cache', $1)", [server.accountId]);
  // The rules' evaluations of that load, and every other listener's work it left (out-of-hours
  // replies…), drain first: the timers are measured on their own.
  const drainBy = Date.now() + 15 * 60_000;
  while (Date.now() < drainBy) {
    const { rows } = await db.query(
      "select count(*)::int as n from pgboss.job where name like 'event.%' and state in ('created', 'retry', 'active')",
    );
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }

  // The account is thousands of conversations old by now: its statistics are brought up to date,
  // as autovacuum's analyze would have done on a live server (measured without, the facts read of
  // every fire planned the account as empty and walked its index: 2.8 ms a fire, p99 5.7–8.8 s).
  await analyzeHotTables();

  // Timers: one new conversation per message, each with a pending "no operator reply" timer.
  const timerRule = await createRule({
    name: 'Sem resposta do atendente',
    trigger: { type: 'no_operator_reply', minutes: 1 },
    actions: [{ type: 'note', text: 'sem resposta' }],
  });
  // New conversations come in at the rate (100,000 over 10 minutes), so their timers come
  // due at that rate too, one automation minute later.
  const posts: Promise<unknown>[] = [];
  const t0 = performance.now();
  for (let sent = 0; sent < TIMERS; ) {
    const due = Math.min(TIMERS, Math.floor(((performance.now() - t0) / 1000) * TIMER_RATE));
    for (; sent < due; sent++) {
      const post = buildWebhook(channel, phones[50_000 + sent], `timer ${sent}`);
      posts.push(postWebhook(server.url, channel.id, post));
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(posts);
  const deadline = Date.now() + MINUTE_MS + 10 * 60_000;
  let fired = 0;
  while (Date.now() < deadline) {
    const { rows } = await db.query(
      "select count(*)::int as n from automation_runs where automation_id = $1 and status <> 'waiting'",
      [timerRule],
    );
    fired = rows[0].n;
    if (fired >= TIMERS) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const { rows } = await db.query(
    `select extract(epoch from (r.created_at - (m.first_at + make_interval(secs => $2::float / 1000))))::float as late
     from automation_runs r
     join lateral (select min(created_at) as first_at from messages
                   where conversation_id = r.conversation_id and author_type = 'contact') m on true
     where r.automation_id = $1 and r.status = 'fired'`,
    [timerRule, MINUTE_MS],
  );
  const lateness = rows.map((r: { late: number }) => r.late).sort((a: number, b: number) => a - b);
  emit({
    bench: 'automations',
    metric: 'timer_lateness_p99_s',
    value: round(percentile(lateness, 99)),
    p50_s: round(percentile(lateness, 50)),
    max_s: round(lateness.at(-1) ?? Number.NaN),
    timers: TIMERS,
    due_per_s: round(TIMER_RATE, 1),
    fired,
    minute_ms: MINUTE_MS,
    goal: '<= 5',
  });

  // Kill -9 during a burst of triggers: one rule, a note for every customer's message
  // (BENCH_CRASH=0 leaves it out, e.g. to profile the server, which a SIGKILL would not let write).
  if (CRASH > 0) await crashPhase();
  async function crashPhase() {
    await db.query('update automations set active = false where account_id = $1', [accountId]);
    await db.query("select pg_notify('atende_tenant_cache', $1)", [accountId]);
    const crashRule = await createRule({
      name: 'Nota a cada mensagem',
      trigger: { type: 'message.received' },
      actions: [{ type: 'note', text: 'rajada' }],
    });
    const crashPhones = phones.slice(50_000 + TIMERS, 50_000 + TIMERS + CRASH);
    const crashFired = async () =>
      (
        await db.query(
          "select count(*)::int as n from automation_runs where automation_id = $1 and status = 'fired'",
          [crashRule],
        )
      ).rows[0].n as number;
    let baseUrl = server.url;
    let restartMs = 0;
    let killedAt = -1;
    let retries = 0;
    const killer = (async () => {
      const giveUp = Date.now() + 5 * 60_000;
      for (killedAt = await crashFired(); killedAt < KILL_AFTER; killedAt = await crashFired()) {
        if (Date.now() > giveUp) throw new Error(`only ${killedAt} of ${KILL_AFTER} notes before the kill`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const t0 = performance.now();
      process.kill(server.pid, 'SIGKILL');
      server = await startBenchServer(SERVER_ENV, { keepJobs: true });
      baseUrl = server.url;
      restartMs = performance.now() - t0;
    })();
    let crashNext = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (crashNext < CRASH) {
          const post = buildWebhook(channel, crashPhones[crashNext++], 'rajada');
          for (;;) {
            const status = await postWebhook(baseUrl, channel.id, post, 10_000).catch(() => 0);
            if (status === 200) break;
            retries += 1;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      }),
    );
    await killer;
    // Every run settled (a killed process's jobs come back after their heartbeat).
    const settleBy = Date.now() + 5 * 60_000;
    let settled = false;
    while (!settled && Date.now() < settleBy) {
      const { rows: open } = await db.query(
        `select count(*)::int as n from pgboss.job where name = 'event.automations' and state in ('created', 'retry', 'active')`,
      );
      const { rows: waiting } = await db.query(
        "select count(*)::int as n from automation_runs where automation_id = $1 and status = 'waiting'",
        [crashRule],
      );
      settled = open[0].n === 0 && waiting[0].n === 0;
      if (!settled) await new Promise((r) => setTimeout(r, 1000));
    }
    const { rows: perCustomer } = await db.query(
      `select p.phone, count(m.id)::int as notes
     from unnest($2::text[]) as p(phone)
     left join contacts k on k.account_id = $1 and k.phone = '+' || p.phone and k.deleted_at is null
     left join conversations c on c.contact_id = k.id
     left join messages m on m.conversation_id = c.id and m.private and m.body = 'rajada'
     group by p.phone`,
      [accountId, crashPhones],
    );
    const lost = perCustomer.filter((r: { notes: number }) => r.notes === 0).length;
    const duplicated = perCustomer.reduce(
      (sum: number, r: { notes: number }) => sum + Math.max(0, r.notes - 1),
      0,
    );
    const crashContext = {
      triggers: CRASH,
      killed_after_actions: killedAt,
      restart_ms: round(restartMs, 0),
      webhook_retries: retries,
      // false: runs or jobs were still open after 5 minutes (lost counts them as lost).
      settled,
    };
    emit({ bench: 'automations', metric: 'lost_actions', value: lost, ...crashContext, goal: '0' });
    emit({
      bench: 'automations',
      metric: 'duplicated_actions',
      value: duplicated,
      ...crashContext,
      goal: '0',
    });
  }
} finally {
  agent.destroy();
  await db.end();
  await server.stop();
}
