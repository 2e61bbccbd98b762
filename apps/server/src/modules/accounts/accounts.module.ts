import { defineModule } from '../../platform/module';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { ContactPhasesService } from '../contacts/contact-phases.service';
import { accountsRoutes } from './accounts.routes';
import * as tables from './accounts.schema';
import { AccountsService } from './accounts.service';

/** Accounts, memberships and plans; a new account gets the contacts module's default phases. */
export const accountsModule = defineModule({
  name: 'accounts',
  tables,
  create: (
    platform,
    deps: { activityLog: ActivityLogService; contacts: { phases: ContactPhasesService } },
  ) => ({
    accounts: new AccountsService(
      platform.database.db,
      deps.activityLog,
      platform.tenantCache,
      platform.realtime,
      deps.contacts.phases,
    ),
  }),
  plugin: async (app) => {
    await app.register(accountsRoutes);
  },
});
