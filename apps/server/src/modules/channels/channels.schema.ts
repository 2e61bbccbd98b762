import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';

/**
 * A connected channel of an account (spec §3 `inbox` on a contact is a channel id).
 * - kind: 'webchat' | 'whatsapp-cloud' | 'sms' (packages/shared CHANNEL_KINDS).
 * - externalId: the provider's address of the channel — WhatsApp phone_number_id, the SMS sender
 *   number (E.164), the chat page slug. Unique per kind among live channels: one number or slug
 *   belongs to one account.
 * - config: settings safe to show admins (display phone, WABA id, chat page colours, greeting).
 * - secrets: credentials (access token, app secret, webhook verify token, API keys); never sent
 *   to the web.
 * Webhooks arrive at /webhooks/<kind>/<id> (DESIGN.md §3).
 */
export const channels = pgTable(
  'channels',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    externalId: text('external_id').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deletedAt: tsColumn('deleted_at'),
  },
  (t) => [
    index('channels_acc_idx').on(t.accountId),
    uniqueIndex('channels_kind_external_uq').on(t.kind, t.externalId).where(sql`deleted_at is null`),
  ],
);
