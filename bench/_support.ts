import { readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';

export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';

/** Creates the benchmark database when it is missing. */
export async function ensureBenchDatabase(url = BENCH_DATABASE_URL) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}

/**
 * Drops the jobs (and the rows that are queues) earlier runs left, unconsumed (the inbound bench's server runs without workers, so
 * its durable listeners' jobs stay queued) or done (pg-boss keeps completed jobs for a week): else
 * the next bench whose server has workers spends its run on hundreds of thousands of other
 * accounts' events, or fetches and completes its own among a quarter of a million finished rows,
 * and every run is slower than the last. Each run starts from an empty queue.
 */
export async function dropLeftJobs(url = BENCH_DATABASE_URL) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select to_regclass('pgboss.job') is not null as ok`);
    if (!rows[0].ok) return;
    const { rowCount } = await client.query('delete from pgboss.job');
    if (rowCount) await client.query('vacuum pgboss.job_common');
    // Rows that are their own queue: an earlier run's deliveries to receivers long gone (retried
    // for 24 h) and timers of its accounts. Its delivered rows stay, as on a live server.
    const queues = await client.query(
      `select to_regclass('webhook_deliveries') is not null as deliveries, to_regclass('automation_timers') is not null as timers`,
    );
    if (queues.rows[0].deliveries)
      await client.query('delete from webhook_deliveries where due_at is not null');
    if (queues.rows[0].timers) await client.query('delete from automation_timers');
  } finally {
    await client.end();
  }
}

export interface TBenchServer {
  url: string;
  email: string;
  password: string;
  accountId: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts bench/_server.ts in a child process and waits for its ready line. The server is bundled
 * first and runs on plain node, as `npm start` runs it (a TypeScript loader would add its own memory).
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  /** keepJobs: a restart after a kill -9, whose jobs the new process must take over. */
  options: { keepJobs?: boolean } = {},
): Promise<TBenchServer> {
  await ensureBenchDatabase();
  if (!options.keepJobs) await dropLeftJobs();
  // @ts-expect-error plain ESM build helper without types
  const { bundleServer } = await import('../scripts/bundle-server.mjs');
  await bundleServer('bench/_server.ts', 'node_modules/.cache/atende-bench/server.mjs');
  // BENCH_SERVER_NODE_ARGS: node flags for the server only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, 'node_modules/.cache/atende-bench/server.mjs'],
    {
      env: { ...process.env, BENCH_DATABASE_URL, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ port: number; email: string; password: string; accountId: string }>(
    (resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
      lines.on('line', (line) => {
        if (line.startsWith('{')) resolve(JSON.parse(line));
      });
    },
  );
  return {
    url: `http://127.0.0.1:${ready.port}`,
    email: ready.email,
    password: ready.password,
    accountId: ready.accountId,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** Runs `clients` concurrent loops of `task` for `seconds`; returns every latency in ms. */
export async function load(clients: number, seconds: number, task: () => Promise<void>) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await task();
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, errors, seconds };
}

/**
 * Starts `task` at a steady `rate` a second for `seconds` (open loop: each start leaves on
 * schedule, whatever the earlier ones answered); resolves once every task settled, with how many
 * ran and how many failed.
 */
export async function openLoop(rate: number, seconds: number, task: (i: number) => Promise<void>) {
  const total = Math.round(rate * seconds);
  const pending: Promise<void>[] = [];
  let failed = 0;
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      task(i).catch(() => {
        failed += 1;
      }),
    );
  }
  await Promise.all(pending);
  return { total, failed };
}

export function emit(line: Record<string, unknown>) {
  console.log(JSON.stringify(line));
}

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/**
 * The hot tables vacuumed and their planner statistics brought up to date, as autovacuum does
 * within its naptime on a live server (this machine's cluster runs without it: its dead rows and
 * its statistics would otherwise be those of every earlier run). `extra`: the tables of the module
 * the bench drives.
 */
export async function analyzeHotTables(extra: string[] = []) {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`vacuum analyze ${['contacts', 'conversations', 'messages', ...extra].join(', ')}`);
  } finally {
    await client.end();
  }
}

/**
 * Vacuums `tables` every `seconds` until stopped, as autovacuum does on a live server (this
 * machine's PostgreSQL runs with autovacuum off): without it, a run of minutes measures the
 * dead rows of its own first seconds (a queue's job rows are updated three times each, never in
 * place). Resolves the stop function; stopping waits for a vacuum under way.
 */
export async function vacuumEvery(seconds: number, tables: string[]) {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? undefined : client.query(`vacuum analyze ${tables.join(', ')}`)));
  }, seconds * 1000);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running.catch(() => undefined);
    await client.end();
  };
}

/** The server's database connections named for their benchmark (PostgreSQL CPU per operation). */
export function withAppName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

/** CPU seconds (user + system) a process has used so far (0 once it is gone). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Starts counting the CPU the server process and its PostgreSQL backends (`appName`, see
 * withAppName) use; the answer gives each in ms per operation since the start. The pool closes
 * idle connections and opens new ones meanwhile: backends are listed again every second (a new
 * one counts from 0) and read every 100 ms, so one that exits keeps what it had used by then
 * (read only at both ends, its CPU went missing and the figure could even come out negative).
 */
export async function cpuMeter(serverPid: number, appName: string) {
  const server0 = cpuSeconds(serverPid);
  const used = new Map<number, { first: number; last: number }>();
  const read = () => {
    for (const [pid, cpu] of used) {
      const now = cpuSeconds(pid);
      if (now > cpu.last) cpu.last = now;
    }
  };
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const list = async (first: boolean) => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [appName],
    );
    for (const { pid } of rows)
      if (!used.has(pid)) {
        const now = cpuSeconds(pid);
        used.set(pid, { first: first ? now : 0, last: now });
      }
  };
  await list(true);
  // unref: a benchmark that fails before reading its meter still exits.
  const reader = setInterval(read, 100).unref();
  let listing = Promise.resolve();
  const lister = setInterval(() => {
    listing = listing.then(() => list(false)).catch(() => undefined);
  }, 1000).unref();
  return (operations: number) => {
    clearInterval(reader);
    clearInterval(lister);
    void listing.then(() => client.end()).catch(() => undefined);
    read();
    const per = (seconds: number) => round((seconds * 1000) / Math.max(operations, 1), 3);
    let pg = 0;
    for (const cpu of used.values()) pg += cpu.last - cpu.first;
    return { server: per(cpuSeconds(serverPid) - server0), pg: per(pg) };
  };
}
