import type { TChatbotAiSettings, TChatbotVersion, TFlowDocument } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';
import { users } from '../auth/auth.schema';
import { channels } from '../channels/channels.schema';
import { conversations } from '../inbox/inbox.schema';
import type { TSessionState } from './runtime/session-state';

/**
 * A chatbot of an account: its autosaved draft flow, the channels it answers on and its published
 * version (chatbot_versions holds every frozen version).
 */
export const chatbots = pgTable(
  'chatbots',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('draft'),
    channelIds: jsonb('channel_ids').$type<string[]>().notNull().default([]),
    debounceSeconds: integer('debounce_seconds').notNull().default(3),
    handoverKeywords: jsonb('handover_keywords').$type<string[]>().notNull().default(['atendente', 'humano']),
    draft: jsonb('draft').$type<TFlowDocument>().notNull(),
    /** AI and hybrid bots (ZChatbotAiSettings; '{}' = the defaults). */
    aiSettings: jsonb('ai_settings').$type<Partial<TChatbotAiSettings>>().notNull().default({}),
    publishedVersion: integer('published_version'),
    publishedAt: tsColumn('published_at'),
    trainingState: text('training_state'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('chatbots_acc_idx').on(t.accountId, t.createdAt)],
);

/** A published version: immutable once written. */
export const chatbotVersions = pgTable(
  'chatbot_versions',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: jsonb('document').$type<TFlowDocument>().notNull(),
    summary: jsonb('summary').$type<TChatbotVersion['summary']>().notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: tsColumn('published_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chatbot_versions_bot_version_uq').on(t.chatbotId, t.version)],
);

/**
 * The channels a PUBLISHED bot answers on (one bot per channel). The inbox intake reads it in a
 * join: a conversation opened on one of these channels starts in the flow stage.
 */
export const chatbotChannels = pgTable(
  'chatbot_channels',
  {
    channelId: uuid('channel_id')
      .primaryKey()
      .references(() => channels.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
  },
  (t) => [index('chatbot_channels_bot_idx').on(t.chatbotId)],
);

/**
 * A bot's conversation with a customer: the version it started on, where it is (state), the
 * customer messages not yet answered (pending, read together after the debounce), and the turn
 * lease (one turn at a time per conversation). `turn` numbers the bot's turns: the client ids of
 * a turn's messages derive from it, so a repeated turn stores and sends nothing twice.
 */
export const chatbotSessions = pgTable(
  'chatbot_sessions',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    /** Null for a test session (it runs the draft as it was when the test started: state.document). */
    version: integer('version'),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    test: boolean('test').notNull().default(false),
    state: jsonb('state').$type<TSessionState>().notNull(),
    pending: jsonb('pending').$type<TPendingMessage[]>().notNull().default([]),
    processed: jsonb('processed').$type<string[]>().notNull().default([]),
    lastMessageId: text('last_message_id'),
    turn: integer('turn').notNull().default(0),
    leaseToken: uuid('lease_token'),
    leaseUntil: tsColumn('lease_until'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('chatbot_sessions_active_uq').on(t.conversationId).where(sql`status = 'active'`),
    index('chatbot_sessions_bot_idx').on(t.chatbotId, t.status),
  ],
);

export interface TPendingMessage {
  id: string;
  text: string;
  reply?: { id: string; title: string } | null;
  fileUrl?: string | null;
}

/** A bot's chat page: served by the web chat channel it owns (channel_id). */
export const chatbotPages = pgTable('chatbot_pages', {
  chatbotId: uuid('chatbot_id')
    .primaryKey()
    .references(() => chatbots.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
  slug: text('slug').notNull(),
  title: text('title').notNull().default(''),
  avatarUrl: text('avatar_url'),
  colors: jsonb('colors').$type<{ primary: string; background: string }>().notNull(),
  welcomeText: text('welcome_text').notNull().default(''),
  updatedAt: updatedAtColumn(),
});

/**
 * A web chat visitor made by the editor's live test (POST /p/chatbots/:id/test): their
 * conversation opens in the flow stage and runs `document` (the draft when the test started).
 */
export const chatbotTestVisitors = pgTable('chatbot_test_visitors', {
  contactId: uuid('contact_id').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  chatbotId: uuid('chatbot_id')
    .notNull()
    .references(() => chatbots.id, { onDelete: 'cascade' }),
  document: jsonb('document').$type<TFlowDocument>().notNull(),
  createdAt: createdAtColumn(),
});
