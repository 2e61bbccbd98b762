import type { FastifyBaseLogger } from 'fastify';

/** A claim loop's pace (see ClaimLoop). */
export interface TClaimPace {
  /** Rows worked at a time (a function: a limit that follows the process's load, see YieldGate). */
  concurrency: number | (() => number);
  /** Claimed rows held in the loop at most (one claim fills the queue up to it). */
  queued: number;
  /** The look again when nothing was due. */
  idleMs: number;
  /** How long a claim holds a row: a queued row not started within half of it is released. */
  leaseMs: number;
}

/** What a loop claims, works and gives back. */
export interface TClaimWork<R> {
  /** Claims up to `want` due rows (FOR UPDATE SKIP LOCKED: two processes never claim one row). */
  claim: (want: number) => Promise<R[]>;
  /** Works one claimed row, claimed at `claimedAt` (epoch ms; its own errors are its to record; a throw is logged). */
  work: (row: R, claimedAt: number) => Promise<void>;
  /** Claimed rows not worked: due again at once, for any process. */
  release: (rows: R[]) => Promise<void>;
}

/**
 * A process-local loop over rows that are their own queue (automation timers, webhook
 * deliveries): up to `concurrency` rows worked at a time, from a queue refilled by one claim of up
 * to `queued` rows (twice the slots at most, so a limit cut under load holds few rows) when it
 * runs shorter than the slots; while the last claim came back full (a
 * backlog) the loop claims again as soon as a slot frees, else it looks again after `idleMs`, or
 * at once when nudged (this process wrote a due row). A claim holds its rows for `leaseMs` (a row
 * whose process died is claimable again after it); a queued row not started within half of it is
 * released instead, and so are the queued rows at the stop.
 */
export class ClaimLoop<R> {
  /** Ends the loop's pause: when a slot frees (busy), or at a nudge (idle). */
  private wake: (() => void) | null = null;
  private idleWake: (() => void) | null = null;
  private nudged = false;

  constructor(
    private readonly pace: TClaimPace,
    private readonly rows: TClaimWork<R>,
    private readonly log: FastifyBaseLogger,
    /** Names the loop in its log lines. */
    private readonly what: string,
  ) {}

  /** Rows are due now: the loop claims without waiting out its idle pause. */
  nudge() {
    this.nudged = true;
    this.idleWake?.();
  }

  /** Runs until `signal` aborts (Jobs stops it before the queues and the database). */
  async run(signal: AbortSignal): Promise<void> {
    const { queued: most, idleMs, leaseMs } = this.pace;
    const slots = () => {
      const { concurrency } = this.pace;
      return Math.max(1, typeof concurrency === 'function' ? concurrency() : concurrency);
    };
    const inFlight = new Set<Promise<void>>();
    const queue: Array<{ row: R; claimedAt: number }> = [];
    let backlog = false;
    while (!signal.aborted) {
      let concurrency = slots();
      if (queue.length < concurrency) {
        const want = Math.min(most, 2 * concurrency) - queue.length;
        this.nudged = false;
        try {
          const rows = await this.rows.claim(want);
          const claimedAt = Date.now();
          for (const row of rows) queue.push({ row, claimedAt });
          backlog = rows.length === want;
        } catch (err) {
          backlog = false;
          this.log.warn({ err }, `${this.what}: claim failed`);
        }
      }
      concurrency = slots();
      while (queue.length > 0 && inFlight.size < concurrency) {
        const { row, claimedAt } = queue.shift()!;
        // Held past half its lease (slow work ahead of it): started now, it could still be
        // running when the lease ends and another claim takes it too.
        if (Date.now() - claimedAt > leaseMs / 2) {
          await this.rows
            .release([row])
            .catch((err) => this.log.warn({ err }, `${this.what}: row not released`));
          continue;
        }
        const worked: Promise<void> = this.rows
          .work(row, claimedAt)
          .catch((err) => this.log.warn({ err }, `${this.what}: row not settled`))
          .finally(() => {
            inFlight.delete(worked);
            this.wake?.();
          });
        inFlight.add(worked);
      }
      // Rows waiting or a backlog: on when a slot frees; else after `idleMs`, at a nudge, or at the stop.
      const busy = queue.length > 0 || backlog;
      if (busy && inFlight.size < concurrency) continue;
      if (!busy && this.nudged) continue;
      await wakeablePause(busy ? leaseMs : idleMs, signal, (wake) => {
        if (busy) this.wake = wake;
        else this.idleWake = wake;
      });
    }
    await Promise.all(inFlight);
    if (queue.length > 0)
      await this.rows
        .release(queue.map((queued) => queued.row))
        .catch((err) => this.log.warn({ err }, `${this.what}: rows not released`));
  }
}

/**
 * Resolves after `ms`, when `signal` aborts, or when the function handed to `keep` is called:
 * `keep` gets it as the pause starts and null as it ends (a loop keeps it to end its pause early).
 */
export async function wakeablePause(
  ms: number,
  signal: AbortSignal,
  keep: (wake: (() => void) | null) => void,
): Promise<void> {
  const waiting = new AbortController();
  const wake = () => waiting.abort();
  signal.addEventListener('abort', wake, { once: true });
  keep(wake);
  try {
    await pause(ms, waiting.signal);
  } finally {
    signal.removeEventListener('abort', wake);
    keep(null);
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
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
