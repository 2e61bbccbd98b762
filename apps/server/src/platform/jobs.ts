import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from './db/client';
import { type TTx, txExecutor, txTailExecutor } from './db/tenant';
import type { TErrorReporter } from './error-reporting';

/**
 * A job in hand beats every HEARTBEAT_SECONDS / 2; one whose process died (kill -9, lost host)
 * misses its beat and the supervisor (every SUPERVISE_SECONDS) puts it back for a retry. Without
 * this, pg-boss keeps a dead process's job active until its 15-minute expiry: a customer's message
 * in flight would wait that long.
 */
const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 10;

export type TJobHandler<T> = (data: T) => Promise<void>;

/**
 * Per-queue worker options, opt-in (a queue registered without them keeps the defaults: one
 * worker fetching batches of 20, run one job after the other, polled every 2 s). A queue of many
 * short independent jobs (automation timers) runs `concurrency` workers in each process, each
 * fetching its own batches (a slow job holds back only its own batch).
 */
export interface TWorkOptions {
  batchSize?: number;
  concurrency?: number;
  pollingIntervalSeconds?: number;
  /**
   * Ordered per key (chatbots: the conversation): within a fetched batch, jobs of one key run one
   * after the other in creation order, jobs of different keys side by side (at most `parallel`).
   * Batches of one worker run one after the other, so with `concurrency` unset a key's jobs never
   * overlap in a process.
   */
  serialBy?: (data: any) => string;
  /** Orders a key's jobs created in the same transaction (same creation time). */
  serialOrder?: (data: any) => string;
  /** Keys of a `serialBy` batch run at once (default 8). */
  parallel?: number;
  /**
   * The queue's jobs are written to start later (a debounce, a timer): such a job is not notified
   * when written, so the queue polls every `pollingIntervalSeconds` even while notifications
   * work (otherwise only the 10 s backstop finds it, up to 10 s after its time).
   */
  delayed?: boolean;
}

/**
 * A queue whose jobs are mostly written to start later (a hold's end, an automation's wait, a
 * campaign's send window, a webhook's retry): looked for every second, so each runs within ~1 s of
 * its time instead of at the 10 s backstop.
 */
export const TIMED_WORK: TWorkOptions = { delayed: true, pollingIntervalSeconds: 1 };

/**
 * Applied-once bookkeeping for a queue whose jobs carry a key (domain events: the event id): one
 * read per fetched batch of the keys already applied, and each applied key recorded as soon as its
 * handler succeeded, grouped with the others that come while a write is in flight (see runBatch).
 */
export interface TOnce<T> {
  key: (data: T) => string;
  /** Of these keys, those already applied (their jobs complete without running). */
  applied: (keys: string[]) => Promise<Set<string>>;
  /** Records keys whose handler succeeded. */
  record: (keys: string[]) => Promise<void>;
}

/** One job of a batch written with insertInTx. */
export interface TJobInsert {
  data: object;
  startAfter?: Date;
  expireInSeconds?: number;
}

