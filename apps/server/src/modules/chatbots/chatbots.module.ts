import { defineModule } from '../../platform/module';
import type { ChannelsService } from '../channels/channels.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { AutomaticActionsService } from '../inbox/actions/automatic-actions.service';
import type { ConversationActionsService } from '../inbox/actions/conversation-actions.service';
import type { MessagingService } from '../inbox/messaging/messaging.service';
import type { KnowledgeSourcesService } from '../knowledge/sources/knowledge-sources.service';
import type { WebchatService } from '../webchat/webchat.service';
import { ChatbotTestService } from './chatbot-test.service';
import { chatbotsRoutes } from './chatbots.routes';
import * as tables from './chatbots.schema';
import { ChatbotsService } from './chatbots.service';
import { listenForCustomers } from './runtime/runtime.listeners';
import { ChatbotRuntime } from './runtime/runtime.service';

interface TChatbotsDeps {
  channels: ChannelsService;
  contacts: { contacts: ContactsService };
  inboxSettings: InboxSettingsService;
  inbox: {
    messaging: MessagingService;
    actions: ConversationActionsService;
    automatic: AutomaticActionsService;
  };
  webchat: WebchatService;
  knowledgeSources: KnowledgeSourcesService;
}

/**
 * Chatbots (issue 14): bots, drafts, published versions, chat pages, the live test, and the
 * runtime that answers customers on conversations in the flow stage.
 *
 * Listens (durable): message.created — a customer's message on a conversation in the flow stage;
 * channel.changed (deleted) — the account's bots leave the channel.
 * Jobs: chatbots.turn (debounced turns), chatbots.timer (input timeout, idle, wait),
 * chatbots.sweep (every minute: turns a crashed process left unfinished).
 * Owns chatbot_channels, which the inbox intake reads to open conversations in the flow stage.
 */
export const chatbotsModule = defineModule({
  name: 'chatbots',
  tables,
  create: (platform, deps: TChatbotsDeps) => {
    const db = platform.database.db;
    const chatbots = new ChatbotsService(db, deps.channels, platform.events);
    const chatbotTests = new ChatbotTestService(db, chatbots, deps.channels, deps.webchat);
    const chatbotRuntime = new ChatbotRuntime(
      db,
      platform.jobs,
      platform.events,
      {
        messaging: deps.inbox.messaging,
        actions: deps.inbox.actions,
        contacts: deps.contacts,
        inboxSettings: deps.inboxSettings,
        chatbots,
        tests: chatbotTests,
        knowledge: deps.knowledgeSources,
        notes: deps.inbox.automatic,
      },
      {
        allowPrivateHttp: platform.config.OUTBOUND_HTTP_ALLOW_PRIVATE === 'true',
        crashAfterSends: Number(process.env.CHATBOT_TEST_CRASH_AFTER_SENDS) || undefined,
      },
      platform.log,
    );
    return { chatbots, chatbotTests, chatbotRuntime };
  },
  plugin: async (app) => {
    listenForCustomers(app.platform, app.services.chatbotRuntime);
    // A deleted channel leaves the bots (else publishing them would answer "channel not found").
    app.platform.events.durable(
      'chatbots.channels',
      ['channel.changed'],
      (event) => app.services.chatbots.channelDeleted(event.accountId, event.data.channelId),
      { when: (event) => event.data.change === 'deleted' },
    );
    await app.register(chatbotsRoutes);
  },
});
