import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server';

/**
 * A local stand-in for Meta's Graph API (WhatsApp Cloud API), speaking its wire format:
 * POST /{version}/{phone_number_id}/messages → { messaging_product, contacts, messages: [{ id }] };
 * message templates at /{version}/{waba_id}/message_templates (POST create, GET list, DELETE) and
 * POST /{version}/{template_id} (edit); errors as { error: { message, type, code, error_data } }.
 * Plus builders of correctly signed webhooks to post to our server.
 */

export interface TGraphError {
  status?: number;
  code: number;
  message: string;
  details?: string;
}

export interface TFakeSend {
  phoneNumberId: string;
  authorization: string | undefined;
  body: Record<string, any>;
  wamid: string;
  /** When the fake accepted it (ms since the epoch). */
  at?: number;
}

export interface TFakeTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  components: unknown[];
  status: string;
  rejected_reason?: string;
  edits: number;
}

export const GRAPH_ERRORS = {
  reEngagement: {
    code: 131047,
    message: '(#131047) Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  undeliverable: {
    code: 131026,
    message: '(#131026) Message Undeliverable',
    details: 'Message Undeliverable.',
  },
  rateLimit: { status: 429, code: 130429, message: '(#130429) Rate limit hit' },
  invalidToken: { status: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
} satisfies Record<string, TGraphError>;

export class FakeWhatsApp {
  readonly sends: TFakeSend[] = [];
  readonly templates = new Map<string, TFakeTemplate>();
  /** Media customers sent (GET /{media-id} → its URL; the URL answers the bytes with the token). */
  readonly media = new Map<string, { mimeType: string; data: Buffer }>();
  /** Recipients (digits) whose sends fail with this error. */
  readonly failFor = new Map<string, TGraphError>();
  /**
   * Recipients (digits) whose send is accepted (recorded, reported) but whose answer is lost: the
   * connection is dropped before the response, as a timeout or a network failure would.
   */
  readonly dropAnswerFor = new Set<string>();
  /**
   * When set, an accepted send for which it gives a promise is recorded at once but answered only
   * once that settles (a slow Graph).
   */
  answerAfter: ((body: Record<string, any>) => Promise<void> | undefined) | undefined;
  /**
   * When set, every accepted send is reported as Meta does: a 'sent' status webhook (with the
   * send's biz_opaque_callback_data) handed to this function, after `reportDelayMs`. Like Meta's
   * Graph API, the fake takes no idempotency key: a repeated send is a second message.
   */
  reportStatuses: ((webhook: Record<string, unknown>) => Promise<unknown>) | undefined;
  reportDelayMs = 0;
  /** When set, every call must carry 'Bearer <token>'. */
  accessToken: string | undefined;
  /** Embedded signup (issue 13): the Meta app whose secret the code exchange checks. */
  app = { id: '', secret: '' };
  /** Codes the OAuth exchange takes → the business token, its scopes and the WABAs it may manage. */
  readonly signupCodes = new Map<string, { token: string; scopes: string[]; wabaIds: string[] }>();
  /** A WABA's phone numbers (GET /{waba_id}/phone_numbers). */
  readonly phoneNumbers = new Map<string, Array<{ id: string; display_phone_number: string }>>();
  /** POST /{waba_id}/subscribed_apps and POST /{phone_number_id}/register calls. */
  readonly subscriptions: Array<{ wabaId: string; authorization?: string; body: Record<string, any> }> = [];
  readonly registrations: Array<{ phoneNumberId: string; body: Record<string, any> }> = [];
  private server: Server | null = null;
  private failures: TGraphError[] = [];
  version = 'v21.0';
  baseUrl = '';

  /** Starts on a free loopback port; answers the WHATSAPP_GRAPH_URL to configure. */
  async start(): Promise<string> {
    const { server, origin } = await listenOnLoopback((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 60_000;
    this.server = server;
    this.baseUrl = `${origin}/${this.version}`;
    return this.baseUrl;
  }

  async stop() {
    await closeServer(this.server);
  }

  /** The next call fails with this Graph error. */
  failNext(error: TGraphError) {
    this.failures.push(error);
  }

  /** Review outcome for a template (what Meta's reviewers decide). */
  setTemplateStatus(id: string, status: string, reason?: string) {
    const t = this.templates.get(id);
    if (!t) throw new Error(`no template ${id}`);
    t.status = status;
    t.rejected_reason = reason;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'media-download') return this.download(parts[1], req, res);
    if (parts[0] !== this.version) return json(res, 404, graphError({ code: 100, message: 'Unknown path' }));
    if (this.accessToken && req.headers.authorization !== `Bearer ${this.accessToken}`)
      return json(res, 401, graphError(GRAPH_ERRORS.invalidToken));
    const failure = this.failures.shift();
    if (failure) return json(res, failure.status ?? 400, graphError(failure));
    let body: Record<string, any> = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return json(res, 400, graphError({ code: 100, message: 'Invalid JSON' }));
    }
    const [, id, edge] = parts;
    const signup = this.signup(req, url, id, edge, body);
    if (signup) return json(res, signup.status, signup.body);
    if (req.method === 'GET' && id && !edge && this.media.has(id)) {
      const m = this.media.get(id)!;
      const origin = this.baseUrl.slice(0, this.baseUrl.lastIndexOf('/'));
      return json(res, 200, {
        messaging_product: 'whatsapp',
        url: `${origin}/media-download/${id}`,
        mime_type: m.mimeType,
        sha256: 'x',
        file_size: m.data.byteLength,
        id,
      });
    }
    if (req.method === 'POST' && edge === 'messages') return this.message(id, req, body, res);
    if (edge === 'message_templates') return this.templateEdge(id, req.method ?? 'GET', url, body, res);
    if (req.method === 'POST' && id && !edge && this.templates.has(id)) {
      const t = this.templates.get(id)!;
      if (body.components) t.components = body.components;
      if (body.category) t.category = body.category;
      t.status = 'PENDING';
      t.rejected_reason = undefined;
      t.edits += 1;
      return json(res, 200, { success: true });
    }
    return json(res, 400, graphError({ code: 100, message: 'Unsupported post request' }));
  }

  /** Embedded signup's Graph calls: code exchange, token debug, phone numbers, subscription, registration. */
  private signup(
    req: IncomingMessage,
    url: URL,
    id: string | undefined,
    edge: string | undefined,
    body: Record<string, any>,
  ): { status: number; body: unknown } | null {
    const q = url.searchParams;
    const tokenOf = (t: string | undefined) => [...this.signupCodes.values()].find((c) => c.token === t);
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (id === 'oauth' && edge === 'access_token') {
      const grant = this.signupCodes.get(q.get('code') ?? '');
      if (q.get('client_id') !== this.app.id || q.get('client_secret') !== this.app.secret || !grant)
        return {
          status: 400,
          body: graphError({ code: 100, message: 'Invalid verification code format.' }),
        };
      return { status: 200, body: { access_token: grant.token, token_type: 'bearer' } };
    }
    if (id === 'debug_token') {
      if (bearer !== `${this.app.id}|${this.app.secret}`)
        return { status: 400, body: graphError({ code: 190, message: 'Invalid app access token' }) };
      const grant = tokenOf(q.get('input_token') ?? undefined);
      return {
        status: 200,
        body: {
          data: grant
            ? {
                app_id: this.app.id,
                is_valid: true,
                scopes: grant.scopes,
                granular_scopes: grant.scopes.map((scope) => ({ scope, target_ids: grant.wabaIds })),
              }
            : { is_valid: false, scopes: [] },
        },
      };
    }
    const grant = tokenOf(bearer);
    if (edge === 'phone_numbers' && req.method === 'GET') {
      if (!grant?.wabaIds.includes(id ?? ''))
        return { status: 403, body: graphError({ code: 200, message: 'Permissions error' }) };
      return { status: 200, body: { data: this.phoneNumbers.get(id ?? '') ?? [] } };
    }
    if (edge === 'subscribed_apps' && req.method === 'POST') {
      if (!grant?.wabaIds.includes(id ?? ''))
        return { status: 403, body: graphError({ code: 200, message: 'Permissions error' }) };
      this.subscriptions.push({ wabaId: id ?? '', authorization: req.headers.authorization, body });
      return { status: 200, body: { success: true } };
    }
    if (edge === 'register' && req.method === 'POST') {
      if (!grant) return { status: 401, body: graphError(GRAPH_ERRORS.invalidToken) };
      this.registrations.push({ phoneNumberId: id ?? '', body });
      return { status: 200, body: { success: true } };
    }
    return null;
  }

  private download(id: string, req: IncomingMessage, res: ServerResponse) {
    const m = this.media.get(id);
    if (this.accessToken && req.headers.authorization !== `Bearer ${this.accessToken}`) {
      res.writeHead(401).end();
      return;
    }
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': m.mimeType, 'content-length': m.data.byteLength });
    res.end(m.data);
  }

  private message(
    phoneNumberId: string,
    req: IncomingMessage,
    body: Record<string, any>,
    res: ServerResponse,
  ) {
    const to = String(body.to ?? '');
    const failure = this.failFor.get(to);
    if (failure) return json(res, failure.status ?? 400, graphError(failure));
    if (body.messaging_product !== 'whatsapp' || !to || !body.type)
      return json(res, 400, graphError({ code: 100, message: '(#100) Invalid parameter' }));
    const invalid = body.type === 'interactive' ? interactiveProblem(body.interactive) : null;
    if (invalid)
      return json(
        res,
        400,
        graphError({ code: 131009, message: `(#131009) Parameter value is not valid: ${invalid}` }),
      );
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    const send = { phoneNumberId, authorization: req.headers.authorization, body, wamid, at: Date.now() };
    this.sends.push(send);
    const report = this.reportStatuses;
    if (report) {
      const webhook = whatsappWebhook(phoneNumberId, {
        statuses: [{ id: wamid, status: 'sent', recipient: to, callbackData: body.biz_opaque_callback_data }],
      });
      setTimeout(() => void report(webhook).catch(() => undefined), this.reportDelayMs);
    }
    if (this.dropAnswerFor.has(to)) {
      req.socket.destroy();
      return;
    }
    const answer = () =>
      json(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: wamid }],
      });
    const wait = this.answerAfter?.(body);
    if (wait) void wait.then(answer);
    else answer();
  }

  private templateEdge(
    wabaId: string,
    method: string,
    url: URL,
    body: Record<string, any>,
    res: ServerResponse,
  ) {
    if (method === 'POST') {
      const duplicate = [...this.templates.values()].some(
        (t) => t.wabaId === wabaId && t.name === body.name && t.language === body.language,
      );
      if (duplicate)
        return json(res, 400, graphError({ code: 100, message: 'Message template already exists' }));
      const id = String(1_000_000_000_000 + this.templates.size + 1);
      const t: TFakeTemplate = {
        id,
        wabaId,
        name: body.name,
        language: body.language,
        category: body.category,
        components: body.components ?? [],
        status: 'PENDING',
        edits: 0,
      };
      this.templates.set(id, t);
      return json(res, 200, { id, status: t.status, category: t.category });
    }
    if (method === 'DELETE') {
      const hsm = url.searchParams.get('hsm_id');
      const name = url.searchParams.get('name');
      for (const [id, t] of this.templates)
        if (t.wabaId === wabaId && t.name === name && (!hsm || hsm === id)) this.templates.delete(id);
      return json(res, 200, { success: true });
    }
    const all = [...this.templates.values()].filter((t) => t.wabaId === wabaId);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const start = Number(url.searchParams.get('after') ?? 0);
    const page = all.slice(start, start + limit);
    const next = start + limit < all.length ? String(start + limit) : undefined;
    return json(res, 200, {
      data: page.map((t) => ({
        id: t.id,
        name: t.name,
        language: t.language,
        status: t.status,
        category: t.category,
        ...(t.rejected_reason ? { rejected_reason: t.rejected_reason } : {}),
      })),
      paging: {
        cursors: { before: String(start), after: next ?? String(start) },
        ...(next ? { next: 'more' } : {}),
      },
    });
  }
}

