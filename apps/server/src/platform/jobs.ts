import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from './db/client';
import { type TTx, txExecutor } from './db/tenant';

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
}

/** pg-boss queues on the same database (PGlite through its adapter, else its own pool). */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private readonly handlers = new Map<string, TJobHandler<any>>();
  private readonly workOptions = new Map<string, TWorkOptions>();
  private readonly schedules = new Map<string, string>();

  constructor(
    database: TDatabase,
    private readonly log: FastifyBaseLogger,
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
  register<T>(queue: string, handler: TJobHandler<T>, work?: TWorkOptions) {
    this.handlers.set(queue, handler);
    if (work) this.workOptions.set(queue, work);
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
        notifyPollingIntervalSeconds: 10,
        ...(work.concurrency ? { localConcurrency: work.concurrency } : {}),
      };
      await this.boss.work<any>(queue, workOptions as never, async (jobs: any[]) => {
        const results: Array<{ id: string; status: 'completed' | 'failed'; output?: unknown }> = [];
        for (const job of jobs) {
          try {
            await handler(job.data);
            results.push({ id: job.id, status: 'completed' });
          } catch (err) {
            this.log.warn({ err, queue, jobId: job.id }, 'job failed');
            results.push({ id: job.id, status: 'failed', output: { message: (err as Error).message } });
          }
        }
        return results;
      });
    }
    for (const [queue, cron] of this.schedules) await this.boss.schedule(queue, cron, {});
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
    const raw = txExecutor(tx);
    // The tenant role (row-level security) has no rights on pg-boss's schema: the job is written
    // as the connection's own user, then the transaction goes back to the role it had. (On a
    // failure the transaction is aborted anyway: nothing to restore.)
    const { rows } = await raw.executeSql(
      "select current_setting('role') as role, set_config('role', 'none', true)",
    );
    await this.boss.send(queue, data, { ...options, db: raw } as never);
    await raw.executeSql("select set_config('role', $1, true)", [rows[0].role]);
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true } as never);
  }
}
