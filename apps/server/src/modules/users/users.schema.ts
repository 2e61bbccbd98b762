import { customType, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Profile pictures, kept in the database so every node serves them. */
export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  updatedAt: updatedAtColumn(),
});
