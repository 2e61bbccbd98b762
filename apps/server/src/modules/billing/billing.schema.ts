import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tsColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';

/** A checkout started with a billing provider; completed by the provider's confirmation. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    period: text('period').notNull(),
    amount: integer('amount').notNull(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status').notNull().default('open'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    completedAt: tsColumn('completed_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('checkouts_account_idx').on(t.accountId),
    uniqueIndex('checkouts_provider_session_uq').on(t.providerSessionId),
  ],
);
