import type { FastifyBaseLogger } from 'fastify';
import { ClaimLoop } from '../../platform/claim-loop';
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

  /** Sweeps until `signal` aborts (see ClaimLoop: claimed rows not yet fired at the stop are released). */
  run(signal: AbortSignal): Promise<void> {
    return new ClaimLoop<TTimerRow>(
      TIMER_SWEEP,
      {
        claim: (want) => claimDueTimerRows(this.db, want, TIMER_SWEEP.leaseMs),
        work: (row) => this.fireRow(row),
        release: (rows) => releaseTimerRows(this.db, rows),
      },
      this.log,
      'automation timers',
    ).run(signal);
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
