import { date, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accountIdColumn } from '../accounts/accounts.schema';

const histogram = (name: string) => integer(name).array().notNull().default([]);

/** The breakdown keys and figures of a day's (dashboard_daily) or a month's (dashboard_monthly) row. */
const figureColumns = () => ({
  channelId: uuid('channel_id'),
  departmentId: text('department_id'),
  operatorId: uuid('operator_id'),
  origin: text('origin').notNull(),
  opened: integer('opened').notNull().default(0),
  closed: integer('closed').notNull().default(0),
  messagesIn: integer('messages_in').notNull().default(0),
  messagesOut: integer('messages_out').notNull().default(0),
  frtWall: histogram('frt_wall'),
  frtBiz: histogram('frt_biz'),
  replyWall: histogram('reply_wall'),
  replyBiz: histogram('reply_biz'),
  resolutionWall: histogram('resolution_wall'),
  resolutionBiz: histogram('resolution_biz'),
});

/**
 * One account's local day (its time zone) per channel, department, operator and origin: the
 * conversations opened/closed, messages in/out, and first response, reply and resolution times as
 * histograms with the fixed buckets of histogram.ts (wall clock and inside attendance hours). A day
 * is replaced whole when it is built again (rollup.service.ts).
 */
export const dashboardDaily = pgTable(
  'dashboard_daily',
  {
    accountId: accountIdColumn(),
    day: date('day').notNull(),
    ...figureColumns(),
  },
  (t) => [
    index('dashboard_daily_acc_day_idx').on(t.accountId, t.day),
    index('dashboard_daily_acc_operator_day_idx').on(t.accountId, t.operatorId, t.day),
  ],
);

/**
 * The dashboard_daily rows of a local calendar month (`month` = its first day) summed per channel,
 * department, operator and origin, rebuilt with any of its days (rollup.repo.ts mergeMonth): long
 * periods read their whole months here and only the days at their edges from dashboard_daily.
 */
export const dashboardMonthly = pgTable(
  'dashboard_monthly',
  {
    accountId: accountIdColumn(),
    month: date('month').notNull(),
    ...figureColumns(),
  },
  (t) => [
    index('dashboard_monthly_acc_month_idx').on(t.accountId, t.month),
    index('dashboard_monthly_acc_operator_month_idx').on(t.accountId, t.operatorId, t.month),
  ],
);

/**
 * What the pages show, pre-aggregated (migration 0042): per local day (grain 'day') and calendar
 * month (grain 'month', its first day), the account's totals (dim 'all') and one row per channel,
 * department, operator or origin (key), with the 'all' rows' heatmap (168 cells, weekday * 24 +
 * hour) and the operators' active hours. Built from dashboard_daily and dashboard_hourly with the
 * day (SQL functions dashboard_build_totals and dashboard_merge_totals; rollup.repo.ts).
 */
export const dashboardTotals = pgTable(
  'dashboard_totals',
  {
    accountId: accountIdColumn(),
    grain: text('grain').notNull(),
    day: date('day').notNull(),
    dim: text('dim').notNull(),
    key: text('key'),
    opened: integer('opened').notNull().default(0),
    closed: integer('closed').notNull().default(0),
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
    frtWall: histogram('frt_wall'),
    frtBiz: histogram('frt_biz'),
    replyWall: histogram('reply_wall'),
    replyBiz: histogram('reply_biz'),
    resolutionWall: histogram('resolution_wall'),
    resolutionBiz: histogram('resolution_biz'),
    heatOpened: histogram('heat_opened'),
    heatIn: histogram('heat_in'),
    activeHours: integer('active_hours').notNull().default(0),
  },
  (t) => [index('dashboard_totals_acc_dim_grain_day_idx').on(t.accountId, t.dim, t.grain, t.day)],
);

/** Per local hour of the day and operator: the volumes of the heatmap and the operators' hours. */
export const dashboardHourly = pgTable(
  'dashboard_hourly',
  {
    accountId: accountIdColumn(),
    day: date('day').notNull(),
    hour: smallint('hour').notNull(),
    operatorId: uuid('operator_id'),
    opened: integer('opened').notNull().default(0),
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
  },
  (t) => [index('dashboard_hourly_acc_day_idx').on(t.accountId, t.day)],
);

/** Contacts per local day: new ones by source and phase, entries into a phase, opt-outs. */
export const dashboardContactsDaily = pgTable(
  'dashboard_contacts_daily',
  {
    accountId: accountIdColumn(),
    day: date('day').notNull(),
    source: text('source'),
    phaseId: uuid('phase_id'),
    newContacts: integer('new_contacts').notNull().default(0),
    phaseEntries: integer('phase_entries').notNull().default(0),
    optOuts: integer('opt_outs').notNull().default(0),
  },
  (t) => [index('dashboard_contacts_daily_acc_day_idx').on(t.accountId, t.day)],
);

/**
 * Contact facts that leave no dated row elsewhere, recorded from domain events
 * (contact.phase_changed, contact.updated with optOut): kind 'phase' (phaseId = the new phase) or
 * 'opt_out'.
 */
export const dashboardContactEvents = pgTable(
  'dashboard_contact_events',
  {
    id: uuid('id').primaryKey(),
    accountId: accountIdColumn(),
    at: tsColumn('at').notNull(),
    kind: text('kind').notNull(),
    contactId: uuid('contact_id').notNull(),
    phaseId: uuid('phase_id'),
  },
  (t) => [index('dashboard_contact_events_acc_at_idx').on(t.accountId, t.at)],
);

/** How far an account's roll-ups are built, and the days to build again (late events). */
export const dashboardRollups = pgTable('dashboard_rollups', {
  accountId: accountIdColumn().primaryKey(),
  builtThrough: date('built_through'),
  dirtyDays: date('dirty_days').array().notNull().default([]),
  updatedAt: updatedAtColumn(),
});

/** The targets an admin sets for the performance dashboard (seconds; null = none). */
export const dashboardTargets = pgTable('dashboard_targets', {
  accountId: accountIdColumn().primaryKey(),
  firstResponseSeconds: integer('first_response_seconds'),
  resolutionSeconds: integer('resolution_seconds'),
  updatedAt: updatedAtColumn(),
});
