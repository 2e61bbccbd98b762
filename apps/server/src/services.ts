import type { TPlatform } from './platform/platform';
import { AccountsService } from './modules/accounts/accounts.service';
import { ActivityLogService } from './modules/activity-log/activity-log.service';
import { AuthService } from './modules/auth/auth.service';
import { BillingService } from './modules/billing/billing.service';
import { UsersService } from './modules/users/users.service';
import { TeamChat } from './modules/team-chat/team-chat';
import { createContactsServices } from './modules/contacts/contacts.module';

/** Every feature service, wired once per process. */
export function createServices(platform: TPlatform) {
  const db = platform.database.db;
  const activityLog = new ActivityLogService(db);
  const accounts = new AccountsService(db, activityLog, platform.tenantCache, platform.realtime);
  const auth = new AuthService(platform, accounts, activityLog);
  const users = new UsersService(platform, accounts, activityLog, auth.tokens);
  const billing = new BillingService(db, platform.config, accounts);
  const contacts = createContactsServices(platform, activityLog);
  return { activityLog, accounts, auth, users, billing, teamChat: new TeamChat(platform), contacts };
}

export type TServices = ReturnType<typeof createServices>;
