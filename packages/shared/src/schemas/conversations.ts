import { z } from 'zod';
import { LIMITS } from '../limits';
import { zIsoDate, zUuid } from './common';
import { MESSAGE_AUTHORS, ZChannelKind, ZConversationStage, ZMessageKind } from './inbox';
import { ZChannelSummary } from './channels';
import { ZInteractive, ZInteractiveReply } from './interactive';

/**
 * The inbox API (issue 6): conversation lists per tab, one conversation, its messages, the
 * actions (take, transfer, close, reopen, notes, send, read), starting a conversation, the
 * statement (extrato) and transcripts.
 */
/** flow: conversations a chatbot is answering (managers and up watch them; operators get them at hand-over). */
/** hold: conversations put on hold (operators their own; managers all, or one operator's). */
export const INBOX_TABS = ['flow', 'waiting', 'attendance', 'hold', 'closed'] as const;
export type TInboxTab = (typeof INBOX_TABS)[number];

export const CONVERSATION_LIMITS = {
  messagesPageMax: 200,
  messagesPageDefault: 50,
  textMax: 4096,
  noteMax: 4096,
  filesPerSend: LIMITS.files.maxCount,
  fileMaxBytes: LIMITS.files.maxBytes,
  searchMax: 100,
  statementPageMax: 500,
} as const;

const zCursorTs = z.iso.datetime({ offset: true, error: 'invalid' });

/** How a conversation began: the customer wrote, an operator started it, or a campaign did. */
export const CONVERSATION_ORIGINS = ['inbound', 'outbound', 'campaign'] as const;
export type TConversationOrigin = (typeof CONVERSATION_ORIGINS)[number];
/** One origin or several, comma-separated ('campaign', 'inbound,outbound'). */
const zOrigins = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(CONVERSATION_ORIGINS)).min(1));

export const ZConversationListQuery = z.object({
  acc: zUuid,
  tab: z.enum(INBOX_TABS).default('attendance'),
  /**
   * One contact's conversations in every stage (tab and scope do not apply): what the caller may
   * see of them — managers all, operators their own, closed by them, and the waiting ones their
   * waiting tab shows.
   */
  contactId: zUuid.optional(),
  /** Only conversations of these origins (Campanhas: 'campaign'; the other tabs: 'inbound,outbound'). */
  origin: zOrigins.optional(),
  /** attendance and hold: 'mine' (default) or 'all' (managers and up). */
  scope: z.enum(['mine', 'all']).default('mine'),
  /** An operator's id, or '' for 'Sem operador' (no assignee). */
  operator: z.union([zUuid, z.literal('')]).optional(),
  department: z.string().trim().max(100).optional(),
  channel: zUuid.optional(),
  tag: zUuid.optional(),
  search: z.string().trim().max(CONVERSATION_LIMITS.searchMax, { error: 'tooLong' }).optional(),
  /** Up to the account's inbox load size (20–1000); default that size. */
  limit: z.coerce.number().int().min(1).max(LIMITS.inboxLoadSize.max).optional(),
  /** Keyset: the last item's lastMessageAt and _id. */
  before: zCursorTs.optional(),
  beforeId: zUuid.optional(),
});
export type TConversationListQuery = z.infer<typeof ZConversationListQuery>;

export const ZConversationsSinceQuery = z.object({ acc: zUuid, since: zCursorTs });

export const ZMessagesQuery = z.object({
  acc: zUuid,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONVERSATION_LIMITS.messagesPageMax)
    .default(CONVERSATION_LIMITS.messagesPageDefault),
  /** Older page: messages before this message id. */
  before: zUuid.optional(),
  /** Catch-up after a reconnect: messages after this message id or ISO timestamp. */
  since: z.union([zUuid, zCursorTs]).optional(),
});
export type TMessagesQuery = z.infer<typeof ZMessagesQuery>;

export const ZTransferBody = z
  .object({
    operatorId: zUuid.optional(),
    departmentId: z.string().trim().min(1).max(100).optional(),
    note: z.string().trim().max(CONVERSATION_LIMITS.noteMax, { error: 'tooLong' }).optional(),
  })
  .refine((b) => b.operatorId || b.departmentId, { error: 'selectRequired', path: ['operatorId'] });
export type TTransferBody = z.infer<typeof ZTransferBody>;

/** POST /p/chat/conversation/{id}/hold: until a moment (in the future), or the customer's next message. */
export const ZHoldBody = z.object({
  until: z.iso.datetime({ offset: true, error: 'invalid' }).nullable().default(null),
});
export type THoldBody = z.infer<typeof ZHoldBody>;

export const ZCloseBody = z.object({
  reason: z.string({ error: 'selectRequired' }).trim().min(1, { error: 'selectRequired' }).max(100),
  subReason: z.string().trim().max(100).optional(),
});
export type TCloseBody = z.infer<typeof ZCloseBody>;

