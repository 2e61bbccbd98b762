import { z } from 'zod';

/**
 * Inbox contract (spec §3, §4): channel kinds, conversation stages, message kinds and acks.
 * Conversation stages: 'flow' (a bot is answering), 'waiting' (waiting attendance), 'attendance'
 * (an operator has it), 'closed'. The socket events of namespace /attendance are named
 * `entity:past-verb` (INBOX_EVENTS).
 */
export const CHANNEL_KINDS = ['webchat', 'whatsapp-cloud', 'sms'] as const;
export type TChannelKind = (typeof CHANNEL_KINDS)[number];
export const ZChannelKind = z.enum(CHANNEL_KINDS);

/** 'hold': an operator paused it until a time or the customer's next message (it keeps its assignee). */
export const CONVERSATION_STAGES = ['flow', 'waiting', 'attendance', 'hold', 'closed'] as const;
export type TConversationStage = (typeof CONVERSATION_STAGES)[number];
export const ZConversationStage = z.enum(CONVERSATION_STAGES);
/** Stages of a conversation that is still open (at most one per contact and channel). */
export const OPEN_STAGES: readonly TConversationStage[] = ['flow', 'waiting', 'attendance', 'hold'];

/** Closing reason recorded when a conversation is closed for inactivity (spec §4). */
export const INACTIVITY_REASON = 'INACTIVITY';
/** Closing reason recorded when an account without closing reasons closes a conversation. */
export const RESOLVED_REASON = 'RESOLVED';

export const MESSAGE_KINDS = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'template',
  'interactive',
  'unsupported',
] as const;
export type TMessageKind = (typeof MESSAGE_KINDS)[number];
export const ZMessageKind = z.enum(MESSAGE_KINDS);

/** Who wrote a message: the customer, an operator, a bot, or the system (stage changes, notes). */
export const MESSAGE_AUTHORS = ['contact', 'operator', 'bot', 'system'] as const;
export type TMessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/** Message ack (spec §3 `ack`): -1 failed, 0 pending, 1 sent, 2 delivered, 3 read. Only rises. */
export const MESSAGE_ACK = { failed: -1, pending: 0, sent: 1, delivered: 2, read: 3 } as const;
export type TMessageAck = (typeof MESSAGE_ACK)[keyof typeof MESSAGE_ACK];

/** Socket.IO events of namespace /attendance pushed by the inbox (DESIGN.md §6). */
export const INBOX_EVENTS = {
  messageCreated: 'message:created',
  messageUpdated: 'message:updated',
  /** A message's reactions changed: { conversationId, messageId, reactions }. */
  messageReaction: 'message:reaction',
  conversationUpdated: 'conversation:updated',
  typing: 'typing',
} as const;
