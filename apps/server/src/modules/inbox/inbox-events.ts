import { INBOX_EVENTS } from '@atende/shared';
import type { Realtime } from '../../platform/realtime';

/**
 * The one place the inbox pushes realtime events (DESIGN.md §6): services call these after their
 * transaction commits, and this decides which rooms may see them.
 * First version: the whole account room. Restricted operators (intentions / assignee rules) are
 * handled here as the inbox grows — never in the callers.
 */
export class InboxEvents {
  constructor(private readonly realtime: Realtime) {}

  messageCreated(accountId: string, payload: { conversationId: string; message: unknown }) {
    this.realtime.emitToAccount(accountId, INBOX_EVENTS.messageCreated, payload);
  }

  messageUpdated(accountId: string, payload: { conversationId: string; messageId: string; ack: number }) {
    this.realtime.emitToAccount(accountId, INBOX_EVENTS.messageUpdated, payload);
  }

  conversationUpdated(accountId: string, payload: { conversation: unknown }) {
    this.realtime.emitToAccount(accountId, INBOX_EVENTS.conversationUpdated, payload);
  }
}
