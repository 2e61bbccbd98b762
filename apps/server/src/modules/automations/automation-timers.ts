import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../platform/db/client';
import type { TTimerJob } from './automation-listeners';
import { claimDueTimerRows, deleteTimerRow, releaseTimerRow, type TTimerRow } from './automation-timers.repo';

/**
 * The sweeper's pace: each worker process fires up to `concurrency` due timers at a time, claiming
 * one as soon as a slot frees while there is a backlog, else looking again after `idleMs` (a timer
 * fires within about a second of its due time). A claim holds for `leaseMs`; `batch` is the most
 * one sweep() round (tests, a controllable clock) claims.
 */
export const TIMER_SWEEP = {
  batch: 60,
  concurrency: 6,
  idleMs: 1_000,
  leaseMs: 30_000,
  maxAttempts: 5,
  retryMs: 5_000,
};

/**
 * The time triggers' durable timers (automation_timers): a loop in each worker process claims the
 * due rows (SKIP LOCKED: multi-node safe), fires each (AutomationTriggers.fireTimer: idempotent on
 * the run key, so a row fired twice — its process died before deleting it — acts once) and deletes
 * it. A failed fire is retried later, up to maxAttempts; a row whose process died is claimable again
 * when its lease ends.
 */
export class AutomationTimerSweeper {
  constructor(
    private readonly db: TDb,
    private readonly fire: (job: TTimerJob) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Sweeps until `signal` aborts (Jobs stops it before the queues and the database): up to
   * `concurrency` timers in flight; a freed slot claims the next due one at once while the last
   * claim came back full (a backlog), else the loop looks again after `idleMs`.
   */
  async run(signal: AbortSignal): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    let backlog = false;
    let wake: (() => void) | null = null as (() => void) | null;
    while (!signal.aborted) {
      const free = TIMER_SWEEP.concurrency - inFlight.size;
      if (free > 0) {
        let rows: TTimerRow[] = [];
        try {
          rows = await claimDueTimerRows(this.db, free, TIMER_SWEEP.leaseMs);
        } catch (err) {
          this.log.warn({ err }, 'automation timers sweep failed');
        }
        backlog = rows.length === free;
        for (const row of rows) {
          const fired: Promise<void> = this.fireRow(row)
            .catch((err) => this.log.warn({ err, timerId: row.id }, 'automation timer not settled'))
            .finally(() => {
              inFlight.delete(fired);
              if (backlog) wake?.();
            });
          inFlight.add(fired);
        }
        if (backlog && inFlight.size < TIMER_SWEEP.concurrency) continue;
      }
      // Until a slot frees (backlog), `idleMs` passes, or the stop.
      const waiting = new AbortController();
      const stop = () => waiting.abort();
      signal.addEventListener('abort', stop, { once: true });
      wake = stop;
      await pause(backlog ? TIMER_SWEEP.leaseMs : TIMER_SWEEP.idleMs, waiting.signal);
      signal.removeEventListener('abort', stop);
      wake = null;
    }
    await Promise.all(inFlight);
  }

  /** One round: claims the timers due at `now` (the database's clock by default), fires them; answers how many. */
  async sweep(now?: Date, signal?: AbortSignal): Promise<number> {
    const rows = await claimDueTimerRows(this.db, TIMER_SWEEP.batch, TIMER_SWEEP.leaseMs, now);
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (signal?.aborted) await releaseTimerRow(this.db, row.id, 0);
        else await this.fireRow(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(TIMER_SWEEP.concurrency, rows.length) }, worker));
    return rows.length;
  }

  private async fireRow(row: TTimerRow): Promise<void> {
    try {
      await this.fire(jobOf(row));
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
