import { couponDiscount, findPlan, PLANS, type TPlanId } from '@atende/shared';
import type { TConfig } from '../../config';
import type { TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { AppError } from '../../platform/errors';
import type { TActor } from '../../platform/request-context';
import type { AccountsService } from '../accounts/accounts.service';
import { freePlan, isTrialEligible, paidPlan, trialPlan } from '../accounts/plan-rules';
import type { TAccountPlanRow } from '../../platform/tenancy';
import { SandboxBillingProvider, type TBillingProvider } from './billing.provider';
import { StripeBillingProvider } from './stripe.provider';
import { CouponsService } from './coupons.service';
import * as repo from './billing.repo';

export function createBillingProvider(config: TConfig): TBillingProvider {
  return config.STRIPE_SECRET_KEY
    ? new StripeBillingProvider(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_API_URL)
    : new SandboxBillingProvider();
}

export class BillingService {
  constructor(
    private readonly db: TDb,
    private readonly config: TConfig,
    private readonly accounts: AccountsService,
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

  /** Provider webhook: verified, idempotent on the provider's session id. */
  async handleWebhook(rawBody: string, signature: string | undefined) {
    const event = this.provider.parseWebhook(rawBody, signature);
    if (event.type !== 'checkout.completed' || !event.providerSessionId) return { received: true };
    const checkout = await repo.findCheckoutBySession(this.db, event.providerSessionId);
    if (!checkout) return { received: true };
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
