import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';

export const activityLog = pgTable(
  'activity_log',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    userName: text('user_name').notNull().default(''),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [index('activity_log_account_created_idx').on(t.accountId, t.createdAt)],
);
