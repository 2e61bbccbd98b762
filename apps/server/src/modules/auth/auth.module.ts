import { defineModule } from '../../platform/module';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { authRoutes } from './auth.routes';
import * as tables from './auth.schema';
import { AuthService } from './auth.service';
import { UserRecordsService } from './user-records.service';

/** Sign-up, login, tokens, verification and passwords; owns the user records. */
export const authModule = defineModule({
  name: 'auth',
  tables,
  create: (platform, deps: { accounts: AccountsService; activityLog: ActivityLogService }) => ({
    auth: new AuthService(platform, deps.accounts, deps.activityLog),
    userRecords: new UserRecordsService(platform.database.db),
  }),
  plugin: async (app) => {
    await app.register(authRoutes);
  },
});
