import { createHmac } from 'node:crypto';
import { safeEqual } from '../../platform/auth/secrets';
import { AppError } from '../../platform/errors';
import type {
  ChannelAdapter,
  TChannelRecord,
  TFetchedMedia,
  TOutbound,
  TParsedWebhook,
  TSendOptions,
  TSendResult,
  TStoredMediaRef,
} from '../channel-adapter';
import { WHATSAPP_MEDIA_LIMITS, whatsappMediaType } from '../media-limits';
import { graphRequest } from './whatsapp-graph';
import { parseWhatsAppWebhook } from './whatsapp-webhook';
import { whatsappInteractivePayload } from './whatsapp-interactive';

/**
 * Meta WhatsApp Cloud API. The channel: externalId = phone_number_id; config.wabaId (templates);
 * secrets.accessToken (Bearer), secrets.appSecret (X-Hub-Signature-256), secrets.verifyToken
 * (the webhook subscription's hub.verify_token).
 */
export class WhatsAppCloudAdapter implements ChannelAdapter {
  readonly kind = 'whatsapp-cloud' as const;
  readonly mediaLimits = WHATSAPP_MEDIA_LIMITS;

  constructor(readonly graphUrl: string) {}

  /** GET subscription check: the challenge to echo, or null (answer 403). */
  verifyChallenge(channel: TChannelRecord, query: Record<string, unknown>): string | null {
    const expected = channel.secrets.verifyToken;
    const token = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (query['hub.mode'] !== 'subscribe' || !expected || typeof token !== 'string') return null;
    if (typeof challenge !== 'string' || !safeEqual(token, expected)) return null;
    return challenge;
  }

  /** X-Hub-Signature-256: 'sha256=' + hex HMAC-SHA256 of the raw body with the app secret. */
  verifySignature(channel: TChannelRecord, rawBody: Buffer, headers: Record<string, unknown>): boolean {
    const secret = channel.secrets.appSecret;
    const header = headers['x-hub-signature-256'];
    if (!secret || typeof header !== 'string' || !header.startsWith('sha256=')) return false;
    const expected = createHmac('sha256', secret).update(rawBody).digest('hex');
    return safeEqual(header.slice(7).toLowerCase(), expected);
  }

  parseWebhook(channel: TChannelRecord, body: unknown): TParsedWebhook {
    return parseWhatsAppWebhook(channel.externalId, body);
  }

  /**
   * A customer's media: Graph answers its (short-lived) URL for the media id, which is then read
   * with the same token. Undefined when the provider no longer has it (media ids last 30 days).
   */
  async fetchMedia(channel: TChannelRecord, ref: TStoredMediaRef): Promise<TFetchedMedia | undefined> {
    const mediaId = ref.providerMediaId;
    if (!mediaId) return undefined;
    const token = channel.secrets.accessToken;
    const meta = await graphRequest<{ url?: string; mime_type?: string; file_size?: number }>(
      this.graphUrl,
      token,
      'GET',
      encodeURIComponent(mediaId),
    ).catch(() => undefined);
    if (!meta?.url) return undefined;
    let response: Response;
    try {
      response = await fetch(meta.url, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      throw new AppError('CHANNEL_PROVIDER_ERROR', { reason: 'unreachable' });
    }
    if (!response.ok || !response.body) return undefined;
    return {
      body: response.body,
      mimeType: meta.mime_type ?? response.headers.get('content-type') ?? 'application/octet-stream',
      size: meta.file_size,
    };
  }

  async send(channel: TChannelRecord, message: TOutbound, options: TSendOptions = {}): Promise<TSendResult> {
    const to = message.to.replace(/\D/g, '');
    if (!to) throw new AppError('NUMBER_NOT_EXISTS');
    const answer = await graphRequest<{ messages?: Array<{ id?: string }> }>(
      this.graphUrl,
      channel.secrets.accessToken,
      'POST',
      `${channel.externalId}/messages`,
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        ...payloadOf(message),
        // Graph takes no idempotency key; this is echoed in the message's status webhooks, so a
        // send whose answer was lost is still recognised (campaign reconciliation).
        ...(options.idempotencyKey ? { biz_opaque_callback_data: options.idempotencyKey } : {}),
      },
    );
    const id = answer.messages?.[0]?.id;
    if (!id) throw new AppError('CHANNEL_PROVIDER_ERROR', { reason: 'no message id' });
    return { providerMessageId: id };
  }
}

/** The type-specific part of a Graph /messages body. */
function payloadOf(message: TOutbound): Record<string, unknown> {
  if (message.kind === 'text') return { type: 'text', text: { body: message.text, preview_url: false } };
  if (message.kind === 'interactive') return whatsappInteractivePayload(message.text, message.interactive);
  if (message.kind === 'reaction')
    return {
      type: 'reaction',
      reaction: { message_id: message.targetProviderMessageId, emoji: message.emoji },
    };
  if (message.kind === 'template') {
    const { name, language, components } = message.template;
    return {
      type: 'template',
      template: { name, language: { code: language }, ...(components ? { components } : {}) },
    };
  }
  const type = whatsappMediaType(message.media.mimeType);
  const media: Record<string, unknown> = { link: message.media.url };
  // Audio and stickers take no caption; documents keep their file name.
  if (message.caption && type !== 'audio' && type !== 'sticker') media.caption = message.caption;
  if (type === 'document' && message.media.fileName) media.filename = message.media.fileName;
  return { type, [type]: media };
}
