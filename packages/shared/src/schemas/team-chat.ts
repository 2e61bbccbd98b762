import { z } from 'zod';
import { LIMITS } from '../limits';

/**
 * Team chat contract (spec §3, §7): the socket payloads of namespace /attendance and the HTTP
 * bodies of p/team-chat. Every client event takes an optional acknowledgement callback answered
 * with `TTeamChatAck` ({ status: 1, data } or { status: 0, code, message }).
 *
 * Rooms: one per account (type 'account', everyone), direct rooms between two members (created
 * on the first message, addressed with `directUserId` until then) and one AI room per user.
 */

export const TEAM_CHAT_ROOM_TYPES = ['account', 'direct', 'ai'] as const;
export const TEAM_CHAT_MESSAGE_STATUSES = ['sending', 'sent', 'retrying', 'failed'] as const;
export const TEAM_CHAT_PRESENCE = ['online', 'idle', 'offline'] as const;
/** senderId of the AI room's answers. */
export const TEAM_CHAT_ASSISTANT_ID = 'assistant';
export const TEAM_CHAT_MAX_FILES = 10;
/** Content beyond this is refused; up to it, content is truncated to LIMITS.teamChat.contentMaxChars. */
export const TEAM_CHAT_CONTENT_HARD_MAX = 20_000;

export const ZTeamChatRoomType = z.enum(TEAM_CHAT_ROOM_TYPES);
export const ZTeamChatMessageStatus = z.enum(TEAM_CHAT_MESSAGE_STATUSES);
export const ZTeamChatPresence = z.enum(TEAM_CHAT_PRESENCE);

/** Client-chosen id of a send, so a retried send is stored once (idempotency key). */
const zTempId = z.string().trim().min(1).max(100);
const zContent = z.string().max(TEAM_CHAT_CONTENT_HARD_MAX, { error: 'tooLong' });

export const ZTeamChatFileRef = z.object({ fileId: z.uuid() });
export const ZTeamChatFile = z.object({
  name: z.string(),
  extension: z.string(),
  url: z.string(),
  size: z.number().int().nonnegative(),
});

/** A stored message (spec §3). `seq` orders a room; the AI room's answers carry `ai`. */
export const ZTeamChatMessage = z.object({
  _id: z.uuid(),
  content: z.string(),
  senderId: z.string(),
  roomId: z.uuid(),
  files: z.array(ZTeamChatFile),
  timestamp: z.string(),
  status: ZTeamChatMessageStatus,
  seq: z.number().int(),
  tempId: z.string().nullable(),
  ai: z
    .object({ provider: z.enum(['openai', 'retrieval']), model: z.string(), error: z.string().optional() })
    .optional(),
});

/** A room as the panel lists it (spec §3) with the caller's unread count. */
export const ZTeamChatRoom = z.object({
  roomId: z.uuid(),
  roomName: z.string(),
  avatar: z.string().nullable(),
  unreadCount: z.number().int().nonnegative(),
  users: z.array(z.uuid()),
  type: ZTeamChatRoomType,
  lastSeq: z.number().int(),
});

export const ZTeamMember = z.object({
  userId: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  status: ZTeamChatPresence,
  lastSeen: z.string().nullable(),
});

// ---- client → server ----

/** sendMessage: to `roomId`, or to the direct room with `directUserId` (created when missing). */
export const ZSendMessagePayload = z
  .object({
    roomId: z.uuid().optional(),
    directUserId: z.uuid().optional(),
    content: zContent.default(''),
    files: z.array(ZTeamChatFileRef).max(TEAM_CHAT_MAX_FILES).default([]),
    tempId: zTempId,
  })
  .refine((p) => Boolean(p.roomId) !== Boolean(p.directUserId), { error: 'required', path: ['roomId'] })
  .refine((p) => p.content.trim().length > 0 || p.files.length > 0, { error: 'required', path: ['content'] });

/** sendMessageGPT: a question in the caller's own AI room. */
export const ZSendMessageGPTPayload = z.object({
  content: zContent.refine((c) => c.trim().length > 0, { error: 'required' }),
  tempId: zTempId,
});

/** fetchMessages: newest first, `before` is the `nextCursor` of the previous page. */
export const ZFetchMessagesPayload = z
  .object({
    roomId: z.uuid().optional(),
    directUserId: z.uuid().optional(),
    before: z
      .string()
      .regex(/^\d{1,15}$/)
      .optional(),
    limit: z.number().int().min(1).max(100).default(30),
  })
  .refine((p) => Boolean(p.roomId) !== Boolean(p.directUserId), { error: 'required', path: ['roomId'] });

/** updateUnreadCount: marks `roomId` read (when given) and pushes the caller's counts. */
export const ZUpdateUnreadCountPayload = z.object({ roomId: z.uuid().optional() }).nullish();

/** clearMessages: deletes the caller's AI room history; in other rooms hides history from the caller only. */
export const ZClearMessagesPayload = z.object({ roomId: z.uuid() });
export const ZPingPayload = z.object({}).loose().nullish();

// ---- server → client ----

