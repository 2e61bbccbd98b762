import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, tsColumn } from '../../../platform/db/columns';
import { accountIdColumn } from '../../accounts/accounts.schema';
import { users } from '../../auth/auth.schema';

/**
 * The automatic distribution queue: members who receive new waiting conversations round-robin
 * (least recently assigned first) while online and under capacity.
 */
export const distributionMembers = pgTable(
  'distribution_members',
  {
    accountId: accountIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastAssignedAt: tsColumn('last_assigned_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index('distribution_members_user_idx').on(t.userId),
  ],
);
