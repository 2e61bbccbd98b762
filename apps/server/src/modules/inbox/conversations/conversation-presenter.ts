import type { TChannelKind, TConversation, TConversationStage } from '@atende/shared';
import type { TConversationRecord } from './conversations.repo';

/** Instants arrive as Dates (drizzle reads) or as ISO text already (conversationRecordColumns). */
const iso = (v: Date | string | null) => (v == null ? null : typeof v === 'string' ? v : v.toISOString());

/** uuid[] arrives parsed (PGlite, drizzle, to_jsonb) or as its text form '{a,b}' (node-postgres). */
const uuids = (v: string[] | string): string[] =>
  Array.isArray(v) ? v : v.length > 2 ? v.slice(1, -1).split(',') : [];

/**
 * A conversation with its contact, as the inbox list, the conversation reads and every
 * conversation event carry it: the one mapping from a conversation record to the API.
 */
export function presentConversation(r: TConversationRecord): TConversation & { contactId: string } {
  return {
    _id: r.id,
    acc: r.accountId,
    stage: r.stage as TConversationStage,
    origin: r.origin,
    channelId: r.channelId,
    channelKind: (r.channelKind as TChannelKind | null) ?? null,
    contactId: r.contactId,
    contact: {
      _id: r.contactId,
      name: r.contactName,
      phone: r.contactPhone,
      email: r.contactEmail,
      profilePic: r.contactPic,
      tags: uuids(r.contactTags),
    },
    assigneeId: r.assigneeId,
    departmentId: r.departmentId,
    unreadCount: Number(r.unreadCount),
    counted: r.counted,
    lastMessageAt: iso(r.lastMessageAt)!,
    lastInboundAt: iso(r.lastInboundAt),
    lastMessagePreview: r.lastMessagePreview,
    takenAt: iso(r.takenAt),
    closedAt: iso(r.closedAt),
    closeReason: r.closeReason,
    closeSubReason: r.closeSubReason,
    holdUntil: iso(r.holdUntil),
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

/** An instant in microseconds since the epoch as ISO text with all six fraction digits (keyset cursors). */
export function isoMicros(micros: string): string {
  const us = BigInt(micros);
  const ms = us / 1000n;
  const rest = String(((us % 1000n) + 1000n) % 1000n).padStart(3, '0');
  return new Date(Number(ms)).toISOString().replace('Z', `${rest}Z`);
}
