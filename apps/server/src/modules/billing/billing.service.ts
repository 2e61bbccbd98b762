import {
  couponDiscount,
  findPlan,
  PLANS,
  type TCheckoutKind,
  type TLang,
  type TPlanId,
} from '@atende/shared';
import type { TConfig } from '../../config';
import type { TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { TActor } from '../../platform/request-context';
import type { AccountsService } from '../accounts/accounts.service';
import { freePlan, isTrialEligible, paidPlan, trialPlan } from '../accounts/plan-rules';
import type { TAccountPlanRow } from '../../platform/tenancy';
import { SandboxBillingProvider, type TBillingProvider, type TWebhookEvent } from './billing.provider';
import { StripeBillingProvider } from './stripe.provider';
import { CouponsService } from './coupons.service';
import * as repo from './billing.repo';

export function createBillingProvider(config: TConfig): TBillingProvider {
  return config.STRIPE_SECRET_KEY
    ? new StripeBillingProvider(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_API_URL)
    : new SandboxBillingProvider();
}

/** A one-time payment another module sells through the billing provider (issue 16: SMS credit). */
export interface TPaymentStart {
  accountId: string;
  kind: TCheckoutKind;
  /** What is sold (an SMS package id). */
  itemId: string;
  title: string;
  /** Cents of BRL. */
  amount: number;
  lang: TLang;
  successUrl: string;
  cancelUrl: string;
}

export type TPaymentStarted = {
  checkoutId: string;
  provider: 'sandbox' | 'stripe';
  providerSessionId: string;
} & ({ kind: 'paid' } | { kind: 'redirect'; url: string });

export class BillingService {
  constructor(
    private readonly db: TDb,
    private readonly config: TConfig,
    private readonly accounts: AccountsService,
    private readonly events: DomainEvents,
    readonly provider: TBillingProvider = createBillingProvider(config),
    readonly coupons: CouponsService = new CouponsService(db, provider),
  ) {}

  /** List price (cents) of a plan for a period: a year costs ten months. */
  private amountOf(planId: string, period: 'monthly' | 'yearly'): number {
    const plan = findPlan(planId);
    if (!plan) throw new AppError('PLAN_NOT_FOUND');
    return period === 'yearly' ? plan.price * 10 : plan.price;
  }

  /** Issue 13: the coupon applied to a plan's price, shown at checkout before paying. */
  quote(code: string, planId: string, period: 'monthly' | 'yearly') {
    return this.coupons.quote(code, this.amountOf(planId, period));
  }

  /** Issue 13: the payment provider checkout goes through, and whether paid plans can be bought. */
  checkoutInfo() {
    const sandbox = this.provider.name === 'sandbox';
    return { provider: this.provider.name, sandbox, available: !(sandbox && this.config.isProduction) };
  }

  /** Plans for the plans page; whitelabel accounts see the same plans without product naming. */
  plans() {
    return PLANS;
  }

  /**
   * PUT g/acc/{acc}/plan/{id}: a plan with a trial (Pro) starts its trial when the account never
   * had one and is not paying; the free plan switches at once; paid plans go through the
   * provider's checkout (the sandbox pays at once and says so; Stripe redirects).
   */
  async changePlan(
    accountId: string,
    current: TAccountPlanRow,
    planId: string,
    period: 'monthly' | 'yearly',
    actor: TActor,
    couponCode?: string,
  ) {
    const plan = findPlan(planId);
    if (!plan) throw new AppError('PLAN_NOT_FOUND');
    if (isTrialEligible(current, plan)) {
      await this.accounts.setPlan(accountId, trialPlan(plan.id), actor);
      return {
        provider: this.provider.name,
        status: 'trial' as const,
        sandbox: this.provider.name === 'sandbox',
      };
    }
    if (plan.price === 0) {
      await this.accounts.setPlan(accountId, freePlan(), actor);
      return {
        provider: this.provider.name,
        status: 'free' as const,
        sandbox: this.provider.name === 'sandbox',
      };
    }
    // The sandbox pays at once: outside production it is the default (and says so); in
    // production without Stripe a paid plan would be free for anyone, so checkout is refused.
    if (this.provider.name === 'sandbox' && this.config.isProduction)
      throw new AppError('PAYMENTS_NOT_CONFIGURED');
    const listAmount = this.amountOf(plan.id, period);
    // Issue 13: a coupon takes its discount off the first payment (with Stripe, its promotion code).
    const coupon = couponCode?.trim()
      ? await this.coupons.withPromotion(await this.coupons.usable(couponCode))
      : null;
    const discount = coupon ? couponDiscount(coupon, listAmount) : 0;
    const amount = listAmount - discount;
    const checkout = await repo.insertCheckout(this.db, {
      id: newId(),
      accountId,
      planId: plan.id,
      period,
      amount,
      provider: this.provider.name,
      details: coupon ? { couponId: coupon.id, coupon: coupon.code, listAmount, discount } : {},
    });
    const start = await this.provider.startCheckout({
      checkoutId: checkout.id,
      accountId,
      planId: plan.id,
      planTitle: plan.title,
      providerPlanId: plan.providerPlanId,
      amount,
      period,
      successUrl: `${this.config.APP_URL}/plans?checkout=success&acc=${accountId}`,
      cancelUrl: `${this.config.APP_URL}/plans/checkout/${plan.id}?checkout=cancel&acc=${accountId}`,
      promotionId: coupon?.providerPromotionId ?? null,
    });
    await repo.setCheckoutSession(this.db, accountId, checkout.id, start.providerSessionId);
    if (start.kind === 'redirect')
      return { provider: this.provider.name, status: 'redirect' as const, url: start.url, sandbox: false };
    // Paid at once (sandbox): the coupon's use is taken now, refused when it was used up meanwhile.
    if (coupon) await this.coupons.take(coupon.id);
    await this.complete(accountId, checkout.id, plan.id, period, actor);
    return { provider: this.provider.name, status: 'paid' as const, sandbox: true };
  }

  /**
   * A one-time payment (issue 16: an SMS credit package): recorded as a checkout of its kind and
   * started with the provider. The sandbox pays at once ('paid': the caller settles the item
   * now); Stripe answers its payment page ('redirect'), and its signed webhook later emits
   * checkout.paid (or checkout.canceled) for the selling module to settle. In production without
   * Stripe nothing is sold for free: PAYMENTS_NOT_CONFIGURED.
   */
  async startPayment(request: TPaymentStart): Promise<TPaymentStarted> {
    if (this.provider.name === 'sandbox' && this.config.isProduction)
      throw new AppError('PAYMENTS_NOT_CONFIGURED');
    const checkout = await repo.insertCheckout(this.db, {
      id: newId(),
      accountId: request.accountId,
      kind: request.kind,
      planId: request.itemId,
      period: 'once',
      amount: request.amount,
      provider: this.provider.name,
      details: { title: request.title },
    });
    const start = await this.provider.startPayment({
      checkoutId: checkout.id,
      accountId: request.accountId,
      kind: request.kind,
      packageId: request.itemId,
      title: request.title,
      amount: request.amount,
      locale: request.lang,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
    });
    await repo.setCheckoutSession(this.db, request.accountId, checkout.id, start.providerSessionId);
    const started = {
      checkoutId: checkout.id,
      provider: this.provider.name,
      providerSessionId: start.providerSessionId,
    };
    if (start.kind === 'redirect') return { ...started, kind: 'redirect', url: start.url };
    await repo.completeCheckout(this.db, request.accountId, checkout.id);
    return { ...started, kind: 'paid' };
  }

  /**
   * The provider confirmed a one-time payment, or it ended unpaid: the checkout changes once and,
   * in the same transaction, checkout.paid / checkout.canceled is emitted (durable: the selling
   * module's listener settles the item, at most once). A repeated webhook changes nothing.
   */
  private async settlePayment(checkout: repo.TCheckoutRow, event: TWebhookEvent) {
    const kind = checkout.kind as TCheckoutKind;
    const providerSessionId = checkout.providerSessionId ?? event.providerSessionId ?? '';
    await withTenant(this.db, checkout.accountId, async (tx) => {
      if (event.type === 'checkout.completed') {
        if (!(await repo.markCheckoutPaid(tx, checkout.id))) return;
        await this.events.emit(tx, checkout.accountId, 'checkout.paid', {
          checkoutId: checkout.id,
          kind,
          itemId: checkout.planId,
          amount: checkout.amount,
          provider: checkout.provider,
          providerSessionId,
        });
        return;
      }
      if (!(await repo.markCheckoutCanceled(tx, checkout.id))) return;
      await this.events.emit(tx, checkout.accountId, 'checkout.canceled', {
        checkoutId: checkout.id,
        kind,
        itemId: checkout.planId,
        provider: checkout.provider,
        providerSessionId,
        reason: event.reason ?? 'expired',
      });
    });
  }

  private async complete(
    accountId: string,
    checkoutId: string,
    planId: TPlanId,
    period: 'monthly' | 'yearly',
    actor: TActor | null,
  ) {
    if (!(await repo.completeCheckout(this.db, accountId, checkoutId))) return false;
    await this.accounts.setPlan(
      accountId,
      { ...paidPlan(planId, period), provider: this.provider.name },
      actor,
    );
    return true;
  }

  /**
   * Provider webhook: verified, idempotent on the provider's session id. Plans are paid here;
   * one-time payments (SMS credit) go to settlePayment; an unpaid plan session that expired only
   * marks its checkout canceled.
   */
  async handleWebhook(rawBody: string, signature: string | undefined) {
    const event = this.provider.parseWebhook(rawBody, signature);
    if (event.type === 'ignored' || !event.providerSessionId) return { received: true };
    const checkout = await repo.findCheckoutBySession(this.db, event.providerSessionId);
    if (!checkout) return { received: true };
    if (checkout.kind !== 'plan') {
      await this.settlePayment(checkout, event);
      return { received: true };
    }
    if (event.type === 'checkout.canceled') {
      await withTenant(this.db, checkout.accountId, (tx) => repo.markCheckoutCanceled(tx, checkout.id));
      return { received: true };
    }
    const completed = await this.complete(
      checkout.accountId,
      checkout.id,
      checkout.planId as TPlanId,
      checkout.period as 'monthly' | 'yearly',
      null,
    );
    // The provider applied the promotion code's own limit; the coupon counts the use once.
    const couponId = checkout.details?.couponId;
    if (completed && typeof couponId === 'string') await this.coupons.count(couponId);
    return { received: true };
  }
}
