import type { TConversationListRow } from './conversations.repo';
import type { messages } from '../inbox.schema';

export type TMessageRow = typeof messages.$inferSelect;

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
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  };
}
