import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accountIdColumn } from '../accounts/accounts.schema';
import { users } from '../auth/auth.schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The account's lead phases (spec: GET /p/chat/inbox/phases), ordered by `position`. */
export const contactPhases = pgTable(
  'contact_phases',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    key: text('key'),
    color: text('color').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('contact_phases_acc_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('contact_tags_acc_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);

/**
 * Contacts. `tags` holds tag ids (uuid[], GIN-indexed); `search` is the normalized search key
 * (unaccented lower-case name and e-mail, digits of the phone) kept by PostgreSQL itself. The list
 * indexes that need INCLUDE or operator classes live in the contacts_rls_search migration.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    profilePic: text('profile_pic'),
    type: text('type').notNull().default('manual'),
    phaseId: uuid('phase_id'),
    inbox: uuid('inbox'),
    chat: uuid('chat'),
    status: text('status').notNull().default('active'),
    tags: uuid('tags').array().notNull().default(sql`'{}'::uuid[]`),
    customFields: jsonb('custom_fields')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    blocked: boolean('blocked').notNull().default(false),
    optOut: boolean('opt_out').notNull().default(false),
    source: text('source').notNull().default('manual'),
    /**
     * The visitor a chatbot's live test made (the editor's console; migration 0056): set when made,
     * never changed. Not a customer: the contacts list, search, counts, export and roll-ups leave
     * it out (contactWhere), and its domain events carry `test: true` (isTestEvent).
     */
    test: boolean('test').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deletedAt: tsColumn('deleted_at'),
    mergedInto: uuid('merged_into').references((): AnyPgColumn => contacts.id, { onDelete: 'set null' }),
    search: text('search').generatedAlwaysAs(sql`public.contacts_search_key(name, email, phone)`),
  },
  (t) => [
    // Upsert by phone; also the account_id index the account's cascade delete needs.
    index('contacts_acc_phone_idx').on(t.accountId, t.phone),
    index('contacts_acc_email_idx')
      .on(t.accountId, t.email)
      .where(sql`deleted_at is null and email is not null`),
    // The trash (soft-deleted contacts), newest first.
    index('contacts_trash_idx')
      .on(t.accountId, t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at is not null`),
    index('contacts_merged_into_idx').on(t.mergedInto).where(sql`merged_into is not null`),
    // A live test's visitors, which the list leaves out by id (contactWhere; migration 0059).
    index('contacts_test_idx').on(t.accountId, t.id).where(sql`test`),
  ],
);

/** One CSV import: the upload's facts, the mapping, progress and outcome. */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('uploaded'),
    sizeBytes: integer('size_bytes').notNull().default(0),
    encoding: text('encoding').notNull().default('utf-8'),
    delimiter: text('delimiter').notNull().default(','),
    header: jsonb('header').$type<string[]>().notNull().default([]),
    preview: jsonb('preview').$type<Array<{ line: number; cells: string[] }>>().notNull().default([]),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errorCode: text('error_code'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: createdAtColumn(),
    startedAt: tsColumn('started_at'),
    finishedAt: tsColumn('finished_at'),
  },
  (t) => [index('contact_imports_acc_created_idx').on(t.accountId, t.createdAt)],
);

/** The uploaded file, in 1 MB pieces: any node of the cluster can run the import job. */
export const contactImportChunks = pgTable(
  'contact_import_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.seq] }),
    index('contact_import_chunks_acc_idx').on(t.accountId),
  ],
);

/** Rows an import refused, with their spreadsheet line number (header = line 1) and cells. */
export const contactImportErrors = pgTable(
  'contact_import_errors',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    line: integer('line').notNull(),
    errors: jsonb('errors').$type<Array<{ field: string; code: string }>>().notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index('contact_import_errors_acc_idx').on(t.accountId),
  ],
);