/** teamMembers: `full` on connect (every member), otherwise only the members whose presence changed. */
export const ZTeamMembersEvent = z.object({ full: z.boolean(), members: z.array(ZTeamMember) });
/** messageSent: to the sender's socket once stored (the ack carries the same message). */
export const ZMessageSentEvent = z.object({ tempId: z.string(), message: ZTeamChatMessage });
/**
 * sendMessage (server): a new message in one of the caller's rooms. The AI room's answer streams:
 * the same `_id` arrives with status 'sending' and the text so far, then 'sent' (or 'failed').
 */
export const ZSendMessageEvent = ZTeamChatMessage;
export const ZFetchMessagesEvent = z.object({
  roomId: z.uuid().nullable(),
  messages: z.array(ZTeamChatMessage),
  nextCursor: z.string().nullable(),
});
/** updateUnreadCount: every room of the caller with its unread count (on connect and after changes). */
export const ZUpdateUnreadCountEvent = z.object({
  rooms: z.array(ZTeamChatRoom),
  total: z.number().int().nonnegative(),
});

export type TTeamChatAck<T> = { status: 1; data: T } | { status: 0; code: string; message: string };

export type TTeamChatFile = z.infer<typeof ZTeamChatFile>;
export type TTeamChatMessage = z.infer<typeof ZTeamChatMessage>;
export type TTeamChatRoom = z.infer<typeof ZTeamChatRoom>;
export type TTeamMember = z.infer<typeof ZTeamMember>;
export type TSendMessagePayload = z.input<typeof ZSendMessagePayload>;
export type TSendMessageGPTPayload = z.input<typeof ZSendMessageGPTPayload>;
export type TFetchMessagesPayload = z.input<typeof ZFetchMessagesPayload>;
export type TUpdateUnreadCountPayload = z.input<typeof ZUpdateUnreadCountPayload>;
export type TClearMessagesPayload = z.input<typeof ZClearMessagesPayload>;
export type TTeamMembersEvent = z.infer<typeof ZTeamMembersEvent>;
export type TMessageSentEvent = z.infer<typeof ZMessageSentEvent>;
export type TFetchMessagesEvent = z.infer<typeof ZFetchMessagesEvent>;
export type TUpdateUnreadCountEvent = z.infer<typeof ZUpdateUnreadCountEvent>;

type TAckFn<T> = (ack: TTeamChatAck<T>) => void;

/** Events the client emits (socket.io-client `Socket<TTeamChatServerEvents, TTeamChatClientEvents>`). */
export interface TTeamChatClientEvents {
  sendMessage: (payload: TSendMessagePayload, ack?: TAckFn<TTeamChatMessage>) => void;
  sendMessageGPT: (payload: TSendMessageGPTPayload, ack?: TAckFn<TTeamChatMessage>) => void;
  fetchMessages: (payload: TFetchMessagesPayload, ack?: TAckFn<TFetchMessagesEvent>) => void;
  updateUnreadCount: (payload?: TUpdateUnreadCountPayload, ack?: TAckFn<TUpdateUnreadCountEvent>) => void;
  clearMessages: (payload: TClearMessagesPayload, ack?: TAckFn<{ roomId: string; cleared: number }>) => void;
  pingLastSeen: (payload?: Record<string, never>, ack?: TAckFn<{ lastSeen: string }>) => void;
  pingOffline: (payload?: Record<string, never>, ack?: TAckFn<{ lastSeen: string }>) => void;
}

/** Events the server emits. */
export interface TTeamChatServerEvents {
  teamMembers: (event: TTeamMembersEvent) => void;
  sendMessage: (message: TTeamChatMessage) => void;
  messageSent: (event: TMessageSentEvent) => void;
  fetchMessages: (event: TFetchMessagesEvent) => void;
  updateUnreadCount: (event: TUpdateUnreadCountEvent) => void;
}

// ---- HTTP ----

export const TEAM_CHAT_FILE_MAX_BYTES = LIMITS.files.maxBytes;
export const ZTeamChatUploadQuery = z.object({ acc: z.uuid(), name: z.string().trim().min(3).max(200) });
export const ZTeamChatUploadResult = z.object({
  fileId: z.uuid(),
  name: z.string(),
  extension: z.string(),
  size: z.number().int(),
});
export const ZTeamChatSettingsBody = z.object({ aiPrompt: z.string().max(4000, { error: 'tooLong' }) });
export const ZKnowledgeNoteBody = z.object({
  title: z.string().trim().min(1, { error: 'required' }).max(200, { error: 'tooLong' }),
  body: z.string().trim().min(1, { error: 'required' }).max(10_000, { error: 'tooLong' }),
});
export type TTeamChatUploadResult = z.infer<typeof ZTeamChatUploadResult>;
export type TTeamChatSettingsBody = z.infer<typeof ZTeamChatSettingsBody>;
export type TKnowledgeNoteBody = z.infer<typeof ZKnowledgeNoteBody>;

/** GET /p/team-chat/settings and its PUT. */
export const ZTeamChatSettings = z.object({ aiPrompt: z.string() });

/** A note of the assistant's knowledge (p/ai/knowledge). */
export const ZKnowledgeNote = z.object({
  _id: z.string(),
  acc: z.string(),
  title: z.string(),
  body: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TKnowledgeNote = z.infer<typeof ZKnowledgeNote>;
