import type { DomainEvents } from '../../../platform/events';
import type { HoldService } from './hold.service';

/**
 * A customer's message brings a conversation on hold back to its operator (issue 13). Durable: a
 * crash after the message was stored still resumes it; resumeOnReply changes only a conversation
 * still on hold, so a retry does nothing twice.
 */
export function resumeHeldOnReply(bus: DomainEvents, hold: HoldService) {
  bus.durable(
    'inbox.hold-reply',
    ['message.created'],
    async (event) => {
      await hold.resumeOnReply(event.accountId, event.data.conversationId);
    },
    { when: (event) => event.data.direction === 'inbound' && event.data.conversation?.stage === 'hold' },
  );
}
