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
 * its response and resolution times stay what they were. Only closed conversations move: the
 * inbox's live state is never rewritten.
 */
export class ConversationHistoryService {
  constructor(private readonly db: TDb) {}

  closedIds(accountId: string): Promise<string[]> {
    return withTenant(this.db, accountId, (tx) => closedConversationIds(tx, accountId));
  }

  /** Every instant of the conversation and of its messages `interval` earlier ('2 days 3 hours'). */
  shiftBack(accountId: string, conversationId: string, interval: string): Promise<boolean> {
    return withTenant(this.db, accountId, (tx) =>
      shiftClosedConversation(tx, accountId, conversationId, interval),
    );
  }

  /** Opened, first answered and closed at these instants. */
  place(
    accountId: string,
    conversationId: string,
    times: { opened: Date; answered: Date; closed: Date },
  ): Promise<boolean> {
    return withTenant(this.db, accountId, (tx) =>
      placeClosedConversation(tx, accountId, conversationId, times),
    );
  }
}
