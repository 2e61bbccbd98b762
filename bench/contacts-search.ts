// npm run bench -- contacts-search: p95 of GET /p/chat/contact/list (through HTTP, with its count)
// for a name fragment, a phone fragment and phase + tag, each the worse of a rare fragment (under
// 0.01% of rows) and a common one (about 10%), on 1,000,000 contacts in one account plus 10
// accounts of 100,000. The dataset is generated here (server-side INSERT ... SELECT over
// generate_series: no row crosses the wire) and reused while its counts are intact. In the same run
// the naive shape (ILIKE over name/e-mail/phone with a plain count, on an index-less copy) gives
// naive_over_ours = naive p95 / our name p95.
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/client';
import { runMigrations } from '../apps/server/src/platform/db/migrate';
import { hammer } from './_autocannon';
import {
  BENCH_DATABASE_URL,
  emit,
  ensureBenchDatabase,
  load,
  percentile,
  round,
  startBenchServer,
} from './_support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BIG_ROWS = 1_000_000;
const SMALL_ROWS = 100_000;
const SMALL_ACCOUNTS = 10;
const accountId = (i: number) => `0195f000-0000-7000-8000-${String(i).padStart(12, '0')}`;
const BIG = accountId(0);
const ACCOUNTS = Array.from({ length: SMALL_ACCOUNTS + 1 }, (_, i) => accountId(i));

const FIRST = `Ana João Maria José Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luís Gabriel Rafael
  Daniel Marcelo Bruno Eduardo Felipe Raimundo Rodrigo Manoel Mateus André Fernando Fábio Leonardo Gustavo
  Guilherme Leandro Tiago Anderson Ricardo Márcio Jorge Sebastião Alexandre Roberto Edson Diego Vitor Sérgio
  Cláudio Thiago Geraldo Adriano Luciano Júlio Renato Vinícius Rogério Samuel Ronaldo Mário Flávio Igor
  Juliana Fernanda Patrícia Aline Camila Bruna Jéssica Letícia Júlia Luciana Vanessa Mariana Gabriela
  Vitória Larissa Cláudia Beatriz Rita Luana Sônia Renata Eliane Amanda Débora Natália Márcia Raquel Simone`;
const LAST = `Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho
  Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado
  Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Moura Cavalcanti Monteiro
  Castro Campos Batista Rezende Xavier Conceição Brandão Guimarães Falcão Magalhães Assunção Peixoto Queiroz
  Tavares Farias Borges Pacheco Sales Nogueira Coelho Aragão Bezerra Vasconcelos Siqueira Medeiros`;
const DDDS =
  '11 12 13 14 15 16 17 18 19 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93';
const words = (s: string) => s.split(/\s+/).filter(Boolean);
const pgArray = (items: string[]) => `'{${items.map((w) => `"${w}"`).join(',')}}'::text[]`;

/** Rows per account as generated: 1M in the big one, 100k in each small one. */
async function counts(client: pg.Client) {
  const { rows } = await client.query<{ account_id: string; n: string }>(
    'select account_id, count(*) as n from contacts where account_id = any($1::uuid[]) group by 1',
    [ACCOUNTS],
  );
  return new Map(rows.map((r) => [r.account_id, Number(r.n)]));
}

async function ensureAccounts(client: pg.Client) {
  for (const [i, id] of ACCOUNTS.entries()) {
    await client.query(`insert into accounts (id, name) values ($1, $2) on conflict do nothing`, [
      id,
      `Bench ${i}`,
    ]);
    await client.query(
      `insert into account_plans (account_id, plan_id, price, payment_status, is_paying)
       values ($1, 'pro', 0, 'paid', true) on conflict do nothing`,
      [id],
    );
    await client.query(
      `insert into contact_phases (id, account_id, name, key, color, position)
       select gen_random_uuid(), $1, p.name, p.key, '#228be6', p.pos
       from (values ('Novo','new',0),('Em contato','contacted',1),('Qualificado','qualified',2),
                    ('Proposta','proposal',3),('Ganho','won',4),('Perdido','lost',5)) p(name, key, pos)
       on conflict do nothing`,
      [id],
    );
    await client.query(
      `insert into contact_tags (id, account_id, name, color)
       select gen_random_uuid(), $1, 'Tag ' || lpad(g::text, 2, '0'), '#6c757d' from generate_series(1, 20) g
       on conflict do nothing`,
      [id],
    );
  }
}

