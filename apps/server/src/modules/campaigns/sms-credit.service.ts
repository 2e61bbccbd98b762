import {
  SMS_PACKAGES,
  type TDomainEventMap,
  type TLang,
  type TSmsCredit,
  type TSmsPackageId,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { TenantCache } from '../../platform/tenant-cache';
import type { BillingService } from '../billing/billing.service';
import * as repo from './sms-credit.repo';

/** What the SMS credit needs of billing: one-time payments through the configured provider. */
export type TSmsPayments = Pick<BillingService, 'startPayment'>;

/** The package's name on the provider's payment page (Stripe Checkout), in the buyer's language. */
export function smsPackageTitle(credits: number, lang: TLang): string {
  const n = new Intl.NumberFormat(lang).format(credits);
  return lang === 'en' ? `SMS credits: ${n}` : `Créditos de SMS: ${n}`;
}

function packageOf(packageId: string) {
  const pack = SMS_PACKAGES.find((p) => p.id === packageId);
  if (!pack) throw new AppError('SMS_PACKAGE_NOT_FOUND');
  return pack;
}

/**
 * SMS credit (credits = SMS segments): the balance and its history, and packages bought through
 * the billing provider — the sandbox pays at once (no money moves, and the answer says so);
 * with Stripe the purchase waits as 'pending' until Stripe's webhook confirms the payment
 * (billing emits checkout.paid; the module's listener calls confirmPurchase, once per session).
 */
export class SmsCreditService {
  constructor(
    private readonly db: TDb,
    private readonly payments: TSmsPayments,
    private readonly appUrl: string,
    private readonly tenantCache: TenantCache,
  ) {}

  async get(accountId: string): Promise<TSmsCredit> {
    const balance = await withTenant(this.db, accountId, (tx) => repo.balanceOf(tx, accountId));
    const rows = await repo.history(this.db, accountId);
    return {
      balance,
      packages: SMS_PACKAGES.map((p) => ({ ...p })),
      history: rows.map((r) => ({
        _id: r.id,
        kind: r.kind as 'purchase' | 'debit' | 'refund',
        amount: r.amount,
        balanceAfter: r.balanceAfter,
        campaignId: r.campaignId,
        packageId: r.packageId,
        price: r.price,
        provider: r.provider,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /**
   * Service-operator controls (issue 13): credits the installation's operator adds (ops CLI/API),
   * recorded in the history as a purchase at no price through 'operator'.
   */
  async grant(accountId: string, amount: number): Promise<{ before: number; after: number }> {
    const after = await withTenant(this.db, accountId, (tx) =>
      repo.credit(tx, accountId, amount, { kind: 'purchase', price: 0, provider: 'operator' }),
    );
    await this.tenantCache.invalidate(accountId).catch(() => undefined);
    return { before: after - amount, after };
  }

  /**
   * POST p/sms-credit/buy: the sandbox credits at once ('paid'); Stripe answers its payment page
   * ('redirect'), back to /apps/campaigns?sms=success|cancel, and the balance grows when Stripe
   * confirms the payment.
   */
  async buy(accountId: string, userId: string, packageId: TSmsPackageId, lang: TLang) {
    const pack = packageOf(packageId);
    const back = `${this.appUrl}/apps/campaigns?acc=${accountId}&sms=`;
    const started = await this.payments.startPayment({
      accountId,
      kind: 'sms_credit',
      itemId: pack.id,
      title: smsPackageTitle(pack.credits, lang),
      amount: pack.price,
      lang,
      successUrl: `${back}success`,
      cancelUrl: `${back}cancel`,
    });
    const purchase: repo.TPurchase = {
      providerSessionId: started.providerSessionId,
      packageId: pack.id,
      price: pack.price,
      credits: pack.credits,
      provider: started.provider,
      createdBy: userId || null,
    };
    if (started.kind === 'redirect') {
      const balance = await withTenant(this.db, accountId, async (tx) => {
        await repo.insertPendingPurchase(tx, accountId, purchase);
        return repo.balanceOf(tx, accountId);
      });
      return { status: 'redirect' as const, url: started.url, sandbox: false, balance };
    }
    const balance = await withTenant(this.db, accountId, async (tx) => {
      return (await repo.settlePurchase(tx, accountId, purchase)) ?? repo.balanceOf(tx, accountId);
    });
    // The account's cached row carries smsCredit (GET /g/acc): forget it.
    await this.tenantCache.invalidate(accountId).catch(() => undefined);
    return { status: 'paid' as const, sandbox: started.provider === 'sandbox', balance };
  }

  /** checkout.paid of an SMS package (durable listener): credits it once per provider session. */
  async confirmPurchase(accountId: string, paid: TDomainEventMap['checkout.paid']) {
    const pack = packageOf(paid.itemId);
    const balance = await withTenant(this.db, accountId, (tx) =>
      repo.settlePurchase(tx, accountId, {
        providerSessionId: paid.providerSessionId,
        packageId: pack.id,
        price: paid.amount,
        credits: pack.credits,
        provider: paid.provider,
      }),
    );
    if (balance !== null) await this.tenantCache.invalidate(accountId).catch(() => undefined);
  }

  /** checkout.canceled of an SMS package (durable listener): its pending purchase is canceled. */
  async cancelPurchase(accountId: string, canceled: TDomainEventMap['checkout.canceled']) {
    const pack = packageOf(canceled.itemId);
    await withTenant(this.db, accountId, (tx) =>
      repo.cancelPurchase(tx, accountId, {
        providerSessionId: canceled.providerSessionId,
        packageId: pack.id,
        price: pack.price,
        credits: pack.credits,
        provider: canceled.provider,
      }),
    );
  }
}
