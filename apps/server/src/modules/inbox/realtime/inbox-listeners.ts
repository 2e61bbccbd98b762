import { isTestEvent, type TConversation } from '@atende/shared';
import type { DomainEvents } from '../../../platform/events';
import type { InboxEvents } from './inbox-events';

/**
 * The realtime fan-out listens to the inbox's domain events (after their commit, on this node)
 * and pushes them to the rooms that may see them, in the socket API's names (INBOX_EVENTS).
 * A chatbot's live test is not the inbox's (isTestEvent): its conversation reaches no operator
 * (the test console follows it through the web chat's own listeners).
 */
export function pushInboxEvents(bus: DomainEvents, events: InboxEvents) {
  const updated = (
    accountId: string,
    data: { conversationId: string; conversation: TConversation; seq: number },
  ) =>
    events.conversationUpdated(accountId, {
      conversationId: data.conversationId,
      seq: data.seq,
      conversation: data.conversation,
    });
  bus.on('conversation.opened', (e) => {
    if (!isTestEvent(e)) updated(e.accountId, e.data);
  });
  bus.on('conversation.updated', (e) => {
    if (!isTestEvent(e)) updated(e.accountId, e.data);
  });
  bus.on('message.created', (e) => {
    if (isTestEvent(e)) return;
    const { conversationId, seq, message, conversation } = e.data;
    events.messageCreated(e.accountId, {
      conversationId,
      seq,
      message,
      ...(conversation ? { conversation } : {}),
    });
  });
  bus.on('message.status', (e) => {
    if (isTestEvent(e)) return;
    const { conversationId, messageId, ack, errorCode } = e.data;
    events.messageUpdated(e.accountId, {
      conversationId,
      messageId,
      ack,
      ...(errorCode !== undefined ? { errorCode } : {}),
    });
  });
  bus.on('message.reaction', (e) => events.messageReaction(e.accountId, e.data));
  bus.on('conversation.typing', (e) => {
    const { conversationId, author, typing } = e.data;
    events.typing(e.accountId, { conversationId, author, typing });
  });
}
