import type { TDb } from '../../../platform/db/client';
import { markDelivered, type TDeliveredOutcome } from './webhooks.repo';

/** Outcomes one statement writes at most. */
const BATCH = 200;

interface TQueued {
  outcome: TDeliveredOutcome;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Successful attempts' outcomes, written together: an account's first one is written at once;
 * those that come while that write is in flight leave together in the next one (one statement,
 * one transaction). One transaction per delivery was most of the webhooks' database round trips
 * — each a system call on both sides — under a stream of events.
 */
export class DeliveredWriter {
  private readonly queues = new Map<string, TQueued[]>();

  constructor(private readonly db: TDb) {}

  /** Resolves once the outcome is committed (rejects with the batch's failure). */
  write(accountId: string, outcome: TDeliveredOutcome): Promise<void> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(accountId);
      if (queue) {
        queue.push({ outcome, resolve, reject });
        return;
      }
      this.queues.set(accountId, [{ outcome, resolve, reject }]);
      void this.flush(accountId);
    });
  }

  /** Writes the account's queue batch after batch until it is empty (the queue exists while it runs). */
  private async flush(accountId: string) {
    const queue = this.queues.get(accountId)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH);
      try {
        await markDelivered(
          this.db,
          accountId,
          batch.map((b) => b.outcome),
        );
        for (const b of batch) b.resolve();
      } catch (err) {
        if (batch.length === 1) batch[0].reject(err);
        // One outcome the database refuses must not fail the others: each on its own.
        else for (const b of batch) await this.writeOne(accountId, b);
      }
    }
    this.queues.delete(accountId);
  }

  private async writeOne(accountId: string, queued: TQueued) {
    try {
      await markDelivered(this.db, accountId, [queued.outcome]);
      queued.resolve();
    } catch (err) {
      queued.reject(err);
    }
  }
}
