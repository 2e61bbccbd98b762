import { createAiProvider, type TAccountAiLookup } from '../../platform/ai/ai-provider';
import { defineModule } from '../../platform/module';
import { outboundFetch } from '../../platform/outbound-url';
import type { AiSettingsService } from '../ai/ai-settings.service';
import { knowledgeRoutes } from './knowledge.routes';
import * as tables from './knowledge.schema';
import { KnowledgeService } from './knowledge.service';
import { knowledgeSourcesRoutes } from './sources/knowledge-sources.routes';
import { KnowledgeSourcesService, TRAIN_QUEUE } from './sources/knowledge-sources.service';

/**
 * The account's knowledge (notes admins write) and the product's help texts, searched with
 * PostgreSQL full-text search: what the built-in retrieval assistant answers from.
 */
export const knowledgeModule = defineModule({
  name: 'knowledge',
  tables,
  create: (
    platform,
    deps: { aiSettings: AiSettingsService; appStore: { aiProvider: { settingsOf: TAccountAiLookup } } },
  ) => {
    const knowledge = new KnowledgeService(platform.database.db);
    const allowPrivate = platform.config.OUTBOUND_HTTP_ALLOW_PRIVATE === 'true';
    // The one AI provider of the process: every call made for an account is counted (Settings → AI)
    // and goes to the account's own provider when it installed the OpenAI-compatible AI app.
    const provider = createAiProvider(
      platform.config,
      knowledge.search,
      {
        record: deps.aiSettings.record,
        onError: (err) => platform.log.warn({ err }, 'AI usage not counted'),
      },
      {
        lookup: deps.appStore.aiProvider.settingsOf,
        outbound: outboundFetch({ allowPrivate }),
        invalidations: platform.tenantCache,
      },
    );
    return {
      knowledge,
      aiProvider: provider,
      knowledgeSources: new KnowledgeSourcesService(platform.database.db, platform.jobs, provider, {
        allowPrivate,
      }),
    };
  },
  plugin: async (app) => {
    const sources = app.services.knowledgeSources;
    app.platform.jobs.register<{ accountId: string; sourceId: string }>(TRAIN_QUEUE, (job) =>
      sources.train(job),
    );
    await app.register(knowledgeRoutes);
    await app.register(knowledgeSourcesRoutes);
  },
});
