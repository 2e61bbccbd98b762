import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import {
  closedConversationIds,
  placeClosedConversation,
  shiftClosedConversation,
} from './conversation-history.repo';

/**
 * Finished conversations placed back in time: the demo's ten days of history (the services stamp
 * everything "now", and dashboards show finished days). A conversation's messages move with it, so
 * its response and resolution times stay what they were, and one moved into another month counts
 * in that month's plan usage. Only closed conversations move: the inbox's live state is never
 * rewritten.
 */
export class ConversationHistoryService {
  constructor(
    private readonly db: TDb,
    /** The account's usage moved between months: the tenant cache reads it again. */
    private readonly usageChanged: (accountId: string) => Promise<void>,
  ) {}

  closedIds(accountId: string): Promise<string[]> {
    return withTenant(this.db, accountId, (tx) => closedConversationIds(tx, accountId));
  }

  /** Every instant of the conversation and of its messages `interval` earlier ('2 days 3 hours'). */
  async shiftBack(accountId: string, conversationId: string, interval: string): Promise<boolean> {
    const moved = await withTenant(this.db, accountId, (tx) =>
      shiftClosedConversation(tx, accountId, conversationId, interval),
    );
    if (moved) await this.usageChanged(accountId);
    return moved;
  }

  /** Opened, first answered and closed at these instants. */
  async place(
    accountId: string,
    conversationId: string,
    times: { opened: Date; answered: Date; closed: Date },
  ): Promise<boolean> {
    const moved = await withTenant(this.db, accountId, (tx) =>
      placeClosedConversation(tx, accountId, conversationId, times),
    );
    if (moved) await this.usageChanged(accountId);
    return moved;
  }
}
