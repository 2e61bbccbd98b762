import { defineModule } from '../../platform/module';
import type { AccountsService } from '../accounts/accounts.service';
import { billingRoutes } from './billing.routes';
import * as tables from './billing.schema';
import { BillingService } from './billing.service';

/**
 * Plans, checkout (sandbox or Stripe), the trial, and coupons (issue 13); one-time payments other
 * modules sell (issue 16: SMS credit). Emits checkout.paid / checkout.canceled (durable, in the
 * provider webhook's transaction) for one-time payments; the selling module settles them.
 */
export const billingModule = defineModule({
  name: 'billing',
  tables,
  create: (platform, deps: { accounts: AccountsService }) => {
    const billing = new BillingService(platform.database.db, platform.config, deps.accounts, platform.events);
    return { billing, coupons: billing.coupons };
  },
  plugin: async (app) => {
    await app.register(billingRoutes);
  },
});
