import { SMS_PACKAGES, type TSmsCredit, type TSmsPackageId } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { TenantCache } from '../../platform/tenant-cache';
import type { TBillingProvider } from '../billing/billing.provider';
import * as repo from './sms-credit.repo';

/**
 * SMS credit (credits = SMS segments): the balance and its history, and packages bought through
 * the billing provider — the sandbox pays at once (no money moves, and the answer says so).
 */
export class SmsCreditService {
  constructor(
    private readonly db: TDb,
    private readonly provider: () => TBillingProvider,
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

  async buy(accountId: string, userId: string, packageId: TSmsPackageId) {
    const pack = SMS_PACKAGES.find((p) => p.id === packageId);
    if (!pack) throw new AppError('SMS_PACKAGE_NOT_FOUND');
    const provider = this.provider();
    const checkoutId = newId();
    const start = await provider.startCheckout({
      checkoutId,
      accountId,
      planId: pack.id,
      planTitle: `SMS ${pack.credits}`,
      providerPlanId: pack.id,
      amount: pack.price / 100,
      period: 'monthly',
      successUrl: `${this.appUrl}/apps/campaigns?sms=success&acc=${accountId}`,
      cancelUrl: `${this.appUrl}/apps/campaigns?sms=cancel&acc=${accountId}`,
    });
    if (start.kind === 'redirect') {
      const balance = await withTenant(this.db, accountId, (tx) => repo.balanceOf(tx, accountId));
      return { status: 'redirect' as const, url: start.url, sandbox: false, balance };
    }
    const balance = await withTenant(this.db, accountId, (tx) =>
      repo.credit(tx, accountId, pack.credits, {
        kind: 'purchase',
        packageId: pack.id,
        price: pack.price,
        provider: provider.name,
        providerSessionId: start.providerSessionId,
        createdBy: userId || null,
      }),
    );
    // The account's cached row carries smsCredit (GET /g/acc): forget it.
    await this.tenantCache.invalidate(accountId).catch(() => undefined);
    return { status: 'paid' as const, sandbox: provider.name === 'sandbox', balance };
  }
}
