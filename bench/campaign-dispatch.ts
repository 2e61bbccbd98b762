// npm run bench -- campaign-dispatch (PostgreSQL, the server in its own process with its job
// workers, the fake Graph API on loopback in this process):
// - sends_per_s: BENCH_RECIPIENTS recipients (100,000) from a CSV, throttle off (rate 100,000/s):
//   template sends the fake Graph API accepted per second, start → last send (goal ≥ 1,000); its
//   line also counts the recipients never sent and sent twice.
// - inbound_socket_p99_ms: a second unthrottled campaign (BENCH_INBOUND_RECIPIENTS, 30,000) while
//   customers' WhatsApp webhooks come in at BENCH_INBOUND_RATE (200/s); from each POST to the
//   agent's socket getting its message (goal ≤ 150). Its line also shows that campaign's sends/s.
// - throttle_error_pct: a campaign at the default 80 msg/s for BENCH_SECONDS (60): |achieved − 80|
//   / 80 × 100 over the fake's receive times (goal ≤ 5).
// - lost / duplicated: a campaign of BENCH_CRASH_RECIPIENTS (20,000), unthrottled, whose server is
//   killed with SIGKILL once the fake has taken BENCH_CRASH_AFTER (5,000) of its sends; a new
//   server takes the campaign over (its sweep), Meta's late status reports (which echo the
//   recipient id) settle what the dead process had in flight, and the operator sends the
//   unconfirmed rest again. Recipients never sent / sent more than once (goal 0 and 0).
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { FakeWhatsApp, signWhatsApp, whatsappWebhook } from '../apps/server/src/testing/fake-whatsapp';
import { analyzeHotTables, BENCH_DATABASE_URL, emit, percentile, round, startBenchServer } from './_support';
import { agent, benchPhones, buildWebhook, insertBenchChannel, postWebhook } from './_whatsapp';
import { agentSocket } from './_agent-socket';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = 80;
const INBOUND_RATE = Number(process.env.BENCH_INBOUND_RATE ?? 200);
const INBOUND_RECIPIENTS = Number(process.env.BENCH_INBOUND_RECIPIENTS ?? 30_000);
const CRASH_RECIPIENTS = Number(process.env.BENCH_CRASH_RECIPIENTS ?? 20_000);
const CRASH_AFTER = Number(process.env.BENCH_CRASH_AFTER ?? 5_000);