export const ZNoteBody = z.object({
  text: z
    .string({ error: 'messageEmpty' })
    .trim()
    .min(1, { error: 'messageEmpty' })
    .max(CONVERSATION_LIMITS.noteMax, { error: 'tooLong' }),
  clientId: z.string().trim().min(1).max(100).optional(),
});

export const ZSendMessageBody = z
  .object({
    /** The web client's temp id: a retried send is stored once. */
    clientId: z.string({ error: 'required' }).trim().min(1).max(100),
    text: z.string().trim().max(CONVERSATION_LIMITS.textMax, { error: 'tooLong' }).optional(),
    /** Uploaded files (POST /p/chat/upload): one message each, the text goes with the first. */
    files: z.array(zUuid).max(CONVERSATION_LIMITS.filesPerSend, { error: 'tooLong' }).default([]),
    /** An approved WhatsApp template, sent alone (also when the 24-hour window is closed). */
    templateId: zUuid.optional(),
    /** Template variables: the header's ({{1}}) then the body's ({{1}}, {{2}}...); templateSendVariables. */
    variables: z.array(z.string().max(1000)).max(20).default([]),
  })
  .refine((b) => (b.text && b.text.length > 0) || b.files.length > 0 || b.templateId, {
    error: 'messageEmpty',
    path: ['text'],
  })
  .refine((b) => !b.templateId || (!b.text && b.files.length === 0), {
    error: 'templateAlone',
    path: ['templateId'],
  });
export type TSendMessageBody = z.infer<typeof ZSendMessageBody>;

export const ZStartConversationBody = z
  .object({
    contactId: zUuid.optional(),
    /** Any format; a number that cannot exist answers NUMBER_NOT_EXISTS. */
    phone: z.string().trim().max(40).optional(),
    channelId: zUuid,
    templateId: zUuid.optional(),
    /** Template variables: the header's ({{1}}) then the body's ({{1}}, {{2}}...); templateSendVariables. */
    variables: z.array(z.string().max(1000)).max(20).default([]),
    text: z.string().trim().max(CONVERSATION_LIMITS.textMax, { error: 'tooLong' }).optional(),
  })
  .refine((b) => b.contactId || b.phone, { error: 'required', path: ['phone'] })
  .refine((b) => b.templateId || (b.text && b.text.length > 0), { error: 'messageEmpty', path: ['text'] });
export type TStartConversationBody = z.infer<typeof ZStartConversationBody>;

const zDay = z.iso.date({ error: 'invalid' });
export const ZStatementQuery = z.object({
  acc: zUuid,
  from: zDay,
  to: zDay,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_LIMITS.statementPageMax).default(50),
});
export type TStatementQuery = z.infer<typeof ZStatementQuery>;
export const ZStatementExportQuery = ZStatementQuery.omit({ page: true, limit: true }).extend({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});
export const ZTranscriptQuery = z.object({
  acc: zUuid,
  format: z.enum(['txt', 'html', 'csv']).default('html'),
});

/** A message's file: fields beyond these (as stored) go out as they are. */
export const ZMessageMedia = z.looseObject({
  fileId: z.string().optional(),
  /** A customer's WhatsApp media (read from Meta through the signed `url`). */
  providerMediaId: z.string().optional(),
  /** A signed link (uploads, customers' media); absent in the intake's realtime events. */
  url: z.string().optional(),
  mimeType: z.string(),
  fileName: z.string().optional(),
  size: z.number().optional(),
});
export type TMessageMedia = z.infer<typeof ZMessageMedia>;

/** A chat message (spec §3: id, _id, uid, timestamp, ack, author, authorName, authorImageUrl). */
/** The emoji reactions on a message: the customer's and the team's (WhatsApp keeps one per side). */
export const ZMessageReactions = z.object({
  contact: z.string().optional(),
  team: z.object({ emoji: z.string(), userId: z.string(), name: z.string() }).optional(),
});
export type TMessageReactions = z.infer<typeof ZMessageReactions>;

/** POST /p/chat/conversation/{id}/messages/{messageId}/reaction: an emoji, or '' to remove the team's. */
export const ZReactBody = z.object({
  emoji: z
    .string()
    .max(16)
    .refine((v) => v === '' || /^\p{Extended_Pictographic}/u.test(v)),
});

