import { TIMED_WORK } from '../../platform/jobs';
import { defineModule } from '../../platform/module';
import { AppError } from '../../platform/errors';
import type { AccountsService } from '../accounts/accounts.service';
import type { ChatbotsService } from '../chatbots/chatbots.service';
import type { ChatbotRuntime } from '../chatbots/runtime/runtime.service';
import type { ContactTagsService } from '../contacts/contact-tags.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { AutomaticActionsService } from '../inbox/actions/automatic-actions.service';
import type { MessagingService } from '../inbox/messaging/messaging.service';
import type { DepartmentsService } from '../departments/departments.service';
import type { SurveysService } from '../surveys/surveys.service';
import type { TemplatesService } from '../templates/templates.service';
import {
  AutomationEngine,
  CONTINUE_QUEUE,
  TIMER_QUEUE,
  type TContinueJob,
  type TWebhookJob,
  WEBHOOK_QUEUE,
} from './automation-engine';
import { AutomationTriggers, SCHEDULE_QUEUE, type TTimerJob } from './automation-listeners';
import { AutomationTimerSweeper } from './automation-timers';
import { pruneRunRows } from './automations.repo';
import { automationsRoutes } from './automations.routes';
import * as tables from './automations.schema';
import { AutomationsService } from './automations.service';
import { isUuid } from '../../platform/db/columns';

const PRUNE_QUEUE = 'automation-runs-prune';

interface TAutomationsDeps {
  accounts: AccountsService;
  contacts: { contacts: ContactsService; tags: ContactTagsService };
  departments: DepartmentsService;
  templates: TemplatesService;
  chatbots: ChatbotsService;
  chatbotRuntime: ChatbotRuntime;
  surveys: SurveysService;
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
        sendAutomaticTemplate: (accountId, conversationId, send, purpose, options) =>
          deps.inbox.messaging.sendAutomaticTemplate(accountId, conversationId, send, purpose, options),
        contacts: deps.contacts.contacts,
        accounts: deps.accounts,
        inboxSettings: deps.inboxSettings,
        startChatbot: async (accountId, conversationId, chatbotId, cause) => {
          const bot = await deps.chatbots.row(accountId, chatbotId);
          if (bot.status !== 'published' || !bot.publishedVersion)
            throw new AppError('CHATBOT_NOT_PUBLISHED');
          const facts = await deps.inbox.automatic.facts(accountId, conversationId);
          if (!facts || facts.stage === 'flow' || facts.stage === 'closed') return 'unchanged';
          // A session an operator's take left behind ends first (the chatbots' own hand-back does the same).
          await deps.chatbotRuntime.stop(accountId, conversationId, 'stopped');
          return deps.inbox.automatic.handToBot(accountId, conversationId, bot.name, cause, (tx) =>
            deps.chatbotRuntime.startHandBack(tx, accountId, bot, conversationId),
          );
        },
        askSurvey: (accountId, conversationId, key) =>
          deps.surveys.ask(accountId, conversationId, 'automation', key),
        references: {
          // Not a UUID: a legacy intention name (the inbox routes by it), nothing to look up.
          departmentExists: async (accountId, id) =>
            !isUuid(id) || (await deps.departments.nameOf(accountId, id)) !== null,
          tagIds: async (accountId) => new Set((await deps.contacts.tags.list(accountId)).map((t) => t._id)),
          templateExists: (accountId, id) =>
            deps.templates.get(accountId, id).then(
              () => true,
              (err) =>
                err instanceof AppError && err.code === 'TEMPLATE_NOT_FOUND' ? false : Promise.reject(err),
            ),
          chatbotExists: (accountId, id) =>
            deps.chatbots.row(accountId, id).then(
              () => true,
              (err) =>
                err instanceof AppError && err.code === 'CHATBOT_NOT_FOUND' ? false : Promise.reject(err),
            ),
        },
        appUrl: platform.config.APP_URL,
      },
      minuteMs,
      platform.log,
    );
    automationEngine.outbound = { allowPrivate: platform.config.OUTBOUND_HTTP_ALLOW_PRIVATE === 'true' };
    const automationTriggers = new AutomationTriggers(
      db,
      automationEngine,
      () => deps.inbox.automatic,
      minuteMs,
      platform.log,
    );
    return {
      automationEngine,
      automationTriggers,
      automationTimers: new AutomationTimerSweeper(
        db,
        (job) => automationTriggers.fireTimer(job),
        platform.log,
      ),
      automations: new AutomationsService(db, automationEngine),
    };
  },
  plugin: async (app) => {
    const { platform } = app;
    const { automationEngine: engine, automationTriggers: triggers, automationTimers: timers } = app.services;
    const jobs = platform.jobs;
    // A rule's "wait X, then continue" goes on within a second of its time.
    jobs.register<TContinueJob>(CONTINUE_QUEUE, (job) => engine.continueRun(job), TIMED_WORK);
    jobs.register<TWebhookJob>(WEBHOOK_QUEUE, (job) => engine.deliverWebhook(job));
    // Time triggers are rows of automation_timers, swept every second in each worker process; the
    // queue stays registered so timer jobs written before that (pg-boss jobs) still fire.
    jobs.poll('automation-timers', (signal) => timers.run(signal));
    jobs.register<TTimerJob>(TIMER_QUEUE, async (job) => {
      await triggers.fireTimer(job);
    });
    jobs.register(SCHEDULE_QUEUE, () => triggers.tick());
    jobs.schedule(SCHEDULE_QUEUE, '* * * * *');
    jobs.register(PRUNE_QUEUE, () => pruneRunRows(platform.database.db, 30));
    jobs.schedule(PRUNE_QUEUE, '23 4 * * *');
    triggers.listen(platform.events);
    await app.register(automationsRoutes);
  },
});
