// npm run bench -- contacts-import: a 100,000-row CSV end to end through the import endpoint
// (upload, start, the contacts-import job, until the status says completed) → rows_per_s; in the
// same run a bare COPY of the same file into a plain table → ours_over_copy; and peak_rss_mb of the
// server process during the import. Each line also carries where the time went (CPU seconds of the
// server and of the database backends) and the machine's load average, which the shared
// benchmark machine makes worth knowing. The server (bench/_server.ts, bundled, with its job workers)
// runs in its own process on PostgreSQL.
import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import pg from 'pg';
import {
  BENCH_DATABASE_URL,
  emit,
  ensureBenchDatabase,
  percentile,
  round,
  startBenchServer,
} from './_support';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const FILE = `/tmp/atende-bench-contacts-${ROWS}.csv`;

/** 100k distinct contacts: name, mobile phone in a local format, e-mail, a tag. */
function writeCsv() {
  const lines = ['nome,telefone,email,etiquetas'];
  for (let i = 0; i < ROWS; i++) {
    const n = String(i).padStart(8, '0');
    lines.push(
      `Contato ${i} Gonçalves,(${11 + (i % 80)}) 9${n.slice(0, 4)}-${n.slice(4)},c${i}@example.com,Lote A`,
    );
  }
  writeFileSync(FILE, `${lines.join('\n')}\n`, { mode: 0o644 });
}

/** CPU seconds (user + system) a process has used so far, or null once it is gone (Linux). */
function cpuSeconds(pid: number | string): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** PostgreSQL backends connected to the benchmark database (any client), by pid (Linux). */
function databaseBackends(): string[] {
  const name = new URL(BENCH_DATABASE_URL).pathname.slice(1);
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return title.startsWith('postgres: ') && title.includes(` ${name} `);
    } catch {
      return false;
    }
  });
}

/** Resident memory of a process now, in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main() {
  await ensureBenchDatabase();
  writeCsv();
  // The server runs its job workers here: the import is a job.
  const ready = await startBenchServer({ BENCH_WORKERS: 'true' });
  const base = ready.url;
  const login = await fetch(`${base}/g/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ready.email, password: ready.password }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}acc=${ready.accountId}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return ((await res.json()) as { data: Record<string, any> }).data;
  };

  const baselineRss = rssMb(ready.pid);
  let peakRss = baselineRss;
  // Where the time goes: CPU of the server process, and of the database backends (the import's and
  // anything else on the benchmark database meanwhile), first and last reading of each.
  const dbCpu = new Map<string, [number, number]>();
  const sampleDb = () => {
    for (const pid of databaseBackends()) {
      const used = cpuSeconds(pid);
      if (used !== null) dbCpu.set(pid, [dbCpu.get(pid)?.[0] ?? used, used]);
    }
  };
  sampleDb();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(ready.pid));
    sampleDb();
  }, 25);
  const serverCpuBefore = cpuSeconds(ready.pid) ?? 0;
  // Meanwhile other requests keep being answered: their latency shows the import never blocks.
  const otherLatencies: number[] = [];
  let importing = true;
  const other = (async () => {
    while (importing) {
      const t = performance.now();
      await fetch(`${base}/g/acc/${ready.accountId}`, { headers });
      otherLatencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();

  const started = performance.now();
  const upload = await fetch(`${base}/p/chat/contact/import?acc=${ready.accountId}&name=bench.csv`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: Readable.toWeb(createReadStream(FILE)) as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const uploaded = ((await upload.json()) as { data: { _id: string; suggestedMapping: unknown } }).data;
  const uploadSeconds = (performance.now() - started) / 1000;
  await call('POST', `/p/chat/contact/import/${uploaded._id}/start`, { mapping: uploaded.suggestedMapping });
  let status: Record<string, any> = {};
  for (let i = 0; i < 60_000; i++) {
    status = await call('GET', `/p/chat/contact/import/${uploaded._id}`);
    if (!['queued', 'running'].includes(status.status)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (cpuSeconds(ready.pid) ?? 0) - serverCpuBefore;
  sampleDb();
  const load = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  importing = false;
  await other;
  clearInterval(sampler);
  await ready.stop();
  if (status.status !== 'completed' || status.inserted !== ROWS)
    throw new Error(`import ended ${JSON.stringify(status)}`);

  // A bare COPY of the same file into a plain table (server-side file read; same machine).
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  await client.query('create temp table copy_target (nome text, telefone text, email text, etiquetas text)');
  const copyStarted = performance.now();
  await client.query(`copy copy_target from '${FILE}' with (format csv, header true)`);
  const copySeconds = (performance.now() - copyStarted) / 1000;
  // Leave the shared benchmark database as it was: the account's 100k contacts go with it. Nothing
  // references the bench's contacts, so their per-row foreign-key triggers (one query per contact
  // into each referencing table) are skipped; the account's own cascade then has little left to do.
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query('delete from contacts where account_id = $1', [ready.accountId]);
  await client.query('commit');
  await client.query('delete from accounts where id = $1', [ready.accountId]);
  // The cluster may run without autovacuum: 100k dead rows left in the indexes would slow every
  // later run (and the other benchmarks on this database).
  await client.query('vacuum contacts');
  await client.end();

  otherLatencies.sort((a, b) => a - b);
  const rate = ROWS / seconds;
  const copyRate = ROWS / copySeconds;
  const context = {
    rows: ROWS,
    file_mb: round(statSync(FILE).size / 1024 / 1024, 1),
    seconds: round(seconds, 2),
    copy_seconds: round(copySeconds, 3),
    upload_s: round(uploadSeconds, 2),
    job_s: round((Date.parse(status.finishedAt) - Date.parse(status.startedAt)) / 1000, 2),
    other_request_p95_ms: round(percentile(otherLatencies, 95)),
    other_requests: otherLatencies.length,
    server_cpu_s: round(serverCpu, 2),
    db_cpu_s: round(
      [...dbCpu.values()].reduce((sum, [first, last]) => sum + last - first, 0),
      2,
    ),
    load_avg_1m: load,
  };
  emit({
    bench: 'contacts-import',
    metric: 'rows_per_s',
    value: round(rate, 0),
    unit: 'rows/s',
    goal: 60_000,
    better: 'higher',
    ...context,
  });
  emit({
    bench: 'contacts-import',
    metric: 'ours_over_copy',
    value: round(rate / copyRate, 3),
    unit: 'x',
    better: 'higher',
    ...context,
    copy_rows_per_s: round(copyRate, 0),
  });
  emit({
    bench: 'contacts-import',
    metric: 'peak_rss_mb',
    value: round(peakRss, 1),
    unit: 'MB',
    goal: 250,
    better: 'lower',
    ...context,
    baseline_rss_mb: round(baselineRss, 1),
  });
}

await main();
