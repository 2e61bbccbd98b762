import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';
import { users } from '../auth/auth.schema';

/** Quick messages of an account: a shortcut (unique, case-insensitive) and its text with {{variables}}. */
export const quickMessages = pgTable(
  'quick_messages',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shortcut: text('shortcut').notNull(),
    text: text('text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('quick_messages_acc_shortcut_uq').on(t.accountId, sql`lower(${t.shortcut})`)],
);
