import { createHmac } from 'node:crypto';
import { AppError } from '../../platform/errors';
import { safeEqual } from '../../platform/auth/secrets';
import type {
  TBillingProvider,
  TCheckoutRequest,
  TCheckoutStart,
  TPaymentRequest,
  TPromotionRequest,
  TWebhookEvent,
} from './billing.provider';

const TOLERANCE_S = 300;

/** Stripe Checkout over its HTTP API (form-encoded), confirmed by its signed webhook. */
export class StripeBillingProvider implements TBillingProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly secretKey: string,
    private readonly webhookSecret: string | undefined,
    private readonly apiUrl: string,
  ) {}

  async startCheckout(request: TCheckoutRequest): Promise<TCheckoutStart> {
    const form = new URLSearchParams({
      mode: 'subscription',
      'line_items[0][price]': request.providerPlanId,
      'line_items[0][quantity]': '1',
      client_reference_id: request.checkoutId,
      'metadata[accountId]': request.accountId,
      'metadata[planId]': request.planId,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (request.promotionId) form.set('discounts[0][promotion_code]', request.promotionId);
    const session = (await this.post('/v1/checkout/sessions', form)) as { id: string; url: string };
    return { kind: 'redirect', providerSessionId: session.id, url: session.url };
  }

  /**
   * A one-time payment (issue 16: an SMS credit package): Checkout in payment mode with the price
   * given inline (no Stripe product to keep in sync), our checkout id as the client reference and
   * in the metadata with the account, the kind and the package, so Stripe's dashboard tells
   * what was sold to whom.
   */
  async startPayment(request: TPaymentRequest): Promise<TCheckoutStart> {
    const form = new URLSearchParams({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': String(request.amount),
      'line_items[0][price_data][product_data][name]': request.title,
      'line_items[0][quantity]': '1',
      client_reference_id: request.checkoutId,
      'metadata[accountId]': request.accountId,
      'metadata[kind]': request.kind,
      'metadata[packageId]': request.packageId,
      'metadata[checkoutId]': request.checkoutId,
      locale: request.locale,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    const session = (await this.post('/v1/checkout/sessions', form)) as { id: string; url: string };
    return { kind: 'redirect', providerSessionId: session.id, url: session.url };
  }

  /** A Stripe coupon (off the first payment) and its customer-facing promotion code. */
  async createPromotion(coupon: TPromotionRequest): Promise<string> {
    const limits = new URLSearchParams();
    if (coupon.maxUses !== null) limits.set('max_redemptions', String(coupon.maxUses));
    const form = new URLSearchParams({ duration: 'once', name: coupon.code });
    if (coupon.kind === 'percent') form.set('percent_off', String(coupon.value));
    else {
      form.set('amount_off', String(coupon.value));
      form.set('currency', 'brl');
    }
    for (const [key, value] of limits) form.set(key, value);
    if (coupon.validUntil) form.set('redeem_by', String(Math.floor(coupon.validUntil.getTime() / 1000)));
    const created = (await this.post('/v1/coupons', form)) as { id: string };
    const promotion = new URLSearchParams({ coupon: created.id, code: coupon.code });
    for (const [key, value] of limits) promotion.set(key, value);
    if (coupon.validUntil)
      promotion.set('expires_at', String(Math.floor(coupon.validUntil.getTime() / 1000)));
    return ((await this.post('/v1/promotion_codes', promotion)) as { id: string }).id;
  }

  private async post(path: string, form: URLSearchParams): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new AppError('BILLING_PROVIDER_ERROR');
    }
    if (!response.ok) throw new AppError('BILLING_PROVIDER_ERROR', { status: response.status });
    return response.json();
  }

  /** Verifies the Stripe-Signature header (t=..., v1=HMAC-SHA256 of "t.body") within 5 minutes. */
  parseWebhook(rawBody: string, signature: string | undefined): TWebhookEvent {
    if (!this.webhookSecret || !signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    const parts = Object.fromEntries(signature.split(',').map((p) => p.split('=') as [string, string]));
    const timestamp = Number(parts.t);
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_S) {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    }
    const expected = createHmac('sha256', this.webhookSecret).update(`${parts.t}.${rawBody}`).digest('hex');
    const given = signature
      .split(',')
      .filter((p) => p.startsWith('v1='))
      .map((p) => p.slice(3));
    if (!given.some((v) => safeEqual(v, expected))) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    let event: { type?: string; data?: { object?: { id?: string; payment_status?: string } } };
    try {
      event = JSON.parse(rawBody);
    } catch {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    }
    const session = event.data?.object;
    if (!session?.id) return { type: 'ignored' };
    switch (event.type) {
      case 'checkout.session.completed':
        // A delayed method (boleto) completes the session unpaid: async_payment_succeeded pays it.
        return session.payment_status === 'unpaid'
          ? { type: 'ignored' }
          : { type: 'checkout.completed', providerSessionId: session.id };
      case 'checkout.session.async_payment_succeeded':
        return { type: 'checkout.completed', providerSessionId: session.id };
      case 'checkout.session.expired':
        return { type: 'checkout.canceled', providerSessionId: session.id, reason: 'expired' };
      case 'checkout.session.async_payment_failed':
        return { type: 'checkout.canceled', providerSessionId: session.id, reason: 'failed' };
      default:
        return { type: 'ignored' };
    }
  }
}
