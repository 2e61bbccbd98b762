import { createAiProvider } from '../../platform/ai/ai-provider';
import { defineModule } from '../../platform/module';
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
  create: (platform) => {
    const knowledge = new KnowledgeService(platform.database.db);
    const provider = createAiProvider(platform.config, knowledge.search);
    return {
      knowledge,
      knowledgeSources: new KnowledgeSourcesService(
        platform.database.db,
        platform.jobs,
        provider.kind === 'openai' ? provider : null,
      ),
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
