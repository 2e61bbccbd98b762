import type {
  TAutomationAction,
  TAutomationActionResult,
  TAutomationConditions,
  TAutomationTrigger,
} from '@atende/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { accounts } from '../accounts/accounts.schema';
import { users } from '../auth/auth.schema';

/**
 * Automation rules of an account, in their explicit order (`position`). `system_kind` marks the
 * automatic messages of settings (greeting, queue, transfer, close, inactivity): rules the engine
 * runs like any other, edited on the auto messages page, not counted in `automationLimit`.
 */
export const automations = pgTable(
  'automations',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    triggerType: text('trigger_type').notNull(),
    trigger: jsonb('trigger').$type<TAutomationTrigger>().notNull(),
    conditions: jsonb('conditions')
      .$type<TAutomationConditions>()
      .notNull()
      .default({ match: 'all', groups: [] }),
    actions: jsonb('actions').$type<TAutomationAction[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    maxPerHour: integer('max_per_hour').notNull().default(5),
    disabledReason: text('disabled_reason'),
    systemKind: text('system_kind'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('automations_acc_trigger_idx').on(t.accountId, t.triggerType).where(sql`active`),
    index('automations_acc_position_idx').on(t.accountId, t.position),
    uniqueIndex('automations_acc_system_uq')
      .on(t.accountId, t.systemKind)
      .where(sql`system_kind IS NOT NULL`),
  ],
);

/**
 * The run log: one row per (rule, key) — the key is the domain event's id, or the timer's /
 * schedule tick's own — so a retried event never runs a rule twice. `next_step` is the first
 * action not yet done (a crash resumes there; "wait" continues from it).
 */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    trigger: text('trigger').notNull(),
    conversationId: uuid('conversation_id'),
    contactId: uuid('contact_id'),
    status: text('status').notNull(),
    reason: text('reason'),
    results: jsonb('results').$type<TAutomationActionResult[]>().notNull().default([]),
    nextStep: integer('next_step').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('automation_runs_key_uq').on(t.automationId, t.key),
    index('automation_runs_log_idx').on(t.automationId, t.createdAt.desc()),
    index('automation_runs_conv_idx').on(t.automationId, t.conversationId, t.createdAt),
    // A contact trigger's hourly fire limit counts the rule's runs for the contact (claimRunRow).
    index('automation_runs_contact_idx')
      .on(t.automationId, t.contactId, t.createdAt)
      .where(sql`contact_id is not null`),
    index('automation_runs_acc_created_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * The rules an event did not concern, one row per event and stretch of rules (`seq`: the position of
 * its first rule): their ids and why each was skipped, as two aligned arrays. With tens of rules of
 * a trigger, one row per rule and message was the engine's largest cost. The run log shows them
 * beside automation_runs (listLogRows).
 */
export const automationSkips = pgTable(
  'automation_skips',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    trigger: text('trigger').notNull(),
    seq: integer('seq').notNull(),
    conversationId: uuid('conversation_id'),
    contactId: uuid('contact_id'),
    automationIds: uuid('automation_ids').array().notNull(),
    reasons: text('reasons').array().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key, t.trigger, t.seq] }),
    index('automation_skips_log_idx').on(t.accountId, t.trigger, t.createdAt.desc()),
  ],
);

/**
 * The time triggers' pending fires (one per rule and anchor, `key` = `<trigger>:<conversation>:<message
 * or 'open'>`): swept every second by each worker process, claimed with FOR UPDATE SKIP LOCKED (a
 * claim moves `due_at` to the end of its lease, so the row of a process that died is due again),
 * fired (idempotent on the run key) and deleted; cancelled when the silence they wait for ends.
 */
export const automationTimers = pgTable(
  'automation_timers',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    trigger: text('trigger').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    contactId: uuid('contact_id'),
    messageAt: tsColumn('message_at').notNull(),
    messageId: text('message_id'),
    dueAt: tsColumn('due_at').notNull(),
    /** 'pending', or 'claimed' (due_at is then the lease's end). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('automation_timers_key_uq').on(t.automationId, t.key),
    index('automation_timers_due_idx').on(t.dueAt),
    index('automation_timers_conv_idx').on(t.conversationId),
  ],
);
