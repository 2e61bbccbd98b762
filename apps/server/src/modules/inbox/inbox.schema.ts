import { sql } from 'drizzle-orm';
import type { TInteractive, TInteractiveReply, TMessageReactions } from '@atende/shared';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';
import { users } from '../auth/auth.schema';
import { channels } from '../channels/channels.schema';
import { contacts } from '../contacts/contacts.schema';

/**
 * A conversation between a contact and the account on one channel (spec §3/§4).
 * stage: 'flow' | 'waiting' | 'attendance' | 'hold' | 'closed' (packages/shared CONVERSATION_STAGES).
 * holdUntil: on hold, when it comes back to its operator (null: at the customer's next message).
 * At most one open (not closed) conversation per contact and channel — a unique partial index, so
 * two webhooks racing for a new contact still open one conversation.
 * counted: whether it counts against the plan's monthly conversations (conversation_usage;
 * the statement lists it).
 * departmentId: the `intention` (department) it is routed to; null = any.
 * lastInboundAt: the customer's last message (the WhatsApp 24-hour window).
 * eventSeq: the number of the conversation's last realtime event (conversation:updated,
 * message:created): bumped in the statement or transaction that makes the change, so the numbers
 * follow the commit order of the conversation's changes; sockets receive them in that order on
 * every node (platform/local-first-adapter.ts).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    stage: text('stage').notNull().default('waiting'),
    origin: text('origin').notNull().default('inbound'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    departmentId: text('department_id'),
    counted: boolean('counted').notNull().default(true),
    /**
     * A chatbot's live test (the editor's console): set by the intake when it opens a test
     * visitor's conversation, never changed. Not a customer's conversation: the inbox's lists leave
     * it out and its domain events carry `test: true` (isTestEvent), which only the bot's runtime
     * and the test console's web chat follow. (counted = false cannot tell it: over-plan
     * conversations are uncounted too.)
     */
    test: boolean('test').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: tsColumn('last_message_at').notNull().defaultNow(),
    lastInboundAt: tsColumn('last_inbound_at'),
    lastMessagePreview: text('last_message_preview'),
    takenAt: tsColumn('taken_at'),
    closedAt: tsColumn('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closeReason: text('close_reason'),
    closeSubReason: text('close_sub_reason'),
    holdUntil: tsColumn('hold_until'),
    /** Surveys (issue 18): the reply this closed conversation awaits (intake/awaited-replies.ts). */
    awaitingReply: jsonb('awaiting_reply').$type<{
      until: string;
      optionIds?: string[];
      numbers?: [number, number];
      text?: boolean;
    }>(),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('conversations_open_uq')
      .on(t.accountId, t.contactId, t.channelId)
      .where(sql`stage <> 'closed'`),
    // The inbox tabs: open conversations by stage, most recent activity first.
    index('conversations_open_idx')
      .on(t.accountId, t.stage, t.lastMessageAt.desc())
      .where(sql`stage <> 'closed'`),
    index('conversations_assignee_idx').on(t.accountId, t.assigneeId, t.stage).where(sql`stage <> 'closed'`),
    // A chatbot's open live tests (few), which the dashboard's live counts take off (openCounts).
    index('conversations_open_test_idx').on(t.accountId).where(sql`test and stage <> 'closed'`),
    // A contact's conversations; contact_id first also serves the cascade when contacts are
    // deleted (an account with 100k contacts), which filters on contact_id alone.
    index('conversations_contact_idx').on(t.contactId, t.createdAt.desc()),
    // The statement (extrato): conversations per period.
    index('conversations_created_idx').on(t.accountId, t.createdAt),
    // Catch-up after a reconnect: conversations changed since a moment.
    index('conversations_updated_idx').on(t.accountId, t.updatedAt),
  ],
);

/**
 * A message of a conversation (spec §3 chat message: id, uid, timestamp, ack, author...).
 * providerMessageId: the channel provider's id (WhatsApp wamid, SMS id) — unique per channel, so a
 * retried webhook stores the message once. clientId: the web client's temp id of an outbound
 * send, unique per conversation (a retried send is stored once).
 * ack: -1 failed, 0 pending, 1 sent, 2 delivered, 3 read (MESSAGE_ACK); it only rises.
 * private: an operator's private note (never sent to the channel).
 */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id'),
    authorType: text('author_type').notNull(),
    authorId: uuid('author_id'),
    authorName: text('author_name'),
    kind: text('kind').notNull().default('text'),
    body: text('body'),
    media: jsonb('media').$type<{
      url?: string;
      fileId?: string;
      providerMediaId?: string;
      mimeType: string;
      fileName?: string;
      size?: number;
    }>(),
    template: jsonb('template').$type<Record<string, unknown>>(),
    interactive: jsonb('interactive').$type<TInteractive>(),
    reply: jsonb('reply').$type<TInteractiveReply>(),
    reactions: jsonb('reactions').$type<TMessageReactions>(),
    private: boolean('private').notNull().default(false),
    providerMessageId: text('provider_message_id'),
    clientId: text('client_id'),
    ack: smallint('ack').notNull().default(0),
    errorCode: text('error_code'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_acc_idx').on(t.accountId, t.createdAt),
    uniqueIndex('messages_provider_uq')
      .on(t.channelId, t.providerMessageId)
      .where(sql`provider_message_id is not null`),
    uniqueIndex('messages_client_uq').on(t.conversationId, t.clientId).where(sql`client_id is not null`),
  ],
);
