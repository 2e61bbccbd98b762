import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TSurveySettings } from '@atende/shared';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accountIdColumn } from '../accounts/accounts.schema';
import { users } from '../auth/auth.schema';
import { channels } from '../channels/channels.schema';
import { contacts } from '../contacts/contacts.schema';
import { conversations } from '../inbox/inbox.schema';

/** An account's survey settings (one row, written on first save; DEFAULT_SURVEY_SETTINGS until then). */
export const surveySettings = pgTable('survey_settings', {
  accountId: accountIdColumn().primaryKey(),
  settings: jsonb('settings').$type<Partial<TSurveySettings>>().notNull(),
  updatedAt: updatedAtColumn(),
});

/**
 * One survey asked in a conversation. status: 'sent' (waiting for the answer until expires_at),
 * 'answered', 'expired', 'not_sent' (not_sent_reason: 'window_closed', 'channel_disabled'...).
 * step: what the customer's next message answers ('csat', 'nps', 'comment'); null once done.
 * eventId: the conversation.closed event that asked it (a retried listener asks once).
 */
export const surveyRequests = pgTable(
  'survey_requests',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    channelKind: text('channel_kind'),
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    departmentId: text('department_id'),
    trigger: text('trigger').notNull(),
    eventId: text('event_id'),
    type: text('type').notNull(),
    lang: text('lang').notNull(),
    status: text('status').notNull(),
    step: text('step'),
    /** When the current step's question was asked: earlier messages answer nothing now. */
    stepAt: tsColumn('step_at'),
    notSentReason: text('not_sent_reason'),
    csat: smallint('csat'),
    nps: smallint('nps'),
    comment: text('comment'),
    sentAt: tsColumn('sent_at'),
    expiresAt: tsColumn('expires_at'),
    answeredAt: tsColumn('answered_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('survey_requests_event_uq').on(t.accountId, t.eventId).where(sql`event_id is not null`),
    index('survey_requests_contact_idx').on(t.accountId, t.contactId, t.createdAt),
    index('survey_requests_waiting_idx')
      .on(t.accountId, t.channelId, t.contactId)
      .where(sql`status in ('sent', 'answered') and step is not null`),
    index('survey_requests_conversation_idx').on(t.conversationId),
    index('survey_requests_report_idx').on(t.accountId, t.createdAt),
  ],
);
