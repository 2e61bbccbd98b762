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

  credentials(channel: TChannelRecord): TSmsCredentials | undefined {
    const accountId = channel.config.accountSid;
    const authToken = channel.secrets.authToken;
    if (typeof accountId === 'string' && accountId && authToken) return { accountId, authToken };
    return this.provider.platformCredentials();
  }

  verifySignature(channel: TChannelRecord, rawBody: Buffer, headers: Record<string, unknown>): boolean {
    const credentials = this.credentials(channel);
    if (!credentials) return false;
    const params = new URLSearchParams(rawBody.toString('utf8'));
    return this.provider.verifySignature(
      credentials,
      this.webhookUrl(channel),
      params,
      headers['x-twilio-signature'],
    );
  }

  /** A customer's MMS attachment, read with the channel's credentials. */
  async fetchMedia(channel: TChannelRecord, ref: TStoredMediaRef): Promise<TFetchedMedia | undefined> {
    const credentials = this.credentials(channel);
    return credentials && ref.url ? this.provider.fetchMedia(credentials, ref.url) : undefined;
  }

  /** `body`: the form fields (URLSearchParams or a plain object). */
  parseWebhook(channel: TChannelRecord, body: unknown): TParsedWebhook {
    const params =
      body instanceof URLSearchParams ? body : new URLSearchParams((body ?? {}) as Record<string, string>);
    return this.provider.parseWebhook(channel.externalId, params);
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
      statusCallback: this.webhookUrl(channel),
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
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
