import type { conversations, messages } from './inbox.schema';

export type TMessageRow = typeof messages.$inferSelect;
type TConversationRow = typeof conversations.$inferSelect;

/** A message as the web sees it (spec §3 chat message: id, _id, uid, timestamp, ack, author...). */
export function presentMessage(m: TMessageRow) {
  return {
    _id: m.id,
    id: m.id,
    uid: m.clientId,
    conversationId: m.conversationId,
    channelId: m.channelId,
    author: m.authorType,
    authorId: m.authorId,
    authorName: m.authorName,
    authorImageUrl: null as string | null,
    kind: m.kind,
    body: m.body,
    media: m.media,
    template: m.template,
    private: m.private,
    ack: m.ack,
    // The outbound job's in-flight guard ('SENDING') is not an error: only failed messages carry one.
    errorCode: m.ack === -1 ? m.errorCode : null,
    timestamp: m.createdAt.toISOString(),
  };
}

export function presentConversation(c: TConversationRow) {
  return {
    _id: c.id,
    acc: c.accountId,
    contactId: c.contactId,
    channelId: c.channelId,
    stage: c.stage,
    origin: c.origin,
    assigneeId: c.assigneeId,
    departmentId: c.departmentId,
    counted: c.counted,
    unreadCount: c.unreadCount,
    lastMessageAt: c.lastMessageAt.toISOString(),
    lastInboundAt: c.lastInboundAt?.toISOString() ?? null,
    lastMessagePreview: c.lastMessagePreview,
    takenAt: c.takenAt?.toISOString() ?? null,
    closedAt: c.closedAt?.toISOString() ?? null,
    closeReason: c.closeReason,
    closeSubReason: c.closeSubReason,
    createdAt: c.createdAt.toISOString(),
  };
}

const date = (v: unknown) => (v == null ? null : new Date(v as string));

/** A messages row from `to_jsonb(messages)` (raw SQL answers snake_case keys and ISO dates). */
export function messageFromJson(r: Record<string, any>): TMessageRow {
  return {
    id: r.id,
    accountId: r.account_id,
    conversationId: r.conversation_id,
    channelId: r.channel_id,
    authorType: r.author_type,
    authorId: r.author_id,
    authorName: r.author_name,
    kind: r.kind,
    body: r.body,
    media: r.media,
    template: r.template,
    private: r.private,
    providerMessageId: r.provider_message_id,
    clientId: r.client_id,
    ack: Number(r.ack),
    errorCode: r.error_code,
    createdAt: date(r.created_at)!,
  };
}

/** A conversations row from `to_jsonb(conversations)`. */
export function conversationFromJson(r: Record<string, any>): TConversationRow {
  return {
    id: r.id,
    accountId: r.account_id,
    contactId: r.contact_id,
    channelId: r.channel_id,
    stage: r.stage,
    origin: r.origin,
    assigneeId: r.assignee_id,
    departmentId: r.department_id,
    counted: r.counted,
    unreadCount: Number(r.unread_count),
    lastMessageAt: date(r.last_message_at)!,
    lastInboundAt: date(r.last_inbound_at),
    lastMessagePreview: r.last_message_preview,
    takenAt: date(r.taken_at),
    closedAt: date(r.closed_at),
    closedBy: r.closed_by,
    closeReason: r.close_reason,
    closeSubReason: r.close_sub_reason,
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  };
}
