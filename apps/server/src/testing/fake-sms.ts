import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { twilioSignature } from '../providers/sms/twilio.provider';
import { closeServer, listenOnLoopback } from './loopback-server';

/**
 * A local stand-in for Twilio's Messages API, speaking its wire format:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json (form: To, From, Body, StatusCallback;
 * HTTP Basic AccountSid:AuthToken) → 201 { sid, status: 'queued', ... }; errors
 * { code, message, more_info, status }. Plus builders of signed inbound SMS / status callbacks.
 */

export interface TFakeSms {
  accountSid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  sid: string;
}

export class FakeSmsProvider {
  readonly sent: TFakeSms[] = [];
  /** Credentials accepted: AccountSid → AuthToken. */
  readonly accounts = new Map<string, string>();
  /** 'To' numbers Twilio refuses as invalid (error 21211). */
  readonly invalidNumbers = new Set<string>();
  /** MMS attachments a customer sent, by path (/2010-04-01/Accounts/{sid}/Messages/{MM}/Media/{ME}). */
  readonly media = new Map<string, { contentType: string; data: Buffer }>();
  /**
   * 'To' numbers whose send is accepted (recorded, as Twilio would queue it) but whose connection
   * is dropped before the answer, as a timeout or a network failure would. Like Twilio's Messages
   * API, the fake takes no idempotency key: a repeated send is a second message.
   */
  readonly dropAnswerFor = new Set<string>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<string> {
    const { server, origin } = await listenOnLoopback((req, res) => void this.handle(req, res));
    this.server = server;
    this.url = origin;
    return this.url;
  }

  async stop() {
    await closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === 'GET' && this.media.has(req.url ?? '')) return this.serveMedia(req, res);
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match)
      return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    const sid = decodeURIComponent(match[1]);
    const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    if (user !== sid || !this.accounts.has(sid) || this.accounts.get(sid) !== pass)
      return json(res, 401, {
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    if (!to || this.invalidNumbers.has(to))
      return json(res, 400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      });
    if (!form.get('Body'))
      return json(res, 400, { code: 21602, message: 'Message body is required.', status: 400 });
    const messageSid = `SM${randomBytes(16).toString('hex')}`;
    const sent: TFakeSms = {
      accountSid: sid,
      to,
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback'),
      sid: messageSid,
    };
    this.sent.push(sent);
    if (this.dropAnswerFor.has(to)) {
      req.socket.destroy();
      return;
    }
    return json(res, 201, {
      sid: messageSid,
      account_sid: sid,
      to,
      from: sent.from,
      body: sent.body,
      status: 'queued',
      direction: 'outbound-api',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${sid}/Messages/${messageSid}.json`,
    });
  }

  private serveMedia(req: IncomingMessage, res: ServerResponse) {
    const sid = /^\/2010-04-01\/Accounts\/([^/]+)\//.exec(req.url ?? '')![1];
    const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    if (user !== sid || this.accounts.get(sid) !== pass)
      return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    const media = this.media.get(req.url ?? '')!;
    res.writeHead(200, { 'content-type': media.contentType, 'content-length': media.data.length });
    res.end(media.data);
  }
}

export interface TFakeMms {
  url: string;
  contentType: string;
}

/** Hosts an attachment as Twilio does for an inbound MMS (MediaUrl0), behind the account's Basic auth. */
export function hostMms(
  fake: FakeSmsProvider,
  accountSid: string,
  contentType: string,
  data: Buffer,
): TFakeMms {
  const path = `/2010-04-01/Accounts/${accountSid}/Messages/MM${randomBytes(16).toString('hex')}/Media/ME${randomBytes(16).toString('hex')}`;
  fake.media.set(path, { contentType, data });
  return { url: `${fake.url}${path}`, contentType };
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A form POST to `url` as Twilio signs it. */
export function signedTwilioPost(authToken: string, url: string, fields: Record<string, string>) {
  const params = new URLSearchParams(fields);
  return {
    body: params.toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, url, params),
    },
  };
}

/** The fields of an inbound SMS webhook. */
export function inboundSmsFields(m: {
  from: string;
  to: string;
  body: string;
  sid?: string;
  accountSid?: string;
}) {
  const sid = m.sid ?? `SM${randomBytes(16).toString('hex')}`;
  return {
    ToCountry: 'BR',
    SmsMessageSid: sid,
    NumMedia: '0',
    SmsSid: sid,
    SmsStatus: 'received',
    Body: m.body,
    To: m.to,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: m.accountSid ?? 'AC00000000000000000000000000000000',
    From: m.from,
    ApiVersion: '2010-04-01',
  };
}

/** The fields of a status callback. */
export function smsStatusFields(s: {
  sid: string;
  status: string;
  errorCode?: number;
  to?: string;
  from?: string;
}) {
  return {
    MessageSid: s.sid,
    SmsSid: s.sid,
    MessageStatus: s.status,
    SmsStatus: s.status,
    To: s.to ?? '',
    From: s.from ?? '',
    AccountSid: 'AC00000000000000000000000000000000',
    ApiVersion: '2010-04-01',
    ...(s.errorCode ? { ErrorCode: String(s.errorCode) } : {}),
  };
}
