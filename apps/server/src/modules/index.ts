import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes';
import { activityLogRoutes } from './activity-log/activity-log.routes';
import { authRoutes } from './auth/auth.routes';
import { billingRoutes } from './billing/billing.routes';
import { usersRoutes } from './users/users.routes';
import { teamChatPlugin } from './team-chat/team-chat.plugin';
import { contactsModule } from './contacts/contacts.module';
import { intakeModule } from './inbox/intake.module';
import { templatesModule } from './templates/templates.module';
import { inboxModule } from './inbox/inbox.module';

export async function registerModules(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(accountsRoutes);
  await app.register(billingRoutes);
  await app.register(activityLogRoutes);
  await app.register(teamChatPlugin);
  await app.register(contactsModule);
  await app.register(intakeModule);
  await app.register(templatesModule);
  await app.register(inboxModule);
}
