import type { TParsedWebhook } from '../channel-adapter';

/** The credentials of one SMS sender (the channel's, else the platform's SMS_API_KEY). */
export interface TSmsCredentials {
  accountId: string;
  authToken: string;
}

export interface TSmsSend {
  from: string;
  to: string;
  body: string;
  /** Where the provider posts delivery reports (SmsAdapter.statusCallbackUrl). */
  statusCallback?: string;
}

/**
 * A small interface over an HTTP SMS provider: send, check a webhook's signature, read a
 * webhook (inbound messages and delivery reports). One implementation: TwilioSmsProvider.
 */
export interface SmsProvider {
  readonly name: string;
  send(credentials: TSmsCredentials, message: TSmsSend): Promise<{ providerMessageId: string }>;
  /** `url` is the full address the provider posted to; `params` the form fields. */
  verifySignature(
    credentials: TSmsCredentials,
    url: string,
    params: URLSearchParams,
    signature: unknown,
  ): boolean;
  parseWebhook(toNumber: string, params: URLSearchParams, callbackData?: string): TParsedWebhook;
}
