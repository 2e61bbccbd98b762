import { defineModule } from '../../platform/module';
import { knowledgeRoutes } from './knowledge.routes';
import * as tables from './knowledge.schema';
import { KnowledgeService } from './knowledge.service';

/**
 * The account's knowledge (notes admins write) and the product's help texts, searched with
 * PostgreSQL full-text search: what the built-in retrieval assistant answers from.
 */
export const knowledgeModule = defineModule({
  name: 'knowledge',
  tables,
  create: (platform) => ({ knowledge: new KnowledgeService(platform.database.db) }),
  plugin: async (app) => {
    await app.register(knowledgeRoutes);
  },
});
