import type { TCheckoutKind, TLang } from '@atende/shared';

/** A billing provider: starts a checkout, and (for real providers) confirms it through a signed webhook. */
export interface TCheckoutRequest {
  checkoutId: string;
  accountId: string;
  planId: string;
  planTitle: string;
  providerPlanId: string;
  amount: number;
  period: 'monthly' | 'yearly';
  successUrl: string;
  cancelUrl: string;
  /** Issue 13: the provider's promotion code of the coupon applied (Stripe). */
  promotionId?: string | null;
}

/**
 * A one-time payment (issue 16: an SMS credit package), not a subscription: the provider charges
 * `amount` cents of BRL once for the item named `title`.
 */
export interface TPaymentRequest {
  checkoutId: string;
  accountId: string;
  kind: TCheckoutKind;
  /** What is sold (an SMS package id). */
  packageId: string;
  title: string;
  /** Cents of BRL. */
  amount: number;
  /** The language of the provider's payment page. */
  locale: TLang;
  successUrl: string;
  cancelUrl: string;
}

/** A coupon as the provider creates it (Stripe: a coupon plus its promotion code). */
export interface TPromotionRequest {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  maxUses: number | null;
  validUntil: Date | null;
}

export type TCheckoutStart =
  | { kind: 'paid'; providerSessionId: string }
  | { kind: 'redirect'; providerSessionId: string; url: string };

/**
 * What a provider's webhook says about a checkout: paid ('checkout.completed'), or ended unpaid
 * ('checkout.canceled': the session expired, or a delayed payment such as a boleto failed).
 */
export interface TWebhookEvent {
  type: 'checkout.completed' | 'checkout.canceled' | 'ignored';
  providerSessionId?: string;
  reason?: 'expired' | 'failed';
}

export interface TBillingProvider {
  readonly name: 'sandbox' | 'stripe';
  startCheckout(request: TCheckoutRequest): Promise<TCheckoutStart>;
  /** A one-time payment (issue 16): paid at once (sandbox) or on the provider's page (redirect). */
  startPayment(request: TPaymentRequest): Promise<TCheckoutStart>;
  parseWebhook(rawBody: string, signature: string | undefined): TWebhookEvent;
  /** Issue 13: creates the provider's promotion code for a coupon (absent: the discount is applied here). */
  createPromotion?(coupon: TPromotionRequest): Promise<string>;
}

/** The default provider: checkout is paid at once and says it is a sandbox; no money moves. */
export class SandboxBillingProvider implements TBillingProvider {
  readonly name = 'sandbox' as const;
  async startCheckout(request: TCheckoutRequest): Promise<TCheckoutStart> {
    return { kind: 'paid', providerSessionId: `sandbox_${request.checkoutId}` };
  }
  async startPayment(request: TPaymentRequest): Promise<TCheckoutStart> {
    return { kind: 'paid', providerSessionId: `sandbox_${request.checkoutId}` };
  }
  parseWebhook(): TWebhookEvent {
    return { type: 'ignored' };
  }
}
