import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Durable listeners' receipts: one row per (listener, event) handled, so a job retried after its
 * handler succeeded (a crash before pg-boss recorded the completion) does not run it again.
 * Platform-wide (no account rows of their own); pruned after a week.
 */
export const eventReceipts = pgTable(
  'event_receipts',
  {
    listener: text('listener').notNull(),
    eventId: uuid('event_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.listener] })],
);
