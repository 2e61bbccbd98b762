import { defineModule } from '../../platform/module';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { CouponsService } from '../billing/coupons.service';
import type { SmsCreditService } from '../campaigns/sms-credit.service';
import { opsRoutes } from './ops.routes';
import { OpsService } from './ops.service';

/**
 * Service-operator controls (issue 13): what whoever runs the installation sets on an account
 * (locked, bonus plan, whitelabel, queue, SMS, automations, AI, SMS credit) and the coupons, through
 * the ops CLI (`npm run ops`) and the operator API (/ops, OPS_TOKEN). No tables of its own.
 */
export const opsModule = defineModule({
  name: 'ops',
  tables: {},
  create: (
    _platform,
    deps: {
      accounts: AccountsService;
      activityLog: ActivityLogService;
      coupons: CouponsService;
      smsCredit: SmsCreditService;
    },
  ) => ({
    ops: new OpsService(deps.accounts, deps.activityLog, deps.coupons, deps.smsCredit),
  }),
  plugin: async (app) => {
    await app.register(opsRoutes);
  },
});
