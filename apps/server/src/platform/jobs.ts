import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from './db/client';
import { type TTx, txExecutor } from './db/tenant';

export type TJobHandler<T> = (data: T) => Promise<void>;

/** pg-boss queues on the same database (PGlite through its adapter, else its own pool). */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private readonly handlers = new Map<string, TJobHandler<any>>();
  private readonly schedules = new Map<string, string>();

  constructor(
    database: TDatabase,
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(database.pglite! as never), backend: 'pglite', useListenNotify: true })
        : new PgBoss({ connectionString: database.connectionString!, max: 4, useListenNotify: true });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  /** Registers a handler before start(); every job is retried and its handler must be idempotent. */
  register<T>(queue: string, handler: TJobHandler<T>) {
    this.handlers.set(queue, handler);
  }

  /** A recurring run of a registered queue (cron, UTC), before start(); pg-boss fires it once per tick cluster-wide. */
  schedule(queue: string, cron: string) {
    this.schedules.set(queue, cron);
  }

  async start(workers = true) {
    await this.boss.start();
    this.started = true;
    for (const [queue, handler] of this.handlers) {
      await this.boss.createQueue(queue, {
        notify: true,
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
      } as never);
      if (!workers) continue;
      // Batches drain a backlog at once: with one job per fetch, jobs queued together waited out the
      // 10 s backstop one by one. Each job settles on its own, so one failure retries only that job.
      const options = {
        batchSize: 20,
        burstWhenBatchFull: true,
        perJobResults: true,
        pollingIntervalSeconds: 2,
        notifyPollingIntervalSeconds: 10,
      };
      await this.boss.work<any>(queue, options as never, async (jobs: any[]) => {
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
    options: { startAfter?: Date | number; singletonKey?: string } = {},
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