/** pg-boss queues on the same database (PGlite through its adapter, else its own pool). */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private readonly handlers = new Map<string, TJobHandler<any>>();
  private readonly workOptions = new Map<string, TWorkOptions>();
  private readonly onces = new Map<string, TOnce<any>>();
  private readonly schedules = new Map<string, string>();
  private readonly pollers = new Map<string, (signal: AbortSignal) => Promise<void>>();
  private pollersStop?: AbortController;
  private pollersRunning: Promise<void>[] = [];

  constructor(
    database: TDatabase,
    private readonly log: FastifyBaseLogger,
    /** Failed jobs and stopped pollers are reported (SENTRY_DSN): ids and the queue, never the job's data. */
    private readonly reporter?: TErrorReporter,
  ) {
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({
            db: fromPglite(database.pglite! as never),
            backend: 'pglite',
            useListenNotify: true,
            superviseIntervalSeconds: SUPERVISE_SECONDS,
          })
        : new PgBoss({
            connectionString: database.connectionString!,
            max: 4,
            useListenNotify: true,
            superviseIntervalSeconds: SUPERVISE_SECONDS,
          });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  /** Registers a handler before start(); every job is retried and its handler must be idempotent. */
  register<T>(queue: string, handler: TJobHandler<T>, work?: TWorkOptions, once?: TOnce<T>) {
    this.handlers.set(queue, handler);
    if (work) this.workOptions.set(queue, work);
    if (once) this.onces.set(queue, once);
  }

  /**
   * A process-local loop that claims its own rows (automation timers: FOR UPDATE SKIP LOCKED),
   * before start(); it runs where the workers run and is stopped (awaited) before the queues.
   */
  poll(name: string, run: (signal: AbortSignal) => Promise<void>) {
    this.pollers.set(name, run);
  }

  /** A recurring run of a registered queue (cron, UTC), before start(); pg-boss fires it once per tick cluster-wide. */
  schedule(queue: string, cron: string) {
    this.schedules.set(queue, cron);
  }

  async start(workers = true) {
    await this.boss.start();
    this.started = true;
    for (const [queue, handler] of this.handlers) {
      const options = {
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
        heartbeatSeconds: HEARTBEAT_SECONDS,
      };
      const existing = await this.boss.getQueue(queue);
      if (!existing) await this.boss.createQueue(queue, { notify: true, ...options } as never);
      else if (existing.heartbeatSeconds !== HEARTBEAT_SECONDS) await this.boss.updateQueue(queue, options);
      if (!workers) continue;
      // Batches drain a backlog at once: with one job per fetch, jobs queued together waited out the
      // 10 s backstop one by one. Each job settles on its own, so one failure retries only that job.
      const work = this.workOptions.get(queue) ?? {};
      const workOptions = {
        batchSize: work.batchSize ?? 20,
        burstWhenBatchFull: true,
        perJobResults: true,
        pollingIntervalSeconds: work.pollingIntervalSeconds ?? 2,
        notifyPollingIntervalSeconds: work.delayed ? (work.pollingIntervalSeconds ?? 2) : 10,
        ...(work.concurrency ? { localConcurrency: work.concurrency } : {}),
        ...(work.serialBy ? { includeMetadata: true } : {}),
      };
      const once = this.onces.get(queue);
      await this.boss.work<any>(queue, workOptions as never, (jobs: any[]) =>
        this.runBatch(queue, jobs, handler, work, once),
      );
    }
    for (const [queue, cron] of this.schedules) await this.boss.schedule(queue, cron, {});
    if (!workers) return;
    const stop = new AbortController();
    this.pollersStop = stop;
    this.pollersRunning = [...this.pollers].map(([name, run]) =>
      run(stop.signal).catch((err) => {
        this.log.error({ err, poller: name }, 'poller stopped');
        this.reporter?.capture(err, { tags: { poller: name } });
      }),
    );
  }

  /**
   * One fetched batch: each job settles on its own (one failure retries only that job). With
   * `once`, keys already applied complete without running (one read for the batch), and each
   * applied key is recorded as soon as its handler succeeded, keys that come while a write is in
   * flight leaving together in the next (group commit): a crash re-runs at most the handlers whose
   * record was in flight. The batch's jobs complete once every record is written.
   */
  private async runBatch(
    queue: string,
    jobs: any[],
    handler: TJobHandler<any>,
    work: TWorkOptions,
    once?: TOnce<any>,
  ) {
    const results: Array<{ id: string; status: 'completed' | 'failed'; output?: unknown }> = [];
    const fail = (job: any, err: unknown, report = true) => {
      this.log.warn({ err, queue, jobId: job.id }, 'job failed');
      const accountId = job.data?.accountId;
      if (report)
        this.reporter?.capture(err, {
          accountId: typeof accountId === 'string' ? accountId : null,
          tags: { queue, job_id: String(job.id) },
        });
      results.push({ id: job.id, status: 'failed', output: { message: (err as Error).message } });
    };
    const keys = new Map<string, string | null>();
    let applied = new Set<string>();
    try {
      for (const job of jobs) keys.set(job.id, once ? once.key(job.data) : null);
      if (once) applied = await once.applied([...new Set(keys.values())].filter((k) => k !== null));
    } catch (err) {
      for (const job of jobs) fail(job, err);
      return results;
    }
    const records = once ? groupWriter(once.record) : null;
    // A key's first job of the batch runs; a duplicate (the same event twice) shares its outcome.
    const runs = new Map<string, Promise<boolean>>();
    const succeeded: any[] = [];
    const runOne = async (job: any) => {
      const key = keys.get(job.id) ?? null;
      if (key !== null && applied.has(key)) {
        results.push({ id: job.id, status: 'completed' });
        return;
      }
      const first = key !== null ? runs.get(key) : undefined;
      if (first) {
        if (await first) succeeded.push(job);
        else fail(job, new Error('a job of the same key failed in this batch'), false);
        return;
      }
      const run = Promise.resolve()
        .then(() => handler(job.data))
        .then(
          () => {
            if (key !== null) records?.add(key);
            return true;
          },
          (err) => {
            fail(job, err);
            return false;
          },
        );
      if (key !== null) runs.set(key, run);
      if (await run) succeeded.push(job);
    };
    if (work.serialBy) await runSerialByKey(jobs, work, runOne);
    else for (const job of jobs) await runOne(job);
    try {
      await records?.settle();
      for (const job of succeeded) results.push({ id: job.id, status: 'completed' });
    } catch (err) {
      for (const job of succeeded) fail(job, err);
    }
    return results;
  }

  /** A job that runs no earlier than `at` (a durable timer outside any transaction; campaigns). */
  async sendAfter<T extends object>(queue: string, data: T, at: Date): Promise<void> {
    if (!this.handlers.has(queue)) throw new Error(`unknown queue ${queue}`);
    await this.boss.send(queue, data, { startAfter: at } as never);
  }

  async send<T extends object>(queue: string, data: T): Promise<void> {
    if (!this.handlers.has(queue)) throw new Error(`unknown queue ${queue}`);
    await this.boss.send(queue, data);
  }

  /**
   * A job inserted in the caller's transaction (withTenant): it exists only if that transaction
   * commits (domain events' durable listeners, durable timers with `startAfter`).
   */
  async sendInTx<T extends object>(
    tx: TTx,
    queue: string,
    data: T,
    options: { startAfter?: Date | number; singletonKey?: string; expireInSeconds?: number } = {},
  ): Promise<void> {
    if (!this.handlers.has(queue)) throw new Error(`unknown queue ${queue}`);
    await this.asConnectionUser(tx, async (raw) => {
      await this.boss.send(queue, data, { ...options, db: raw } as never);
    });
  }

  /**
   * Many jobs of several queues inserted in the caller's transaction at once: one statement per
   * queue (domain events flush a transaction's durable jobs this way just before its commit).
   * `endsTransaction`: nothing runs in `tx` after this write but its commit (a before-commit hook),
   * so its role is not restored, and on node-postgres the role switch and the inserts go with the
   * COMMIT in one simple query (three round trips become one).
   */
  async insertInTx(
    tx: TTx,
    byQueue: Map<string, TJobInsert[]>,
    options: { endsTransaction?: boolean } = {},
  ): Promise<void> {
    for (const queue of byQueue.keys())
      if (!this.handlers.has(queue)) throw new Error(`unknown queue ${queue}`);
    if (![...byQueue.values()].some((jobs) => jobs.length > 0)) return;
    await this.asConnectionUser(
      tx,
      async (raw) => {
        for (const [queue, jobs] of byQueue)
          if (jobs.length) await this.boss.insert(queue, jobs, { db: raw } as never);
      },
      !options.endsTransaction,
    );
  }

  /**
   * The tenant role (row-level security) has no rights on pg-boss's schema: jobs are written as
   * the connection's own user, then the transaction goes back to the role it had, unless it ends
   * there. (On a failure the transaction is aborted anyway: nothing to restore.)
   */
  private async asConnectionUser(
    tx: TTx,
    write: (raw: ReturnType<typeof txExecutor>) => Promise<void>,
    restore = true,
  ) {
    if (!restore) {
      // The transaction's last writes: on node-postgres they travel with its COMMIT (txTailExecutor).
      const tail = txTailExecutor(tx);
      await tail.executeSql("select set_config('role', 'none', true)");
      await write(tail);
      return;
    }
    const raw = txExecutor(tx);
    const { rows } = await raw.executeSql(
      "select current_setting('role') as role, set_config('role', 'none', true)",
    );
    await write(raw);
    await raw.executeSql("select set_config('role', $1, true)", [rows[0].role]);
  }

  /** Whether this process runs the job workers and pollers now (started with them, not stopped). */
  get working(): boolean {
    return this.started && this.pollersStop !== undefined && !this.pollersStop.signal.aborted;
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    this.pollersStop?.abort();
    await Promise.all(this.pollersRunning);
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true } as never);
  }
}