export const ZMessage = z.object({
  _id: z.string(),
  id: z.string(),
  uid: z.string(),
  conversationId: z.string(),
  timestamp: zIsoDate,
  ack: z.number(),
  author: z.enum(MESSAGE_AUTHORS),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  authorImageUrl: z.string().nullable(),
  kind: ZMessageKind,
  body: z.string().nullable(),
  media: ZMessageMedia.nullable(),
  template: z.record(z.string(), z.unknown()).nullable(),
  /** Options the customer was offered (kind 'interactive'). */
  interactive: ZInteractive.nullable().optional(),
  /** The option a customer's message picked, when the channel reported it (WhatsApp). */
  reply: ZInteractiveReply.nullable().optional(),
  /** Reactions to it: the customer's, and the team's (one each, as WhatsApp keeps them). */
  reactions: ZMessageReactions.nullable().optional(),
  private: z.boolean(),
  errorCode: z.string().nullable(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZConversationContact = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  profilePic: z.string().nullable(),
  tags: z.array(z.string()),
});
export type TConversationContact = z.infer<typeof ZConversationContact>;

export const ZConversation = z.object({
  _id: z.string(),
  acc: z.string(),
  stage: ZConversationStage,
  origin: z.string(),
  channelId: z.string().nullable(),
  channelKind: ZChannelKind.nullable(),
  /** The contact's id (= contact._id), as the list and the realtime events carry it. */
  contactId: z.string().optional(),
  contact: ZConversationContact,
  assigneeId: z.string().nullable(),
  departmentId: z.string().nullable(),
  unreadCount: z.number(),
  counted: z.boolean(),
  lastMessageAt: zIsoDate,
  lastInboundAt: zIsoDate.nullable(),
  lastMessagePreview: z.string().nullable(),
  takenAt: zIsoDate.nullable(),
  closedAt: zIsoDate.nullable(),
  closeReason: z.string().nullable(),
  closeSubReason: z.string().nullable(),
  /** On hold (stage 'hold'): when it comes back to its operator; null: at the customer's next message. */
  holdUntil: zIsoDate.nullable().optional(),
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
});
export type TConversation = z.infer<typeof ZConversation>;

export const ZConversationList = z.object({
  items: z.array(ZConversation),
  count: z.number(),
  /** The keyset of the next page (null at the end). */
  next: z.object({ before: z.string(), beforeId: z.string() }).nullable(),
});
export type TConversationList = z.infer<typeof ZConversationList>;

/** GET /p/chat/conversation/{id}/messages and the catch-up of updated conversations. */
export const ZMessageList = z.object({ items: z.array(ZMessage), count: z.number() });
export const ZConversationsUpdated = z.object({ items: z.array(ZConversation), count: z.number() });

/** GET /p/chat/inbox/{acc} (spec §3 inbox data). */
export const ZInboxOperator = z.object({
  name: z.string(),
  value: z.string(),
  operatorData: z
    .object({
      _id: z.string(),
      intentions: z.array(z.string()),
      entities: z.array(z.string()),
      acl: z.string(),
      online: z.boolean(),
    })
    .nullable(),
  lastSeenDate: zIsoDate.nullable(),
});
export type TInboxOperator = z.infer<typeof ZInboxOperator>;

export const ZInboxData = z.object({
  restrictOperator: z.boolean(),
  inbox: z.object({
    restrictReportDownload: z.boolean(),
    timeToSendAutomationAndCampaign: z.object({ start: z.string(), end: z.string() }).nullable(),
    loadSize: z.number(),
    hideWaitingTab: z.boolean(),
    blockStartConversation: z.boolean(),
    restrictOutsideHours: z.boolean(),
    openNow: z.boolean(),
    timezone: z.string(),
  }),
  operators: z.array(ZInboxOperator),
  channels: z.array(ZChannelSummary),
  /** hold: the member's own conversations on hold (managers: all of them). */
  counts: z.object({ waiting: z.number(), attendance: z.number(), mine: z.number(), hold: z.number() }),
  usage: z.object({ used: z.number(), limit: z.number().nullable() }),
});
export type TInboxData = z.infer<typeof ZInboxData>;

export const ZStatementRow = z.object({
  _id: z.string(),
  date: z.string(),
  createdAt: zIsoDate,
  contact: z.object({ _id: z.string(), name: z.string(), phone: z.string().nullable() }),
  channel: z.object({ _id: z.string(), kind: ZChannelKind, name: z.string() }).nullable(),
  operator: z.object({ _id: z.string(), name: z.string() }).nullable(),
  stage: ZConversationStage,
  counted: z.boolean(),
});
export type TStatementRow = z.infer<typeof ZStatementRow>;

export const ZStatement = z.object({
  items: z.array(ZStatementRow),
  count: z.number(),
  totals: z.object({
    counted: z.number(),
    notCounted: z.number(),
    days: z.array(z.object({ date: z.string(), counted: z.number(), notCounted: z.number() })),
  }),
});
export type TStatement = z.infer<typeof ZStatement>;

/** POST /p/chat/upload: the stored file, to attach to a message. */
export const ZUploadedFile = z.object({
  fileId: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
});
