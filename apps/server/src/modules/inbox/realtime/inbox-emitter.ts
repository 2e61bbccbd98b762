import type { TConversation, TMessageDirection } from '@atende/shared';
import type { TTx } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import { presentChatMessage, presentListConversation } from '../conversations/conversation-presenter';
import { readConversationListRow } from '../conversations/conversations.repo';
import type { TMessageRow } from '../conversations/message-presenter';

type TLink = (fileId: string, fileName: string) => string;

/** Who wrote a message, as the domain events name it. */
export function directionOf(m: Pick<TMessageRow, 'authorType' | 'private'>): TMessageDirection {
  if (m.authorType === 'contact') return 'inbound';
  if (m.authorType === 'system') return 'system';
  return m.private ? 'note' : 'outbound';
}

/**
 * The inbox's domain events, emitted inside the transaction that made the change (the realtime
 * fan-out, distribution and the durable listeners react after its commit). The conversation is
 * read in that transaction, as the inbox lists it, so listeners need no read of their own.
 */
export class InboxEmitter {
  constructor(
    private readonly bus: DomainEvents,
    private readonly link?: (accountId: string) => TLink,
  ) {}

  /** conversation.updated (and conversation.opened when `opened`) with the conversation as listed. */
  async conversationChanged(tx: TTx, accountId: string, conversationId: string, opened = false) {
    const row = await readConversationListRow(tx, accountId, conversationId);
    if (!row) return undefined;
    const conversation = presentListConversation(row);
    if (opened)
      await this.bus.emit(tx, accountId, 'conversation.opened', {
        conversationId,
        contactId: row.contactId,
        channelId: row.channelId,
        origin: row.origin,
        conversation,
      });
    else await this.bus.emit(tx, accountId, 'conversation.updated', { conversationId, conversation });
    return row;
  }

  /** message.created for each stored message of one conversation. */
  async messagesCreated(
    tx: TTx,
    accountId: string,
    messages: TMessageRow[],
    target: { channelKind: string | null; contactId: string | null; conversation?: TConversation },
  ) {
    const link = this.link?.(accountId);
    for (const m of messages)
      await this.bus.emit(tx, accountId, 'message.created', {
        conversationId: m.conversationId,
        messageId: m.id,
        direction: directionOf(m),
        channelId: m.channelId,
        channelKind: target.channelKind,
        contactId: target.contactId,
        message: presentChatMessage(m, link),
        ...(target.conversation ? { conversation: target.conversation } : {}),
      });
  }
}
