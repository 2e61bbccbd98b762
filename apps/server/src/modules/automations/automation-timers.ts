import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../platform/db/client';
import type { TTimerJob } from './automation-listeners';
import {
  claimDueTimerRows,
  deleteTimerRow,
  releaseTimerRow,
  releaseTimerRows,
  type TTimerRow,
} from './automation-timers.repo';

/**
 * The sweeper's pace: each worker process fires up to `concurrency` due timers at a time, from a
 * queue it fills up to `queued` claimed rows when it runs short (one claim for several fires
 * under a backlog), else looking again after `idleMs` (a timer fires within about a second of its
 * due time). A claim holds for `leaseMs`: a queued row not started within half of it is released
 * instead (another claim may take it once the lease ends). `batch` is the most one sweep() round
 * (tests, a controllable clock) claims.
 */
export const TIMER_SWEEP = {
  batch: 60,
  concurrency: 8,
  queued: 16,
  idleMs: 1_000,
  leaseMs: 30_000,
  maxAttempts: 5,
  retryMs: 5_000,
};

/**
 * The time triggers' durable timers (automation_timers): a loop in each worker process claims the
 * due rows (SKIP LOCKED: multi-node safe), fires each (AutomationTriggers.fireTimer: idempotent on
 * the run key, so a row fired twice — its process died before deleting it — acts once; its run's
 * last write deletes the row) and deletes the rows a fire left. A failed fire is retried later,
 * up to maxAttempts; a row whose process died is claimable again when its lease ends.
 */
export class AutomationTimerSweeper {
  constructor(
    private readonly db: TDb,
    /** Fires a timer; answers whether its run deleted the row. */
    private readonly fire: (job: TTimerJob) => Promise<boolean>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Sweeps until `signal` aborts (Jobs stops it before the queues and the database): up to
   * `concurrency` timers in flight, from a queue refilled by one claim of up to `queued` rows when
   * it runs shorter than the slots; while the last claim came back full (a backlog) the loop
   * claims again as soon as a slot frees, else it looks again after `idleMs`. Claimed rows not yet
   * fired at the stop are released (due at once for another process).
   */
  async run(signal: AbortSignal): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const queue: Array<{ row: TTimerRow; claimedAt: number }> = [];
    let backlog = false;
    let wake: (() => void) | null = null as (() => void) | null;
    while (!signal.aborted) {
      if (queue.length < TIMER_SWEEP.concurrency) {
        const want = TIMER_SWEEP.queued - queue.length;
        try {
          const rows = await claimDueTimerRows(this.db, want, TIMER_SWEEP.leaseMs);
          const claimedAt = Date.now();
          for (const row of rows) queue.push({ row, claimedAt });
          backlog = rows.length === want;
        } catch (err) {
          backlog = false;
          this.log.warn({ err }, 'automation timers sweep failed');
        }
      }
      while (queue.length > 0 && inFlight.size < TIMER_SWEEP.concurrency) {
        const { row, claimedAt } = queue.shift()!;
        // Held past half its lease (slow fires ahead of it): started now, it could still be
        // running when the lease ends and another claim fires it too.
        if (Date.now() - claimedAt > TIMER_SWEEP.leaseMs / 2) {
          await releaseTimerRows(this.db, [row]).catch((err) =>
            this.log.warn({ err, timerId: row.id }, 'automation timer not released'),
          );
          continue;
        }
        const fired: Promise<void> = this.fireRow(row)
          .catch((err) => this.log.warn({ err, timerId: row.id }, 'automation timer not settled'))
          .finally(() => {
            inFlight.delete(fired);
            wake?.();
          });
        inFlight.add(fired);
      }
      // Rows waiting or a backlog: on when a slot frees; else after `idleMs`, or at the stop.
      const busy = queue.length > 0 || backlog;
      if (busy && inFlight.size < TIMER_SWEEP.concurrency) continue;
      const waiting = new AbortController();
      const stop = () => waiting.abort();
      signal.addEventListener('abort', stop, { once: true });
      wake = busy ? stop : null;
      await pause(busy ? TIMER_SWEEP.leaseMs : TIMER_SWEEP.idleMs, waiting.signal);
      signal.removeEventListener('abort', stop);
      wake = null;
    }
    await Promise.all(inFlight);
    if (queue.length > 0)
      await releaseTimerRows(
        this.db,
        queue.map((queued) => queued.row),
      ).catch((err) => this.log.warn({ err }, 'automation timers not released'));
  }

  /** One round: claims the timers due at `now` (the database's clock by default), fires them; answers how many. */
  async sweep(now?: Date, signal?: AbortSignal): Promise<number> {
    const rows = await claimDueTimerRows(this.db, TIMER_SWEEP.batch, TIMER_SWEEP.leaseMs, now);
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (signal?.aborted) await releaseTimerRows(this.db, [row]);
        else await this.fireRow(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(TIMER_SWEEP.concurrency, rows.length) }, worker));
    return rows.length;
  }

  private async fireRow(row: TTimerRow): Promise<void> {
    try {
      if (await this.fire(jobOf(row))) return;
    } catch (err) {
      if (row.attempts < TIMER_SWEEP.maxAttempts) {
        this.log.warn({ err, timerId: row.id, attempts: row.attempts }, 'automation timer failed');
        await releaseTimerRow(this.db, row.id, TIMER_SWEEP.retryMs * 2 ** (row.attempts - 1));
        return;
      }
      this.log.error({ err, timerId: row.id, automationId: row.automationId }, 'automation timer dropped');
    }
    await deleteTimerRow(this.db, row.id);
  }
}

/** What fireTimer needs of a timer row. */
export function jobOf(row: TTimerRow): TTimerJob {
  return {
    accountId: row.accountId,
    ruleId: row.automationId,
    trigger: row.trigger as TTimerJob['trigger'],
    conversationId: row.conversationId,
    contactId: row.contactId,
    messageAt: row.messageAt.toISOString(),
    messageId: row.messageId,
    timerId: row.id,
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
