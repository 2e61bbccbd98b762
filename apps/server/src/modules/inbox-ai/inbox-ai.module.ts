import type { TAiProvider } from '../../platform/ai/ai.types';
import { defineModule } from '../../platform/module';
import type { AiSettingsService } from '../ai/ai-settings.service';
import type { ConversationsService } from '../inbox/conversations/conversations.service';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import type { KnowledgeSourcesService } from '../knowledge/sources/knowledge-sources.service';
import type { QuickMessagesService } from '../quick-messages/quick-messages.service';
import { inboxAiRoutes } from './inbox-ai.routes';
import { InboxAiService } from './inbox-ai.service';

interface TInboxAiModuleDeps {
  aiProvider: TAiProvider;
  aiSettings: AiSettingsService;
  inbox: { conversations: ConversationsService };
  quickMessages: QuickMessagesService;
  knowledge: KnowledgeService;
  knowledgeSources: KnowledgeSourcesService;
}

/** The inbox's AI help for operators (composer): suggestions, summaries, improve and translate. */
export const inboxAiModule = defineModule({
  name: 'inbox-ai',
  tables: {},
  create: (_platform, deps: TInboxAiModuleDeps) => ({
    inboxAi: new InboxAiService({
      provider: deps.aiProvider,
      settings: deps.aiSettings,
      conversations: deps.inbox.conversations,
      quickMessages: deps.quickMessages,
      passages: (accountId, question, limit) =>
        deps.knowledgeSources.passages(accountId, null, question, limit),
      notes: deps.knowledge.search,
    }),
  }),
  plugin: async (app) => {
    await app.register(inboxAiRoutes);
  },
});
