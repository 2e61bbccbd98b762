import { createHmac } from 'node:crypto';
import type { TErrorCode } from '@atende/shared';
import { safeEqual } from '../../platform/auth/secrets';
import { AppError } from '../../platform/errors';
import { HttpCallError, httpCall, type THttpAnswer } from '../../platform/http-call';
import type { TFetchedMedia, TInboundMessage, TParsedWebhook, TStatusUpdate } from '../channel-adapter';
import type { SmsProvider, TSmsCredentials, TSmsSend } from './sms-provider';

const TIMEOUT_MS = 15_000;
const DEFAULT_API_URL = 'https://api.twilio.com';

/**
 * SMS through Twilio's Programmable Messaging API — chosen because it is the most widely used
 * HTTP SMS API and many providers copy its shape:
 * - send: POST {SMS_API_URL}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded
 *   To/From/Body/StatusCallback, HTTP Basic auth AccountSid:AuthToken → 201 { sid, status };
 *   errors answer { code, message, status } (21211/21614/21217: the 'To' number is not valid).
 * - inbound SMS and delivery reports (StatusCallback) are form-encoded POSTs (MessageSid, From, To,
 *   Body / MessageStatus, ErrorCode) signed with X-Twilio-Signature = base64 HMAC-SHA1(AuthToken,
 *   full URL + every POST parameter name and value, sorted by name).
 */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  private readonly apiUrl: string;

  constructor(
    apiUrl: string | undefined,
    readonly apiKey: string | undefined,
  ) {
    this.apiUrl = (apiUrl ?? DEFAULT_API_URL).replace(/\/$/, '');
  }

  /** The platform-wide credentials of SMS_API_KEY ('AccountSid:AuthToken'). */
  platformCredentials(): TSmsCredentials | undefined {
    const [accountId, authToken] = (this.apiKey ?? '').split(':');
    return accountId && authToken ? { accountId, authToken } : undefined;
  }

  async send(credentials: TSmsCredentials, message: TSmsSend): Promise<{ providerMessageId: string }> {
    const form = new URLSearchParams({ To: message.to, From: message.from, Body: message.body });
    if (message.statusCallback) form.set('StatusCallback', message.statusCallback);
    const auth = Buffer.from(`${credentials.accountId}:${credentials.authToken}`).toString('base64');
    const url = `${this.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(credentials.accountId)}/Messages.json`;
    let response: THttpAnswer;
    try {
      response = await httpCall(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        timeoutMs: TIMEOUT_MS,
      });
    } catch (error) {
      // A timeout or a connection dropped after the request went out may have sent the SMS.
      throw new AppError('CHANNEL_PROVIDER_ERROR', {
        reason: 'unreachable',
        ...(!(error instanceof HttpCallError) || error.maybeSent ? { maybeSent: true } : {}),
      });
    }
    let json: { sid?: string; code?: number; message?: string } = {};
    try {
      json = JSON.parse(response.text);
    } catch {
      // Not JSON: the status decides.
    }
    if (response.status < 200 || response.status >= 300 || !json.sid) {
      throw new AppError(twilioErrorCode(json.code), {
        status: response.status,
        providerCode: json.code,
        // A gateway's answer without Twilio's error: the request may have gone through.
        ...(json.code === undefined && (response.status === 502 || response.status === 504)
          ? { maybeSent: true }
          : {}),
      });
    }
    return { providerMessageId: json.sid };
  }

  /**
   * An MMS attachment (MediaUrl0) read with the account's Basic auth — Twilio may require it — and
   * only from the provider's own host: the URL came in a webhook and is never fetched elsewhere.
   */
  async fetchMedia(credentials: TSmsCredentials, url: string): Promise<TFetchedMedia | undefined> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return undefined;
    }
    if (target.origin !== new URL(this.apiUrl).origin) return undefined;
    const auth = Buffer.from(`${credentials.accountId}:${credentials.authToken}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(target, {
        headers: { authorization: `Basic ${auth}` },
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      throw new AppError('CHANNEL_PROVIDER_ERROR', { reason: 'unreachable' });
    }
    if (!response.ok || !response.body) return undefined;
    const size = Number(response.headers.get('content-length'));
    return {
      body: response.body,
      mimeType: response.headers.get('content-type') ?? 'application/octet-stream',
      ...(size > 0 ? { size } : {}),
    };
  }

  verifySignature(
    credentials: TSmsCredentials,
    url: string,
    params: URLSearchParams,
    signature: unknown,
  ): boolean {
    if (typeof signature !== 'string' || !signature) return false;
    return safeEqual(signature, twilioSignature(credentials.authToken, url, params));
  }

  /** `callbackData`: what the status callback's address carried (SmsAdapter.statusCallbackUrl). */
  parseWebhook(toNumber: string, params: URLSearchParams, callbackData?: string): TParsedWebhook {
    const out: TParsedWebhook = { messages: [], statuses: [] };
    const sid = params.get('MessageSid') ?? params.get('SmsSid');
    if (!sid) return out;
    const status = params.get('MessageStatus') ?? params.get('SmsStatus');
    const report = status ? STATUS_OF[status] : undefined;
    if (report) {
      const update: TStatusUpdate = { providerMessageId: sid, status: report, timestamp: new Date() };
      if (report === 'failed') update.errorCode = twilioErrorCode(params.get('ErrorCode'));
      if (callbackData) update.callbackData = callbackData.slice(0, 512);
      out.statuses.push(update);
      return out;
    }
    const from = params.get('From') ?? '';
    if (!/^\+\d{6,15}$/.test(from) || (params.get('To') && params.get('To') !== toNumber)) return out;
    const message: TInboundMessage = {
      providerMessageId: sid,
      from,
      timestamp: new Date(),
      kind: 'text',
      text: params.get('Body') ?? '',
    };
    // MMS: the first attachment rides along (Twilio hosts it at MediaUrl0).
    if (Number(params.get('NumMedia') ?? 0) > 0 && params.get('MediaUrl0')) {
      const mimeType = params.get('MediaContentType0') ?? 'application/octet-stream';
      const kind = mimeType.startsWith('image/')
        ? 'image'
        : mimeType.startsWith('video/')
          ? 'video'
          : 'document';
      message.kind = kind;
      message.media = {
        url: params.get('MediaUrl0')!,
        mimeType,
        ...(message.text ? { caption: message.text } : {}),
      };
    }
    out.messages.push(message);
    return out;
  }
}

/** Delivery statuses that change an ack (queued/accepted/sending change nothing). */
const STATUS_OF: Record<string, TStatusUpdate['status'] | undefined> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'failed',
  failed: 'failed',
};

/** Twilio error codes of the catalogue: invalid or unknown 'To' numbers. */
export function twilioErrorCode(code: unknown): TErrorCode {
  const n = Number(code);
  if ([21211, 21217, 21614, 30005, 30006].includes(n)) return 'NUMBER_NOT_EXISTS';
  return 'CHANNEL_PROVIDER_ERROR';
}

/** base64 HMAC-SHA1(authToken, url + sorted name/value pairs). */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const keys = [...new Set(params.keys())].sort();
  let data = url;
  for (const key of keys) for (const value of params.getAll(key)) data += key + value;
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}
