import type { FastifyInstance } from 'fastify';
import type { TPlatform } from '../platform/platform';
import { accountsModule } from './accounts/accounts.module';
import { activityLogModule } from './activity-log/activity-log.module';
import { aiModule } from './ai/ai.module';
import { authModule } from './auth/auth.module';
import { billingModule } from './billing/billing.module';
import { channelsModule } from './channels/channels.module';
import { chatbotsModule } from './chatbots/chatbots.module';
import { contactsModule } from './contacts/contacts.module';
import { departmentsModule } from './departments/departments.module';
import { inboxModule } from './inbox/inbox.module';
import { inboxAiModule } from './inbox-ai/inbox-ai.module';
import { knowledgeModule } from './knowledge/knowledge.module';
import { inboxSettingsModule } from './inbox-settings/inbox-settings.module';
import { quickMessagesModule } from './quick-messages/quick-messages.module';
import { teamChatModule } from './team-chat/team-chat.module';
import { templatesModule } from './templates/templates.module';
import { usersModule } from './users/users.module';
import { webchatModule } from './webchat/webchat.module';
import { campaignsModule } from './campaigns/campaigns.module';
import { dashboardsModule } from './dashboards/dashboards.module';
import { appStoreModule } from './app-store/app-store.module';
import { automationsModule } from './automations/automations.module';
import { surveysModule } from './surveys/surveys.module';
import { opsModule } from './ops/ops.module';
import { supportModule } from './support/support.module';
import { clientConfigModule } from './client-config/client-config.module';

/**
 * Every server module, in dependency order: each one's `create` gets the services of those before
 * it. The same list feeds the services container, route registration and the schema registry
 * check (modules.test.ts).
 */
export const MODULES = [
  activityLogModule,
  contactsModule,
  accountsModule,
  authModule,
  usersModule,
  // Before the AI modules: the knowledge module's AI provider asks it for an account's own provider.
  appStoreModule,
  departmentsModule,
  billingModule,
  aiModule,
  knowledgeModule,
  teamChatModule,
  templatesModule,
  channelsModule,
  inboxSettingsModule,
  quickMessagesModule,
  inboxModule,
  inboxAiModule,
  webchatModule,
  chatbotsModule,
  campaignsModule,
  dashboardsModule,
  // Surveys before automations: the "send a satisfaction survey" action asks through its service.
  surveysModule,
  automationsModule,
  // Service-operator controls (issue 13): the ops CLI and API over accounts, coupons, SMS credit.
  opsModule,
  // The help form (issue 13): "contact us" messages to the installation's support address.
  supportModule,
  // The web app's public configuration (issue 13): browser error reporting.
  clientConfigModule,
] as const;

type TUnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** The services of every module, by name (app.services). */
export type TServices = TUnionToIntersection<ReturnType<(typeof MODULES)[number]['create']>>;

/** Every module's services, built once per process in MODULES order. */
export function createServices(platform: TPlatform): TServices {
  const services: Record<string, unknown> = {};
  for (const module of MODULES) Object.assign(services, module.create(platform, services as never));
  return services as TServices;
}

/** Each module's routes, sockets, jobs and listeners (before the jobs start). */
export async function registerModules(app: FastifyInstance) {
  for (const module of MODULES) if (module.plugin) await app.register(module.plugin);
}
