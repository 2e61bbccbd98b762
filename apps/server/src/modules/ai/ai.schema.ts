import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';

/**
 * The account's AI prompts (Settings → AI): for the inbox suggestions and for the team chat's
 * assistant room; null = the product's default in the reader's language.
 */
export const aiSettings = pgTable('ai_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  inboxPrompt: text('inbox_prompt'),
  assistantPrompt: text('assistant_prompt'),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAtColumn(),
});

/** AI calls per account and month (UTC): every complete()/embed() for the account, and the tokens reported. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);
