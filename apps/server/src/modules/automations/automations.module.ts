import { defineModule } from '../../platform/module';
import type { AccountsService } from '../accounts/accounts.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { AutomaticActionsService } from '../inbox/actions/automatic-actions.service';
import type { MessagingService } from '../inbox/messaging/messaging.service';
import {
  AutomationEngine,
  CONTINUE_QUEUE,
  TIMER_QUEUE,
  type TContinueJob,
  type TWebhookJob,
  WEBHOOK_QUEUE,
} from './automation-engine';
import { AutomationTriggers, SCHEDULE_QUEUE, type TTimerJob } from './automation-listeners';
import { pruneRunRows } from './automations.repo';
import { automationsRoutes } from './automations.routes';
import * as tables from './automations.schema';
import { AutomationsService } from './automations.service';

const PRUNE_QUEUE = 'automation-runs-prune';

interface TAutomationsDeps {
  accounts: AccountsService;
  contacts: { contacts: ContactsService };
  inboxSettings: InboxSettingsService;
  inbox: { automatic: AutomaticActionsService; messaging: MessagingService };
}

/**
 * Automations (issue 17): rules "when … if … then …" over the platform's domain events, timers
 * and schedules; the automatic messages of settings run on the same engine.
 *
 * Listens (durable, `event.automations`): conversation.opened/assigned/closed, message.created,
 * contact.created, contact.phase_changed. Acts only through other modules' services (inbox
 * messaging and automatic actions, contacts, mail and webhook jobs).
 */
export const automationsModule = defineModule({
  name: 'automations',
  tables,
  create: (platform, deps: TAutomationsDeps) => {
    const db = platform.database.db;
    const minuteMs = platform.config.AUTOMATION_MINUTE_MS;
    const automationEngine = new AutomationEngine(
      db,
      platform.jobs,
      platform.tenantCache,
      {
        automatic: () => deps.inbox.automatic,
        sendAutomatic: (accountId, conversationId, text, purpose, options) =>
          deps.inbox.messaging.sendAutomatic(accountId, conversationId, text, purpose, options),
        contacts: deps.contacts.contacts,
        accounts: deps.accounts,
        inboxSettings: deps.inboxSettings,
      },
      minuteMs,
      platform.log,
    );
    const automationTriggers = new AutomationTriggers(
      db,
      platform.jobs,
      automationEngine,
      () => deps.inbox.automatic,
      minuteMs,
      platform.log,
    );
    return {
      automationEngine,
      automationTriggers,
      automations: new AutomationsService(db, automationEngine),
    };
  },
  plugin: async (app) => {
    const { platform } = app;
    const { automationEngine: engine, automationTriggers: triggers } = app.services;
    const jobs = platform.jobs;
    jobs.register<TContinueJob>(CONTINUE_QUEUE, (job) => engine.continueRun(job));
    jobs.register<TWebhookJob>(WEBHOOK_QUEUE, (job) => engine.deliverWebhook(job));
    jobs.register<TTimerJob>(TIMER_QUEUE, (job) => triggers.fireTimer(job));
    jobs.register(SCHEDULE_QUEUE, () => triggers.tick());
    jobs.schedule(SCHEDULE_QUEUE, '* * * * *');
    jobs.register(PRUNE_QUEUE, () => pruneRunRows(platform.database.db, 30));
    jobs.schedule(PRUNE_QUEUE, '23 4 * * *');
    triggers.listen(platform.events);
    await app.register(automationsRoutes);
  },
});
