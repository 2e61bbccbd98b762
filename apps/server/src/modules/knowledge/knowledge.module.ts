import type { TKnowledgeSearch } from '../../platform/ai/ai.types';
import { defineModule } from '../../platform/module';
import { searchKnowledge } from './knowledge-search';
import * as tables from './knowledge.schema';

/**
 * The account's knowledge (notes admins write) and the product's help texts, searched with
 * PostgreSQL full-text search: what the built-in retrieval assistant answers from.
 */
export const knowledgeModule = defineModule({
  name: 'knowledge',
  tables,
  create: (platform) => {
    const db = platform.database.db;
    const search: TKnowledgeSearch = (accountId, question, lang, limit) =>
      searchKnowledge(db, accountId, question, lang, limit);
    return { knowledge: { search } };
  },
});
