import type {
  TChannelKind,
  TConversation,
  TConversationStage,
  TMessage,
  TMessageAuthor,
  TMessageKind,
} from '@atende/shared';
import type { TConversationListRow, TConversationPageRow } from './conversations.repo';
import type { TMessageRow } from './message-presenter';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
 * A message (spec §3 chat message); `mediaUrl` signs links to uploaded files, `inboundUrl` to the
 * media a customer sent (read from the provider on request; the provider's own address is never
 * handed out).
 */
export function presentChatMessage(
  m: TMessageRow,
  mediaUrl?: (fileId: string, name: string) => string,
  inboundUrl?: (messageId: string) => string,
): TMessage {
  const fromProvider = m.media && !m.media.fileId && (m.media.providerMediaId || m.media.url);
  const url = m.media?.fileId
    ? mediaUrl?.(m.media.fileId, m.media.fileName ?? 'file')
    : fromProvider
      ? inboundUrl?.(m.id)
      : undefined;
  const media = m.media
    ? { ...m.media, ...(fromProvider ? { url: undefined } : {}), ...(url ? { url } : {}) }
    : null;
  return {
    _id: m.id,
    id: m.id,
    uid: m.clientId ?? m.id,
    conversationId: m.conversationId,
    timestamp: m.createdAt.toISOString(),
    ack: m.ack,
    author: m.authorType as TMessageAuthor,
    authorId: m.authorId,
    authorName: m.authorName,
    authorImageUrl: m.authorType === 'operator' && m.authorId ? `/g/user/avatar/${m.authorId}` : null,
    kind: m.kind as TMessageKind,
    body: m.body,
    media,
    template: m.template ?? null,
    private: m.private,
    // The outbound job's in-flight guard ('SENDING') is not an error: only failed messages carry one.
    errorCode: m.ack === -1 ? m.errorCode : null,
  };
}
