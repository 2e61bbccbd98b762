import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn, idColumn, tsColumn, updatedAtColumn } from '../../platform/db/columns';
import { accountIdColumn } from '../accounts/accounts.schema';
import { users } from '../auth/auth.schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const seqColumn = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
/** A stored file reference on a message. */
export interface TStoredFile {
  fileId: string;
  name: string;
  extension: string;
  size: number;
}

/**
 * Rooms: `key` is 'account' (everyone), 'direct:<userA>:<userB>' (ids sorted) or 'ai:<userId>'.
 * `last_seq` numbers the room's messages; unread = last_seq - the member's read_seq.
 */
export const teamChatRooms = pgTable(
  'team_chat_rooms',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    type: text('type').$type<'account' | 'direct' | 'ai'>().notNull(),
    key: text('key').notNull(),
    lastSeq: seqColumn('last_seq'),
    lastMessageAt: tsColumn('last_message_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('team_chat_rooms_acc_key_uq').on(t.accountId, t.key)],
);

/** A member's position in a room: what they have read and where their cleared history ends. */
export const teamChatRoomMembers = pgTable(
  'team_chat_room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => teamChatRooms.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readSeq: seqColumn('read_seq'),
    clearedSeq: seqColumn('cleared_seq'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('team_chat_room_members_acc_user_idx').on(t.accountId, t.userId),
  ],
);

/** Messages; sender_id null is the AI assistant. (account, sender, temp_id) makes sends idempotent. */
export const teamChatMessages = pgTable(
  'team_chat_messages',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => teamChatRooms.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: uuid('sender_id'),
    content: text('content').notNull(),
    files: jsonb('files').$type<TStoredFile[]>().notNull().default([]),
    tempId: text('temp_id'),
    ai: jsonb('ai').$type<{ provider: 'openai' | 'retrieval'; model: string }>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('team_chat_messages_room_seq_uq').on(t.roomId, t.seq),
    uniqueIndex('team_chat_messages_temp_uq')
      .on(t.accountId, t.senderId, t.tempId)
      .where(sql`${t.tempId} is not null`),
    index('team_chat_messages_account_idx').on(t.accountId),
  ],
);

/** Uploaded files (bytes in the database so every node serves them). */
export const teamChatFiles = pgTable(
  'team_chat_files',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    uploaderId: uuid('uploader_id').notNull(),
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('team_chat_files_account_idx').on(t.accountId)],
);

/** Presence: last activity drives idle; offline_at is an explicit pingOffline. */
export const teamChatPresence = pgTable(
  'team_chat_presence',
  {
    accountId: accountIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: tsColumn('last_seen_at').notNull().defaultNow(),
    lastActivityAt: tsColumn('last_activity_at').notNull().defaultNow(),
    offlineAt: tsColumn('offline_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);
