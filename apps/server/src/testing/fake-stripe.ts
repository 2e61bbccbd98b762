import { createHmac } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config';
import { closeServer, listenOnLoopback } from './loopback-server';

/**
 * A local stand-in for Stripe's API, speaking its wire format: form-encoded POSTs with
 * `Authorization: Bearer <secret key>` to /v1/checkout/sessions (→ { id: 'cs_test_…', object:
 * 'checkout.session', url }), /v1/coupons and /v1/promotion_codes; errors { error: { message,
 * type } }. Plus the signed webhooks Stripe sends (Stripe-Signature: t=…,v1=HMAC-SHA256 of
 * "t.payload" with the endpoint's secret), their events built from the sessions it created.
 */

export interface TStripeRequest {
  path: string;
  auth: string | undefined;
  form: URLSearchParams;
}

export interface TStripeSession extends TStripeRequest {
  id: string;
  url: string;
}

export class FakeStripe {
  readonly requests: TStripeRequest[] = [];
  /** Checkout sessions created, in order. */
  readonly sessions: TStripeSession[] = [];
  /** Not 200: every call answers this status with Stripe's error body (back to 200 to recover). */
  failWith = 200;
  url = '';
  private server: Server | null = null;
  private events = 0;

  constructor(readonly webhookSecret = 'whsec_test') {}

  async start(): Promise<string> {
    const { server, origin } = await listenOnLoopback((req, res) => void this.handle(req, res));
    this.server = server;
    this.url = origin;
    return this.url;
  }

  async stop() {
    await closeServer(this.server);
  }

  /** The app's configuration pointing at this fake (call after start()). */
  config(): Partial<TConfig> {
    return {
      STRIPE_SECRET_KEY: 'sk_test',
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_URL: this.url,
    };
  }

  lastSession(): TStripeSession {
    const session = this.sessions.at(-1);
    if (!session) throw new Error('no Stripe checkout session was created');
    return session;
  }

  /** A Stripe-Signature header for `payload` (another secret or time to forge a bad one). */
  signature(payload: string, options: { secret?: string; t?: number } = {}): string {
    const t = options.t ?? Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', options.secret ?? this.webhookSecret)
      .update(`${t}.${payload}`)
      .digest('hex');
    return `t=${t},v1=${v1}`;
  }

  /**
   * The event Stripe posts about a checkout session (checkout.session.completed, .expired, …),
   * its object filled from the session as created here (mode, metadata, amount, currency).
   */
  sessionEvent(type: string, sessionId: string, object: Record<string, unknown> = {}): string {
    const session = this.sessions.find((s) => s.id === sessionId);
    const form = session?.form ?? new URLSearchParams();
    const metadata = Object.fromEntries(
      [...form].flatMap(([k, v]) => {
        const key = /^metadata\[(.+)\]$/.exec(k)?.[1];
        return key ? [[key, v]] : [];
      }),
    );
    const amount = form.get('line_items[0][price_data][unit_amount]');
    this.events += 1;
    return JSON.stringify({
      id: `evt_test_${this.events}`,
      object: 'event',
      type,
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          mode: form.get('mode'),
          client_reference_id: form.get('client_reference_id'),
          metadata,
          amount_total: amount ? Number(amount) : null,
          currency: form.get('line_items[0][price_data][currency]'),
          status: type === 'checkout.session.expired' ? 'expired' : 'complete',
          payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
          ...object,
        },
      },
    });
  }

  /** Posts a webhook to the app as Stripe does (signed correctly unless `signature` is given; null: none). */
  deliver(app: FastifyInstance, payload: string, signature?: string | null) {
    const sig = signature === undefined ? this.signature(payload) : signature;
    return app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', ...(sig ? { 'stripe-signature': sig } : {}) },
      payload,
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = req.url ?? '';
    if (this.failWith !== 200)
      return json(res, this.failWith, { error: { message: 'boom', type: 'api_error' } });
    if (req.method !== 'POST')
      return json(res, 404, {
        error: { message: 'Unrecognized request URL', type: 'invalid_request_error' },
      });
    const request = {
      path,
      auth: req.headers.authorization,
      form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
    };
    this.requests.push(request);
    const n = this.requests.length;
    if (path === '/v1/checkout/sessions') {
      const id = `cs_test_${this.sessions.length + 1}`;
      const url = `https://checkout.stripe.test/c/pay/${id}`;
      this.sessions.push({ ...request, id, url });
      return json(res, 200, { id, object: 'checkout.session', url });
    }
    if (path === '/v1/coupons') return json(res, 200, { id: `coupon_${n}`, object: 'coupon' });
    if (path === '/v1/promotion_codes') return json(res, 200, { id: `promo_${n}`, object: 'promotion_code' });
    return json(res, 404, { error: { message: 'Unrecognized request URL', type: 'invalid_request_error' } });
  }
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
