import { numberedOptionsText } from '@atende/shared';
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
import { SMS_MEDIA_LIMITS } from '../media-limits';
import { smsSegments } from './sms-segments';
import type { TSmsCredentials } from './sms-provider';
import type { TwilioSmsProvider } from './twilio.provider';

/** The status callback's query parameter that carries a send's callback data. */
export const CALLBACK_PARAM = 'cb';

/**
 * SMS channel: externalId = the sender number (E.164); config.accountSid + secrets.authToken are
 * the provider account (else the platform's SMS_API_KEY). Text only. Webhooks (inbound SMS and
 * delivery reports) arrive form-encoded at {APP_URL}/webhooks/sms/{channelId}, which is also the
 * StatusCallback given with every send.
 */
export class SmsAdapter implements ChannelAdapter {
  readonly kind = 'sms' as const;
  readonly mediaLimits = SMS_MEDIA_LIMITS;

  constructor(
    readonly provider: TwilioSmsProvider,
    private readonly appUrl: string,
  ) {}

  webhookUrl(channel: TChannelRecord): string {
    return `${this.appUrl}/webhooks/sms/${channel.id}`;
  }

  /**
   * Where a send's delivery reports go: the webhook, with the send's callback data (a campaign
   * recipient's id, given as the send's idempotency key) in the query; Twilio posts to it as given
   * and signs it whole. Twilio's Messages API takes no idempotency key, so a send whose answer was
   * lost is never repeated on our own: its report settles it, as Meta's biz_opaque_callback_data
   * does for WhatsApp.
   */
  statusCallbackUrl(channel: TChannelRecord, callbackData?: string): string {
    const url = this.webhookUrl(channel);
    return callbackData ? `${url}?${CALLBACK_PARAM}=${encodeURIComponent(callbackData)}` : url;
  }

  credentials(channel: TChannelRecord): TSmsCredentials | undefined {
    const accountId = channel.config.accountSid;
    const authToken = channel.secrets.authToken;
    if (typeof accountId === 'string' && accountId && authToken) return { accountId, authToken };
    return this.provider.platformCredentials();
  }

  /**
   * `query`: the request's query string (with its '?'), part of the address Twilio signed (a
   * status callback's carries the send's callback data).
   */
  verifySignature(
    channel: TChannelRecord,
    rawBody: Buffer,
    headers: Record<string, unknown>,
    query = '',
  ): boolean {
    const credentials = this.credentials(channel);
    if (!credentials) return false;
    const params = new URLSearchParams(rawBody.toString('utf8'));
    return this.provider.verifySignature(
      credentials,
      `${this.webhookUrl(channel)}${query}`,
      params,
      headers['x-twilio-signature'],
    );
  }

  /** A customer's MMS attachment, read with the channel's credentials. */
  async fetchMedia(channel: TChannelRecord, ref: TStoredMediaRef): Promise<TFetchedMedia | undefined> {
    const credentials = this.credentials(channel);
    return credentials && ref.url ? this.provider.fetchMedia(credentials, ref.url) : undefined;
  }

  /** `body`: the form fields (URLSearchParams or a plain object); `callbackData`: the query's. */
  parseWebhook(channel: TChannelRecord, body: unknown, callbackData?: string): TParsedWebhook {
    const params =
      body instanceof URLSearchParams ? body : new URLSearchParams((body ?? {}) as Record<string, string>);
    return this.provider.parseWebhook(channel.externalId, params, callbackData);
  }

  async send(channel: TChannelRecord, message: TOutbound, options: TSendOptions = {}): Promise<TSendResult> {
    const text = smsTextOf(message);
    if (text === undefined) throw new AppError('CHANNEL_NO_MEDIA');
    const credentials = this.credentials(channel);
    if (!credentials) throw new AppError('CHANNEL_PROVIDER_ERROR', { reason: 'no SMS credentials' });
    const sent = await this.provider.send(credentials, {
      from: channel.externalId,
      to: message.to,
      body: text,
      statusCallback: this.statusCallbackUrl(channel, options.idempotencyKey),
    });
    return { providerMessageId: sent.providerMessageId, segments: smsSegments(text).segments };
  }
}

/** What an SMS says for a message: text as is, options numbered; undefined for media. */
export function smsTextOf(message: TOutbound): string | undefined {
  if (message.kind === 'text') return message.text;
  if (message.kind === 'interactive') return numberedOptionsText(message.text, message.interactive);
  return undefined;
}
