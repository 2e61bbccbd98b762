import type { TPlatform } from './platform/platform';
import { AccountsService } from './modules/accounts/accounts.service';
import { ActivityLogService } from './modules/activity-log/activity-log.service';
import { AuthService } from './modules/auth/auth.service';
import { BillingService } from './modules/billing/billing.service';
import { UsersService } from './modules/users/users.service';
import { TeamChat } from './modules/team-chat/team-chat';
import { createContactsServices } from './modules/contacts/contacts.module';
import { createIntakeServices } from './modules/inbox/intake.module';
import { createTemplatesService } from './modules/templates/templates.module';
import { createInboxServices } from './modules/inbox/inbox.module';

/** Every feature service, wired once per process. */
export function createServices(platform: TPlatform) {
  const db = platform.database.db;
  const activityLog = new ActivityLogService(db);
  const accounts = new AccountsService(db, activityLog, platform.tenantCache, platform.realtime);
  const auth = new AuthService(platform, accounts, activityLog);
  const users = new UsersService(platform, accounts, activityLog, auth.tokens);
  const billing = new BillingService(db, platform.config, accounts);
  const contacts = createContactsServices(platform, activityLog);
  // Inbox intake and channels: inbound (webhooks, web chat visitors), outbound (job), templates.
  const { channelRegistry, inbound, outbound, events, webhookChannels } = createIntakeServices(platform);
  const templates = createTemplatesService(platform);
  const teamChat = new TeamChat(platform);
  // Inbox agent side and web chat: channels, settings, quick messages, conversations, distribution.
  const inbox = createInboxServices(platform, {
    activityLog,
    accounts,
    teamChat,
    inbound,
    outbound,
    templates,
    channelRegistry,
    events,
    webhookChannels,
  });
  return {
    activityLog,
    accounts,
    auth,
    users,
    billing,
    teamChat,
    contacts,
    channelRegistry,
    inbound,
    outbound,
    webhookChannels,
    templates,
    ...inbox,
  };
}

export type TServices = ReturnType<typeof createServices>;
