import type { DomainEvents } from '../../../platform/events';
import type { InboxSettingsService } from '../../inbox-settings/inbox-settings.service';
import type { MessagingService } from './messaging.service';

/**
 * The out-of-hours reply (settings → automatic messages): a conversation a customer opens outside
 * the attendance hours gets the account's message once. Durable: a crash after the conversation
 * was stored still sends it; sendAutomatic stores it under a fixed client id, so a retry never
 * sends it twice.
 */
export function replyOutOfHours(
  bus: DomainEvents,
  settings: InboxSettingsService,
  messaging: MessagingService,
) {
  bus.durable(
    'inbox.out-of-hours',
    ['conversation.opened'],
    async (event) => {
      const text = await settings.outOfHoursMessage(event.accountId, new Date(event.at));
      if (text)
        await messaging.sendAutomatic(event.accountId, event.data.conversationId, text, 'out-of-hours');
    },
    {
      // A conversation in the flow stage is the chatbot's (its business-hours block decides).
      when: (event) => event.data.origin === 'inbound' && event.data.conversation.stage !== 'flow',
      // No job for an account without the reply, nor for a conversation opened within its hours.
      relevant: settings.outOfHoursRelevance(),
    },
  );
}
