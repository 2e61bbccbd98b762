import { createHmac } from 'node:crypto';
import { AppError } from '../../platform/errors';
import { safeEqual } from '../../platform/auth/secrets';
import type {
  TBillingProvider,
  TCheckoutRequest,
  TCheckoutStart,
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
    let event: { type?: string; data?: { object?: { id?: string } } };
    try {
      event = JSON.parse(rawBody);
    } catch {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    }
    if (event.type === 'checkout.session.completed' && event.data?.object?.id) {
      return { type: 'checkout.completed', providerSessionId: event.data.object.id };
    }
    return { type: 'ignored' };
  }
}