function graphError(e: TGraphError) {
  return {
    error: {
      message: e.message,
      type: 'OAuthException',
      code: e.code,
      ...(e.details ? { error_data: { messaging_product: 'whatsapp', details: e.details } } : {}),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

// ---- Webhooks Meta posts to us ----

/**
 * What Meta refuses in an interactive message (reply buttons: 1–3, unique ids, titles up to 20
 * characters; lists: 1–10 rows in all, titles up to 24, descriptions up to 72, button label up to
 * 20; body up to 1,024), or null when it is valid.
 */
function interactiveProblem(interactive: any): string | null {
  const len = (v: unknown) => [...String(v ?? '')].length;
  if (!interactive?.body?.text || len(interactive.body.text) > 1024) return 'body.text';
  if (interactive.header && len(interactive.header.text) > 60) return 'header.text';
  if (interactive.footer && len(interactive.footer.text) > 60) return 'footer.text';
  if (interactive.type === 'button') {
    const buttons: any[] = interactive.action?.buttons ?? [];
    if (buttons.length < 1 || buttons.length > 3) return 'action.buttons';
    if (new Set(buttons.map((b) => b.reply?.id)).size !== buttons.length) return 'buttons.id';
    if (buttons.some((b) => b.type !== 'reply' || !b.reply?.id || !b.reply.title || len(b.reply.title) > 20))
      return 'buttons.title';
    return null;
  }
  if (interactive.type === 'list') {
    if (!interactive.action?.button || len(interactive.action.button) > 20) return 'action.button';
    const rows: any[] = (interactive.action.sections ?? []).flatMap((s: any) => s.rows ?? []);
    if (rows.length < 1 || rows.length > 10) return 'sections.rows';
    if (new Set(rows.map((r) => r.id)).size !== rows.length) return 'rows.id';
    if (rows.some((r) => !r.id || !r.title || len(r.title) > 24 || len(r.description) > 72))
      return 'rows.title';
    return null;
  }
  return 'interactive.type';
}

export interface TWaInbound {
  id?: string;
  from: string;
  name?: string;
  timestamp?: number;
  type?:
    | 'text'
    | 'image'
    | 'audio'
    | 'video'
    | 'document'
    | 'sticker'
    | 'location'
    | 'interactive'
    | 'reaction'
    | 'unsupported';
  text?: string;
  /** A reply to one of our interactive messages (type 'interactive'). */
  interactive?:
    | { type: 'button_reply'; button_reply: { id: string; title: string } }
    | { type: 'list_reply'; list_reply: { id: string; title: string; description?: string } };
  /** A reaction to a message (type 'reaction'); an empty emoji removes it. */
  reaction?: { message_id: string; emoji: string };
  media?: { id: string; mime_type: string; caption?: string; filename?: string };
  location?: { latitude: number; longitude: number; name?: string; address?: string };
}

export interface TWaStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipient?: string;
  errorCode?: number;
  /** The send's biz_opaque_callback_data, which Meta echoes in its status webhooks. */
  callbackData?: string;
}

export function newWamid(): string {
  return `wamid.${randomBytes(18).toString('base64url')}`;
}

/** A 'messages' webhook as Meta sends it (object whatsapp_business_account, one change). */
export function whatsappWebhook(
  phoneNumberId: string,
  content: { messages?: TWaInbound[]; statuses?: TWaStatus[]; wabaId?: string },
): Record<string, unknown> {
  const messages = (content.messages ?? []).map((m) => {
    const type = m.type ?? 'text';
    const base = {
      from: m.from,
      id: m.id ?? newWamid(),
      timestamp: String(m.timestamp ?? Math.floor(Date.now() / 1000)),
      type,
    };
    if (type === 'text') return { ...base, text: { body: m.text ?? '' } };
    if (type === 'location') return { ...base, location: m.location };
    if (type === 'interactive') return { ...base, interactive: m.interactive };
    if (type === 'reaction') return { ...base, reaction: m.reaction };
    if (type === 'unsupported') return { ...base, errors: [{ code: 131051, title: 'Message type unknown' }] };
    return { ...base, [type]: { ...m.media, sha256: 'x' } };
  });
  const contacts = (content.messages ?? [])
    .filter((m) => m.name)
    .map((m) => ({ profile: { name: m.name }, wa_id: m.from }));
  const statuses = (content.statuses ?? []).map((s) => ({
    id: s.id,
    status: s.status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: s.recipient ?? '5511999999999',
    ...(s.errorCode ? { errors: [{ code: s.errorCode, title: 'error' }] } : {}),
    ...(s.callbackData ? { biz_opaque_callback_data: s.callbackData } : {}),
  }));
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: content.wabaId ?? '100000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
              ...(contacts.length ? { contacts } : {}),
              ...(messages.length ? { messages } : {}),
              ...(statuses.length ? { statuses } : {}),
            },
          },
        ],
      },
    ],
  };
}

/** The 'message_template_status_update' webhook. */
export function templateStatusWebhook(e: {
  id: string;
  name: string;
  language: string;
  event: string;
  reason?: string;
}) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000001',
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event: e.event,
              message_template_id: Number(e.id),
              message_template_name: e.name,
              message_template_language: e.language,
              reason: e.reason ?? 'NONE',
            },
          },
        ],
      },
    ],
  };
}

/** X-Hub-Signature-256 of a raw body. */
export function signWhatsApp(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** The body and headers of a signed webhook POST. */
export function signedWhatsAppPost(appSecret: string, payload: unknown) {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsApp(appSecret, body) },
  };
}