/**
 * One account's contacts: 'Silva' is the surname of ~10% (the common fragment), 'Quintanilha' of
 * 0.005% (the rare one); 10% have area code 21 (the common phone fragment "(21) 9"); phases are
 * skewed (35% in the first); 'Tag 01' is on 10%, 'Tag 20' on 0.005%.
 */
function generateSql(account: string, rows: number) {
  const first = words(FIRST);
  const last = words(LAST);
  const ddds = words(DDDS);
  return `
    with ph as (select array_agg(id order by position) a from contact_phases where account_id = '${account}'),
         tg as (select array_agg(id order by name) a from contact_tags where account_id = '${account}'),
         s as (select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
                      random() r7, random() r8, random() r9 from generate_series(1, ${rows}) g),
         x as (select s.*,
                 (${pgArray(first)})[1 + floor(r1 * ${first.length})::int] as first,
                 case when g % 20000 = 7 then 'Quintanilha' when r2 < 0.10 then 'Silva'
                      else (${pgArray(last)})[1 + floor(r9 * ${last.length})::int] end as last,
                 case when r8 < 0.10 then '21' else (${pgArray(ddds)})[1 + floor(r8 * 1000)::int % ${ddds.length} + 0] end as ddd
               from s)
    insert into contacts (id, account_id, name, email, phone, phase_id, tags, blocked, opt_out, source, type,
                          created_at, updated_at)
    select gen_random_uuid(), '${account}', x.first || ' ' || x.last,
      lower(public.unaccent(x.first || '.' || x.last)) || x.g || '@' || (array['gmail.com','hotmail.com','empresa.com.br'])[1 + x.g % 3],
      '+55' || x.ddd || '9' || lpad(floor(x.r5 * 100000000)::bigint::text, 8, '0'),
      ph.a[case when x.r3 < 0.35 then 1 when x.r3 < 0.60 then 2 when x.r3 < 0.75 then 3 when x.r3 < 0.87 then 4
                when x.r3 < 0.95 then 5 else 6 end],
      (case when x.r4 < 0.10 then array[tg.a[1]] else '{}'::uuid[] end)
        || (case when x.r6 < 0.5 then array[tg.a[2 + floor(x.r6 * 34)::int]] else '{}'::uuid[] end)
        || (case when x.g % 20000 = 3 then array[tg.a[20]] else '{}'::uuid[] end),
      x.r7 < 0.01, x.r7 > 0.98, 'import', 'whatsapp',
      now() - x.r7 * interval '1095 days', now()
    from x, ph, tg`;
}

async function ensureDataset(client: pg.Client) {
  await ensureAccounts(client);
  const have = await counts(client);
  const intact = ACCOUNTS.every((id) => have.get(id) === (id === BIG ? BIG_ROWS : SMALL_ROWS));
  const exists = await client.query(`select 1 from pg_class where relname = 'contacts_naive'`);
  if (intact && exists.rowCount) {
    // Other benchmarks write contacts into this database too; their dead rows clear pages from the
    // visibility map, so index-only scans fetch the heap again (every figure ~50 % slower).
    await client.query('vacuum contacts');
    return { generated: false };
  }
  const started = performance.now();
  console.error('contacts-search: generating 2,000,000 contacts (reused on later runs)...');
  await client.query("set maintenance_work_mem = '1GB'");
  await client.query('delete from contacts where account_id = any($1::uuid[])', [ACCOUNTS]);
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'contacts' and indexname <> 'contacts_pkey'`,
  );
  for (const ix of indexes) await client.query(`drop index ${ix.indexname}`);
  for (const id of ACCOUNTS) await client.query(generateSql(id, id === BIG ? BIG_ROWS : SMALL_ROWS));
  for (const ix of indexes) await client.query(ix.indexdef);
  await client.query('vacuum analyze contacts');
  // The naive shape's table: the same rows, no index at all.
  await client.query('drop table if exists contacts_naive');
  await client.query(
    'create table contacts_naive as select id, account_id, name, email, phone, created_at, deleted_at from contacts',
  );
  await client.query('vacuum analyze contacts_naive');
  console.error(`contacts-search: dataset ready in ${round((performance.now() - started) / 1000, 0)} s`);
  return { generated: true };
}

await ensureBenchDatabase();
const migrator = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 1 });
await runMigrations(migrator);
await migrator.close();
const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await client.connect();
const dataset = await ensureDataset(client);
if (process.argv.includes('--dataset-only')) {
  await client.end();
  process.exit(0);
}

// The server (own process, PostgreSQL) and a member of the big account.
const server = await startBenchServer();
const login = await fetch(`${server.url}/g/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: server.email, password: server.password }),
});
const session = ((await login.json()) as { data: { accessToken: string; user: { _id: string } } }).data;
await client.query(
  `insert into account_members (id, account_id, user_id, acl) values (gen_random_uuid(), $1, $2, 'master')
   on conflict do nothing`,
  [BIG, session.user._id],
);
const one = async (sqlText: string, params: unknown[] = []) => (await client.query(sqlText, params)).rows[0];
const firstPhase = (await one(`select id from contact_phases where account_id = $1 and position = 0`, [BIG]))
  .id;
