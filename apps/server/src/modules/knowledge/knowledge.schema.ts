import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';

/**
 * The account's own notes for the built-in retrieval assistant (and later AI features).
 * Full-text index: to_tsvector('portuguese', title || ' ' || body), in the team_chat_rls migration.
 */
export const knowledgeNotes = pgTable(
  'knowledge_notes',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('knowledge_notes_account_idx').on(t.accountId)],
);
export * from './sources/knowledge-sources.schema';
