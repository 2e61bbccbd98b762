import { defineModule } from '../../platform/module';
import type { AccountsService } from '../accounts/accounts.service';
import type { UsersService } from '../users/users.service';
import { supportRoutes } from './support.routes';
import { SupportService } from './support.service';

/** The help form (issue 13): users' "contact us" messages mailed to SUPPORT_EMAIL. No tables. */
export const supportModule = defineModule({
  name: 'support',
  tables: {},
  create: (platform, deps: { users: UsersService; accounts: AccountsService }) => ({
    support: new SupportService(
      platform.config,
      platform.mailer,
      platform.rateLimiter,
      deps.users,
      deps.accounts,
      () => platform.log,
    ),
  }),
  plugin: async (app) => {
    await app.register(supportRoutes);
  },
});
