import { defineModule } from '../../platform/module';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { AuthService } from '../auth/auth.service';
import type { UserRecordsService } from '../auth/user-records.service';
import { usersRoutes } from './users.routes';
import * as tables from './users.schema';
import { UsersService } from './users.service';

/** Profiles, avatars and invitations. */
export const usersModule = defineModule({
  name: 'users',
  tables,
  create: (
    platform,
    deps: {
      accounts: AccountsService;
      activityLog: ActivityLogService;
      auth: AuthService;
      userRecords: UserRecordsService;
    },
  ) => ({
    users: new UsersService(platform, deps.accounts, deps.activityLog, deps.auth.tokens, deps.userRecords),
  }),
  plugin: async (app) => {
    await app.register(usersRoutes);
  },
});