const fake = new FakeWhatsApp();
const graphUrl = await fake.start();
const serverEnv = { BENCH_WORKERS: 'true', WHATSAPP_GRAPH_URL: graphUrl };
let server = await startBenchServer(serverEnv);
const db = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await db.connect();
try {
  const channel = await insertBenchChannel(server.accountId);
  const templateId = randomUUID();
  await db.query(
    `insert into message_templates (id, account_id, channel_id, name, language, category, body, status)
     values ($1, $2, $3, 'bench_promo', 'pt_BR', 'MARKETING', 'Olá {{1}}, oferta {{2}}.', 'approved')`,
    [templateId, server.accountId, channel.id],
  );
  const credentials = { email: server.email, password: server.password };
  const login = (await fetch(`${server.url}/g/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: server.password }),
  }).then((r) => r.json())) as { data: { accessToken: string; user: { _id: string } } };
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  /** A fresh access token (it lives 15 minutes; the kill -9 phase comes after long ones). */
  const relogin = async () => {
    const again = (await fetch(`${server.url}/g/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    }).then((r) => r.json())) as { data: { accessToken: string } };
    headers.authorization = `Bearer ${again.data.accessToken}`;
  };
  // The bench's account is the first server's (a server started after the kill -9 adds its own).
  const accountId = server.accountId;
  const call = async (method: string, path: string, body?: unknown, type = 'application/json') => {
    const res = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}acc=${accountId}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': type }) },
      body:
        body === undefined
          ? undefined
          : type === 'application/json'
            ? JSON.stringify(body)
            : (body as string),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: any }).data;
  };
  const campaignOf = async (rows: number, from: number, rate: number) => {
    const campaign = await call('POST', '/p/campaigns', {
      type: 'whatsapp',
      name: `Bench ${from}`,
      channelId: channel.id,
      templateId,
      mapping: [
        { kind: 'field', field: 'firstName' },
        { kind: 'column', column: 'oferta' },
      ],
    });
    const lines = ['nome;telefone;oferta'];
    for (let i = 0; i < rows; i++) lines.push(`Cliente ${i};+55119${String(10_000_000 + from + i)};O${i}`);
    const uploaded = await call(
      'POST',
      `/p/campaigns/${campaign._id}/csv?name=bench.csv`,
      `${lines.join('\n')}\n`,
      'text/csv',
    );
    if (uploaded.added !== rows) throw new Error(`added ${uploaded.added} of ${rows}`);
    // The recipients' statistics, as autovacuum's analyze keeps them on a live server.
    await db.query('analyze campaign_recipients');
    await db.query('update campaigns set rate_per_second = $1 where id = $2', [rate, campaign._id]);
    return campaign._id as string;
  };
  const waitFor = async (check: () => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  // Throttle off.
  const big = await campaignOf(RECIPIENTS, 0, 100_000);
  const before = fake.sends.length;
  const started = Date.now();
  await call('POST', `/p/campaigns/${big}/start`, { consentAccepted: true });
  await waitFor(() => fake.sends.length - before >= RECIPIENTS, 30 * 60_000);
  const mine = fake.sends.slice(before);
  const elapsed = ((mine.at(-1)?.at ?? Date.now()) - started) / 1000;
  const distinct = new Set(mine.map((s) => s.body.to)).size;
  emit({
    bench: 'campaign-dispatch',
    metric: 'sends_per_s',
    value: round(mine.length / elapsed),
    unit: 'msg/s',
    goal: 1000,
    better: 'higher',
    recipients: RECIPIENTS,
    never_sent: RECIPIENTS - distinct,
    sent_twice: mine.length - distinct,
  });

  // Another unthrottled dispatch while customers write in: the agent's socket sees each message.
  // Warm-up first, as in the inbound benchmark: every customer writes once (their contacts and
  // conversations exist, as an inbox's customers do), then the planner's statistics are brought
  // up to date, as autovacuum's analyze does within its naptime on a live server (this machine's
  // cluster may run without autovacuum). Measured without it, the account and its recipients are
  // younger than the statistics: planned as if they had no rows, each inbound batch walks every
  // contact and conversation of the account (3–5 ms a batch at 5,000), which is not the steady
  // state measured here.
  const phones = benchPhones(5_000);
  for (let i = 0; i < phones.length; i += 50)
    await Promise.all(
      phones
        .slice(i, i + 50)
        .map((phone) => postWebhook(server.url, channel.id, buildWebhook(channel, phone, `oi ${phone}`))),
    );
  const second = await campaignOf(INBOUND_RECIPIENTS, 200_000, 100_000);
  await analyzeHotTables();
  const before2 = fake.sends.length;
  const started2 = Date.now();
  await call('POST', `/p/campaigns/${second}/start`, { consentAccepted: true });
  const socket = agentSocket(server, login.data);
  const sentAt = new Map<string, number>();
  const inboundLatencies: number[] = [];
  socket.on('message:created', (payload: { message: { body: string | null } }) => {
    const at = payload.message.body ? sentAt.get(payload.message.body) : undefined;
    if (at === undefined) return;
    inboundLatencies.push(performance.now() - at);
    sentAt.delete(payload.message.body!);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  let inboundSent = 0;
  let dispatching = true;
  const inbound = (async () => {
    const t0 = performance.now();
    const posts: Promise<unknown>[] = [];
    while (dispatching) {
      const due = Math.floor(((performance.now() - t0) / 1000) * INBOUND_RATE);
      for (; inboundSent < due; inboundSent++) {
        const text = `cliente ${inboundSent}`;
        const post = buildWebhook(channel, phones[inboundSent % phones.length], text);
        sentAt.set(text, performance.now());
        posts.push(postWebhook(server.url, channel.id, post).catch(() => 0));
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(posts);
  })();
  await waitFor(() => fake.sends.length - before2 >= INBOUND_RECIPIENTS, 30 * 60_000);
  const sends2 = fake.sends.slice(before2);
  const elapsed2 = ((sends2.at(-1)?.at ?? Date.now()) - started2) / 1000;
  dispatching = false;
  await inbound;
  await waitFor(() => sentAt.size === 0, 10_000);
  socket.disconnect();
  inboundLatencies.sort((a, b) => a - b);
  emit({
    bench: 'campaign-dispatch',
    metric: 'inbound_socket_p99_ms',
    value: round(percentile(inboundLatencies, 99)),
    p50_ms: round(percentile(inboundLatencies, 50)),
    inbound: inboundSent,
    seen: inboundLatencies.length,
    rate_per_s: INBOUND_RATE,
    sends_per_s_meanwhile: round(sends2.length / elapsed2),
    recipients: INBOUND_RECIPIENTS,
    goal: 150,
    better: 'lower',
  });

  // Throttle at 80 msg/s.
  const throttled = await campaignOf(RATE * SECONDS, 500_000, RATE);
  const start2 = fake.sends.length;
  await call('POST', `/p/campaigns/${throttled}/start`, { consentAccepted: true });
  await waitFor(() => fake.sends.length - start2 >= RATE * SECONDS, (SECONDS + 60) * 1000);
  const sent = fake.sends.slice(start2);
  const span = ((sent.at(-1)?.at ?? 0) - (sent[0]?.at ?? 0)) / 1000;
  const achieved = span > 0 ? (sent.length - 1) / span : 0;
  emit({
    bench: 'campaign-dispatch',
    metric: 'throttle_error_pct',
    value: round((Math.abs(achieved - RATE) / RATE) * 100),
    unit: '%',
    goal: 5,
    better: 'lower',
    achieved: round(achieved),
    seconds: SECONDS,
  });

  // kill -9 mid-dispatch, and a new server.
  await relogin();
  const crashed = await campaignOf(CRASH_RECIPIENTS, 600_000, 100_000);
  const phonesOf = new Set(
    (await db.query('select phone from campaign_recipients where campaign_id = $1', [crashed])).rows.map(
      (r: { phone: string }) => r.phone.slice(1),
    ),
  );
  const start3 = fake.sends.length;
  const sendsOfCrashed = () => fake.sends.slice(start3).filter((s) => phonesOf.has(s.body.to));
  await call('POST', `/p/campaigns/${crashed}/start`, { consentAccepted: true });
  await waitFor(() => fake.sends.length - start3 >= CRASH_AFTER, 10 * 60_000);
  process.kill(server.pid, 'SIGKILL');
  const killedAfter = sendsOfCrashed().length;
  const killedAt = Date.now();
  server = await startBenchServer(serverEnv);
  const statusOf = async () =>
    (await db.query('select status from campaigns where id = $1', [crashed])).rows[0].status as string;
  const settle = async () => {
    const deadline = Date.now() + 10 * 60_000;
    while ((await statusOf()) !== 'finished' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
  };
  await settle();
  const takenOverS = (Date.now() - killedAt) / 1000;
  // Meta's status reports of the sends the dead process never recorded come in (late).
  const unknown = new Set(
    (
      await db.query(`select id from campaign_recipients where campaign_id = $1 and status = 'unknown'`, [
        crashed,
      ])
    ).rows.map((r: { id: string }) => r.id),
  );
  const reported = sendsOfCrashed().filter((s) => unknown.has(s.body.biz_opaque_callback_data));
  for (const s of reported) {
    const body = JSON.stringify(
      whatsappWebhook(channel.phoneNumberId, {
        statuses: [
          {
            id: s.wamid,
            status: 'sent',
            recipient: s.body.to,
            callbackData: s.body.biz_opaque_callback_data,
          },
        ],
      }),
    );
    await postWebhook(server.url, channel.id, {
      wamid: s.wamid,
      body,
      signature: signWhatsApp(channel.appSecret, body),
    });
  }
  const reportedIds = new Set(reported.map((s) => s.body.biz_opaque_callback_data as string));
  const waitSettled = Date.now() + 60_000;
  while (Date.now() < waitSettled) {
    const { rows } = await db.query(
      `select id from campaign_recipients where campaign_id = $1 and status = 'unknown'`,
      [crashed],
    );
    if (!rows.some((r: { id: string }) => reportedIds.has(r.id))) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  // The operator sends the unconfirmed rest again.
  await relogin();
  await call('POST', `/p/campaigns/${crashed}/resend-unconfirmed`);
  await settle();
  const sends3 = sendsOfCrashed();
  const distinct3 = new Set(sends3.map((s) => s.body.to)).size;
  const crashContext = {
    recipients: CRASH_RECIPIENTS,
    killed_after_sends: killedAfter,
    unknown_after_takeover: unknown.size,
    settled_by_reports: reported.length,
    resent: unknown.size - reported.length,
    taken_over_s: round(takenOverS, 1),
  };
  emit({
    bench: 'campaign-dispatch',
    metric: 'lost',
    value: CRASH_RECIPIENTS - distinct3,
    goal: 0,
    better: 'lower',
    ...crashContext,
  });
  emit({
    bench: 'campaign-dispatch',
    metric: 'duplicated',
    value: sends3.length - distinct3,
    goal: 0,
    better: 'lower',
    ...crashContext,
  });
} finally {
  agent.destroy();
  await db.end();
  await server.stop();
  await fake.stop();
}
