import { customType, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../platform/db/columns';
import { accounts } from '../../accounts/accounts.schema';
import { users } from '../../auth/auth.schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Files operators upload for the inbox (up to 50 MB each), kept in the database in 1 MB pieces so
 * any node serves them and the channel providers can fetch them (signed links).
 */
export const inboxFiles = pgTable(
  'inbox_files',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('inbox_files_acc_idx').on(t.accountId, t.createdAt)],
);

export const inboxFileChunks = pgTable(
  'inbox_file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => inboxFiles.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] }), index('inbox_file_chunks_acc_idx').on(t.accountId)],
);
