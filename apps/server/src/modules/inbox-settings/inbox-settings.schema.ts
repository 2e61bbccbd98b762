import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { THoursRange, TWeekHours } from '@atende/shared';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../platform/db/columns';
import { accountIdColumn } from '../accounts/accounts.schema';

/**
 * The inbox settings of an account (one row, created on first write; defaults apply until then):
 * attendance hours per weekday (account time zone), out-of-hours auto message, inbox load size,
 * operator restrictions, downtime closing, distribution capacity.
 */
export const inboxSettings = pgTable('inbox_settings', {
  accountId: accountIdColumn().primaryKey(),
  hoursEnabled: boolean('hours_enabled').notNull().default(false),
  hours: jsonb('hours').$type<TWeekHours>(),
  outOfHoursMessageEnabled: boolean('out_of_hours_message_enabled').notNull().default(false),
  outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
  loadSize: integer('load_size').notNull().default(200),
  hideWaitingTab: boolean('hide_waiting_tab').notNull().default(false),
  blockStartConversation: boolean('block_start_conversation').notNull().default(false),
  restrictOutsideHours: boolean('restrict_outside_hours').notNull().default(false),
  downtimeDays: integer('downtime_days'),
  operatorCapacity: integer('operator_capacity').notNull().default(5),
  sendWindow: jsonb('send_window').$type<THoursRange>(),
  updatedAt: updatedAtColumn(),
});

/** Closing reasons with their sub-reasons (unique name per account, case-insensitive; at most 50). */
export const closingReasons = pgTable(
  'closing_reasons',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    subReasons: jsonb('sub_reasons').$type<string[]>().notNull().default([]),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('closing_reasons_acc_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);
