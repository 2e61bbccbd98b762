import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accountIdColumn } from '../accounts/accounts.schema';
import { users } from '../auth/auth.schema';

/** An app installed in an account: its non-secret settings and its secrets, encrypted (secret-box). */
export const appInstalls = pgTable(
  'app_installs',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    appKey: text('app_key').notNull(),
    name: text('name').notNull().default(''),
    status: text('status').notNull().default('active'),
    settings: jsonb('settings').$type<Record<string, string | boolean>>().notNull().default({}),
    secrets: text('secrets').notNull().default(''),
    secretsSet: text('secrets_set').array().notNull().default(sql`'{}'`),
    disabledReason: text('disabled_reason'),
    consecutiveErrors: integer('consecutive_errors').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('app_installs_acc_idx').on(t.accountId, t.appKey)],
);

/** One step of an app's life (install, configure, test, import…) with the spec's history statuses. */
export const appRuns = pgTable(
  'app_runs',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    installId: uuid('install_id').references(() => appInstalls.id, { onDelete: 'set null' }),
    appKey: text('app_key').notNull(),
    action: text('action').notNull(),
    status: text('status').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    message: text('message').notNull().default(''),
    log: jsonb('log').$type<string[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: tsColumn('finished_at'),
  },
  (t) => [index('app_runs_acc_idx').on(t.accountId, t.startedAt)],
);

/** A URL the Webhooks app posts chosen domain events to, signed with its secret (encrypted). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    installId: uuid('install_id')
      .notNull()
      .references(() => appInstalls.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull().default(sql`'{}'`),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: tsColumn('previous_secret_until'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('webhook_endpoints_acc_idx').on(t.accountId)],
);

/**
 * The body of an event some endpoint receives, kept once for all of its deliveries; while its
 * deliveries are not written yet, the endpoints it goes to and when a worker should write them.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    accountId: accountIdColumn(),
    name: text('name'),
    /** The body as posted: json (its text), not jsonb (see migration 0054). */
    payload: json('payload').notNull(),
    endpointIds: uuid('endpoint_ids').array(),
    dueAt: tsColumn('due_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('webhook_events_due_idx').on(t.dueAt).where(sql`due_at is not null`)],
);

/** One event for one endpoint: one row per (endpoint, event), retried until it lands or 24 h pass. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventName: text('event_name').notNull(),
    /** The body, in deliveries written before webhook_events (later ones read it there). */
    payload: jsonb('payload'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: tsColumn('claimed_until'),
    nextAttemptAt: tsColumn('next_attempt_at'),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error').notNull().default(''),
    firstAttemptAt: tsColumn('first_attempt_at'),
    deliveredAt: tsColumn('delivered_at'),
    /** When a process attempts it next (the sweep's key); null once delivered or failed. */
    dueAt: tsColumn('due_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.dueAt).where(sql`due_at is not null`),
  ],
);

/** A member's notification preferences in one account (push on/off, sound, which events). */
export const pushPreferences = pgTable(
  'push_preferences',
  {
    accountId: accountIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    push: boolean('push').notNull().default(true),
    sound: boolean('sound').notNull().default(true),
    events: text('events').array().notNull().default(sql`'{assigned,message}'`),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);
