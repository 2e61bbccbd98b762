import type { TMessage, TMessageAuthor, TMessageKind } from '@atende/shared';
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
    interactive: r.interactive ?? null,
    reply: r.reply ?? null,
    reactions: r.reactions ?? null,
    private: r.private,
    providerMessageId: r.provider_message_id,
    clientId: r.client_id,
    ack: Number(r.ack),
    errorCode: r.error_code,
    createdAt: date(r.created_at)!,
  };
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
  // A bot's media bubble links to a public address of the flow's: handed out as it is.
  const fromProvider =
    m.media && !m.media.fileId && m.authorType !== 'bot' && (m.media.providerMediaId || m.media.url);
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
    interactive: m.interactive ?? null,
    reply: m.reply ?? null,
    reactions: m.reactions ?? null,
    private: m.private,
    // The outbound job's in-flight guard ('SENDING') is not an error: only failed messages carry one.
    errorCode: m.ack === -1 ? m.errorCode : null,
  };
}
