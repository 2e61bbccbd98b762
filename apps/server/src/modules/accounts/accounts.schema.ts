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
  date,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, idColumn, tsColumn } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';

export const accounts = pgTable('accounts', {
  id: idColumn(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull().default('America/Sao_Paulo'),
  companyIndustry: text('company_industry').notNull().default(''),
  companyGoal: text('company_goal').notNull().default(''),
  companyEmployeeCount: text('company_employee_count').notNull().default(''),
  intercom: text('intercom').notNull().default(''),
  status: integer('status').notNull().default(1),
  whitelabel: boolean('whitelabel').notNull().default(false),
  inQueue: boolean('in_queue').notNull().default(false),
  locked: boolean('locked').notNull().default(false),
  aiEnable: boolean('ai_enable').notNull().default(true),
  assistantEnable: boolean('assistant_enable').notNull().default(true),
  blockContactTab: boolean('block_contact_tab').notNull().default(false),
  blockContactTabGeneral: boolean('block_contact_tab_general').notNull().default(false),
  blockDownloadExcel: boolean('block_download_excel').notNull().default(false),
  smsDispatchEnable: boolean('sms_dispatch_enable').notNull().default(false),
  automationEnable: boolean('automation_enable').notNull().default(true),
  automationLimit: integer('automation_limit').notNull().default(10),
  smsCredit: integer('sms_credit').notNull().default(0),
  versionNamespace: text('version_namespace').notNull().default('v1'),
  restrictReportDownload: boolean('restrict_report_download').notNull().default(false),
  createdAt: createdAtColumn(),
});

export const accountMembers = pgTable(
  'account_members',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acl: text('acl').notNull(),
    intentions: jsonb('intentions').$type<string[]>().notNull().default([]),
    entities: jsonb('entities').$type<string[]>().notNull().default([]),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('account_members_acc_user_uq').on(t.accountId, t.userId),
    index('account_members_user_idx').on(t.userId),
  ],
);

export const accountPlans = pgTable('account_plans', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  price: integer('price').notNull(),
  paymentStatus: text('payment_status').notNull(),
  period: text('period').notNull().default('monthly'),
  endDate: tsColumn('end_date'),
  trialStartDate: tsColumn('trial_start_date'),
  trialEndDate: tsColumn('trial_end_date'),
  isBonus: boolean('is_bonus').notNull().default(false),
  isPaying: boolean('is_paying').notNull().default(false),
  financialCustomerId: text('financial_customer_id'),
  provider: text('provider').notNull().default('sandbox'),
  updatedAt: updatedAtColumn(),
});

/** Conversations counted against the plan per period; the inbox increments it. */
export const conversationUsage = pgTable(
  'conversation_usage',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart] })],
);

export const invitations = pgTable(
  'invitations',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    acl: text('acl').notNull(),
    intentions: jsonb('intentions').$type<string[]>().notNull().default([]),
    entities: jsonb('entities').$type<string[]>().notNull().default([]),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tsColumn('expires_at').notNull(),
    acceptedAt: tsColumn('accepted_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('invitations_account_idx').on(t.accountId)],
);

export const devices = pgTable(
  'devices',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    type: text('type').notNull(),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('devices_acc_user_device_uq').on(t.accountId, t.userId, t.deviceId),
    index('devices_account_idx').on(t.accountId),
  ],
);

/** The account a tenant row belongs to (row-level security filters on it; deleted with the account). */
export const accountIdColumn = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
