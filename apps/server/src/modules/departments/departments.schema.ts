import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns';
import { accountIdColumn } from '../accounts/accounts.schema';

/**
 * Departments of an account (spec §3 intentions). Members are the account members whose
 * `intentions` hold the department's id; conversations.department_id holds it as text.
 */
export const departments = pgTable(
  'departments',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Takes part in automatic distribution. */
    distribution: boolean('distribution').notNull().default(true),
    /** Conversations in attendance per operator for this department; null = the account's setting. */
    capacity: integer('capacity'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('departments_acc_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);

/** Key entities (spec §3 entities, `$alias`): the data the bot captures and contacts' custom fields hold. */
export const keyEntities = pgTable(
  'key_entities',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    type: text('type').notNull().default('text'),
    validation: text('validation').notNull().default(''),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('key_entities_acc_name_uq').on(t.accountId, sql`lower(${t.name})`),
    uniqueIndex('key_entities_acc_alias_uq').on(t.accountId, sql`lower(${t.alias})`),
  ],
);
