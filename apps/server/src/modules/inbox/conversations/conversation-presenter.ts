import type { TChannelKind, TConversation, TConversationStage } from '@atende/shared';
import type { TConversationListRow, TConversationPageRow } from './conversations.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (v: unknown) => (v == null ? null : new Date(v as string));

/** A conversation with its contact, as the inbox list and the conversation:updated events carry it. */
export function presentListConversation(r: TConversationListRow): TConversation & { contactId: string } {
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
      tags: r.contactTags,
    },
    assigneeId: r.assigneeId,
    departmentId: r.departmentId,
    unreadCount: r.unreadCount,
    counted: r.counted,
    lastMessageAt: r.lastMessageAt.toISOString(),
    lastInboundAt: iso(r.lastInboundAt),
    lastMessagePreview: r.lastMessagePreview,
    takenAt: iso(r.takenAt),
    closedAt: iso(r.closedAt),
    closeReason: r.closeReason,
    closeSubReason: r.closeSubReason,
    holdUntil: iso(r.holdUntil),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** uuid[] arrives parsed (PGlite) or as its text form '{a,b}' (node-postgres). */
const uuids = (v: string[] | string): string[] =>
  Array.isArray(v) ? v : v.length > 2 ? v.slice(1, -1).split(',') : [];

/** The same shape from a page row of the list query (instants already ISO text). */
export function presentPageConversation(r: TConversationPageRow): TConversation & { contactId: string } {
  return {
    _id: r.id,
    acc: r.account_id,
    stage: r.stage as TConversationStage,
    origin: r.origin,
    channelId: r.channel_id,
    channelKind: (r.channel_kind as TChannelKind | null) ?? null,
    contactId: r.contact_id,
    contact: {
      _id: r.contact_id,
      name: r.contact_name,
      phone: r.contact_phone,
      email: r.contact_email,
      profilePic: r.contact_pic,
      tags: uuids(r.contact_tags),
    },
    assigneeId: r.assignee_id,
    departmentId: r.department_id,
    unreadCount: Number(r.unread_count),
    counted: r.counted,
    lastMessageAt: r.last_message_at,
    lastInboundAt: r.last_inbound_at,
    lastMessagePreview: r.last_message_preview,
    takenAt: r.taken_at,
    closedAt: r.closed_at,
    closeReason: r.close_reason,
    closeSubReason: r.close_sub_reason,
    holdUntil: r.hold_until,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** An instant in microseconds since the epoch as ISO text with all six fraction digits (keyset cursors). */
export function isoMicros(micros: string): string {
  const us = BigInt(micros);
  const ms = us / 1000n;
  const rest = String(((us % 1000n) + 1000n) % 1000n).padStart(3, '0');
  return new Date(Number(ms)).toISOString().replace('Z', `${rest}Z`);
}

/**
 * A conversation as the intake's statement answers it: `to_jsonb(conversations)` with what the
 * inbox list shows of its contact and channel (contact_name, contact_phone, contact_email,
 * contact_pic, contact_tags, channel_kind), ready for presentListConversation.
 */
export function conversationFromJson(r: Record<string, any>): TConversationListRow {
  return {
    id: r.id,
    accountId: r.account_id,
    stage: r.stage,
    origin: r.origin,
    channelId: r.channel_id,
    channelKind: r.channel_kind ?? null,
    contactId: r.contact_id,
    contactName: r.contact_name,
    contactPhone: r.contact_phone ?? null,
    contactEmail: r.contact_email ?? null,
    contactPic: r.contact_pic ?? null,
    contactTags: r.contact_tags ?? [],
    assigneeId: r.assignee_id,
    departmentId: r.department_id,
    unreadCount: Number(r.unread_count),
    counted: r.counted,
    lastMessageAt: date(r.last_message_at)!,
    lastInboundAt: date(r.last_inbound_at),
    lastMessagePreview: r.last_message_preview,
    takenAt: date(r.taken_at),
    closedAt: date(r.closed_at),
    closedBy: r.closed_by,
    closeReason: r.close_reason,
    closeSubReason: r.close_sub_reason,
    holdUntil: date(r.hold_until),
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  };
}