const commonTag = (await one(`select id from contact_tags where account_id = $1 and name = 'Tag 01'`, [BIG]))
  .id;
const rareTag = (await one(`select id from contact_tags where account_id = $1 and name = 'Tag 20'`, [BIG]))
  .id;
const samplePhone: string = (
  await one(`select phone from contacts where account_id = $1 offset 123456 limit 1`, [BIG])
).phone;
const rarePhone = `${samplePhone.slice(-8, -4)}-${samplePhone.slice(-4)}`; // typed like "8765-4321"

const headers = { authorization: `Bearer ${session.accessToken}` };
const listUrl = (query: string) => `${server.url}/p/chat/contact/list?acc=${BIG}&limit=30&page=1&${query}`;
const cases = {
  name: { common: 'search=silva', rare: 'search=quintanilha' },
  phone: {
    common: `search=${encodeURIComponent('(21) 9')}`,
    rare: `search=${encodeURIComponent(rarePhone)}`,
  },
  phase_tag: { common: `phase=${firstPhase}&tags=${commonTag}`, rare: `phase=${firstPhase}&tags=${rareTag}` },
} as const;

async function measure(query: string) {
  const probe = (await (await fetch(listUrl(query), { headers })).json()) as {
    data: { count: number; countIsEstimate?: boolean; items: unknown[] };
  };
  await hammer({ url: listUrl(query), connections: CLIENTS, seconds: 1, headers }); // warm-up
  const run = await hammer({ url: listUrl(query), connections: CLIENTS, seconds: SECONDS, headers });
  return {
    p95: percentile(run.latencies, 95),
    count: probe.data.countIsEstimate ? `${probe.data.count}+` : String(probe.data.count),
    requests: run.latencies.length,
    non2xx: run.non2xx,
  };
}

const context = {
  rows: 2_000_000,
  account_rows: BIG_ROWS,
  clients: CLIENTS,
  duration_s: SECONDS,
  dataset_generated: dataset.generated,
};
const results: Record<string, number> = {};
for (const [metric, pair] of Object.entries(cases)) {
  const common = await measure(pair.common);
  const rare = await measure(pair.rare);
  results[metric] = Math.max(common.p95, rare.p95);
  emit({
    bench: 'contacts-search',
    metric: `${metric}_p95_ms`,
    value: round(results[metric]),
    unit: 'ms',
    goal: 10,
    better: 'lower',
    ...context,
    common_p95_ms: round(common.p95),
    rare_p95_ms: round(rare.p95),
    common_count: common.count,
    rare_count: rare.count,
    requests: common.requests + rare.requests,
    non2xx: common.non2xx + rare.non2xx,
    loadavg: os.loadavg()[0],
  });
}
await server.stop();

// The naive shape on the index-less copy: ILIKE over the three columns, a full count, first page.
const pool = new pg.Pool({ connectionString: BENCH_DATABASE_URL, max: CLIENTS });
async function naive(fragment: string) {
  const where = `account_id = $1 and deleted_at is null and (name ilike $2 or email ilike $2 or phone ilike $2)`;
  const run = await load(CLIENTS, SECONDS, async () => {
    const params = [BIG, `%${fragment}%`];
    await pool.query(`select count(*) from contacts_naive where ${where}`, params);
    await pool.query(
      `select id from contacts_naive where ${where} order by created_at desc, id desc limit 30`,
      params,
    );
  });
  return percentile(run.latencies, 95);
}
const naiveP95 = Math.max(await naive('silva'), await naive('quintanilha'));
await pool.end();
await client.end();
emit({
  bench: 'contacts-search',
  metric: 'naive_over_ours',
  value: round(naiveP95 / results.name, 1),
  unit: 'x',
  better: 'higher',
  ...context,
  naive_p95_ms: round(naiveP95),
  name_p95_ms: round(results.name),
});
