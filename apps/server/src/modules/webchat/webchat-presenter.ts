import type { TMessage } from '@atende/shared';
import type { TMessageRow } from '../inbox/inbox.types';

/** What a visitor sees of a message: no ids of the team, no notes (callers never pass private ones). */
export interface TVisitorMessage {
  id: string;
  uid: string | null;
  author: 'contact' | 'operator' | 'bot';
  authorName: string | null;
  kind: string;
  body: string | null;
  media: { url: string | null; mimeType: string; fileName: string | null } | null;
  /** The options of a bot's question, shown as buttons (the visitor's pick is sent as its title). */
  options?: Array<{ id: string; title: string; description?: string }>;
  timestamp: string;
  ack: number;
}

/** An uploaded file of a message: the team's (fileId) or the visitor's own ('upload:<id>'). */
function fileIdOf(media: NonNullable<TMessageRow['media']>): string | undefined {
  return media.fileId ?? media.providerMediaId?.match(/^upload:(.+)$/)?.[1];
}

/** The visitor's own messages carry back their client id (without the visitor prefix). */
export function presentVisitorMessage(
  m: TMessageRow,
  link: (fileId: string, name: string) => string,
): TVisitorMessage {
  const author = m.authorType === 'contact' ? 'contact' : m.authorType === 'bot' ? 'bot' : 'operator';
  const uid = m.providerMessageId?.includes(':')
    ? m.providerMessageId.slice(m.providerMessageId.indexOf(':') + 1)
    : m.clientId;
  return {
    id: m.id,
    uid: author === 'contact' ? uid : m.id,
    author,
    // Operators show by first name only.
    authorName: author === 'operator' ? (m.authorName ?? '').split(/\s+/)[0] || null : m.authorName,
    kind: m.kind,
    body: m.body,
    media: m.media
      ? {
          url: fileIdOf(m.media)
            ? link(fileIdOf(m.media)!, m.media.fileName ?? 'file')
            : (m.media.url ?? null),
          mimeType: m.media.mimeType,
          fileName: m.media.fileName ?? null,
        }
      : null,
    ...(m.interactive ? { options: m.interactive.options } : {}),
    timestamp: m.createdAt.toISOString(),
    ack: m.ack,
  };
}

/** The same from the inbox's presented message (as message.created carries it; links already signed). */
export function visitorMessageOf(m: TMessage): TVisitorMessage {
  const author = m.author === 'bot' ? 'bot' : 'operator';
  return {
    id: m.id,
    uid: m.id,
    author,
    authorName: author === 'operator' ? (m.authorName ?? '').split(/\s+/)[0] || null : m.authorName,
    kind: m.kind,
    body: m.body,
    media: m.media
      ? { url: m.media.url ?? null, mimeType: m.media.mimeType, fileName: m.media.fileName ?? null }
      : null,
    ...(m.interactive ? { options: m.interactive.options } : {}),
    timestamp: m.timestamp,
    ack: m.ack,
  };
}
