import { randomUUID } from 'node:crypto';
import type {
  ChannelAdapter,
  TChannelRecord,
  TFetchedMedia,
  TOutbound,
  TParsedWebhook,
  TSendResult,
} from '../channel-adapter';
import { WEBCHAT_MEDIA_LIMITS } from '../media-limits';
import type { Realtime } from '../../platform/realtime';
import { visitorRoom, WEBCHAT_NAMESPACE } from './webchat-rooms';

/**
 * Web chat in the channel registry: there are no webhooks (visitors talk over Socket.IO, see
 * webchat.sockets.ts); send() pushes a message to the visitor's room, for senders that go through
 * the outbound queue. The inbox's own replies reach visitors through the web chat module's
 * listener of message.created (WebchatService.deliver).
 */
export class WebchatAdapter implements ChannelAdapter {
  readonly kind = 'webchat' as const;
  readonly mediaLimits = WEBCHAT_MEDIA_LIMITS;

  constructor(private readonly realtime: Realtime) {}

  verifySignature(): boolean {
    return false;
  }

  parseWebhook(): TParsedWebhook {
    return { messages: [], statuses: [] };
  }

  /** Visitors' files are uploaded to the inbox itself: nothing to read back from a provider. */
  async fetchMedia(): Promise<TFetchedMedia | undefined> {
    return undefined;
  }

  async send(channel: TChannelRecord, message: TOutbound): Promise<TSendResult> {
    // Reactions reach visitors with the message itself (message:reaction); nothing to push here.
    if (message.kind === 'reaction') return { providerMessageId: '' };
    const id = randomUUID();
    const base = {
      id,
      uid: id,
      author: 'operator',
      authorName: null,
      timestamp: new Date().toISOString(),
      ack: 1,
    };
    const payload =
      message.kind === 'text'
        ? { ...base, kind: 'text', body: message.text, media: null }
        : message.kind === 'media'
          ? {
              ...base,
              kind: 'document',
              body: message.caption ?? null,
              media: { ...message.media, fileName: message.media.fileName ?? null },
            }
          : message.kind === 'interactive'
            ? {
                ...base,
                kind: 'interactive',
                body: message.text,
                media: null,
                options: message.interactive.options,
              }
            : { ...base, kind: 'template', body: message.template.name, media: null };
    this.realtime.namespace.server
      .of(WEBCHAT_NAMESPACE)
      .to(visitorRoom(channel.id, message.to))
      .emit('message', payload);
    return { providerMessageId: id };
  }
}