/**
 * Runs a batch's jobs grouped by key: each key's jobs in creation order, one after the other;
 * up to `parallel` keys at once.
 */
async function runSerialByKey(jobs: any[], work: TWorkOptions, run: (job: any) => Promise<void>) {
  const created = (job: any) => (job.createdOn ? new Date(job.createdOn).getTime() : 0);
  const order = (job: any) => work.serialOrder?.(job.data) ?? '';
  const byKey = new Map<string, any[]>();
  const sorted = [...jobs].sort((a, b) => created(a) - created(b) || order(a).localeCompare(order(b)));
  for (const job of sorted) {
    const key = work.serialBy!(job.data);
    const list = byKey.get(key);
    if (list) list.push(job);
    else byKey.set(key, [job]);
  }
  const lanes = [...byKey.values()];
  const worker = async () => {
    for (let lane = lanes.shift(); lane; lane = lanes.shift()) for (const job of lane) await run(job);
  };
  await Promise.all(Array.from({ length: Math.min(work.parallel ?? 8, lanes.length) }, worker));
}

/**
 * Writes keys as they are added, one statement at a time: keys added while a write is in flight
 * leave together in the next one. `settle` waits for every key added so far and throws if a write
 * failed (those keys' jobs are retried; a key written before the failure is found applied then).
 */
function groupWriter(write: (keys: string[]) => Promise<void>) {
  const pending: string[] = [];
  let writing: Promise<void> | null = null;
  let failure: { err: unknown } | null = null;
  const drain = async () => {
    try {
      while (pending.length > 0) await write(pending.splice(0));
    } catch (err) {
      failure ??= { err };
      pending.length = 0;
    } finally {
      writing = null;
    }
  };
  return {
    add(key: string) {
      pending.push(key);
      writing ??= drain();
    },
    async settle() {
      while (writing) await writing;
      if (failure) throw failure.err;
    },
  };
}
