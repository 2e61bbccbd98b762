import { WEBHOOK_LIMITS } from '@atende/shared';
import { defineModule } from '../../platform/module';
import { outboundCall, outboundFetch } from '../../platform/outbound-url';
import { SecretBox } from '../../platform/secret-box';
import type { AccountsService } from '../accounts/accounts.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { UsersService } from '../users/users.service';
import { AiProviderApp } from './ai-provider/ai-provider-app';
import { appStoreRoutes } from './app-store.routes';
import * as tables from './app-store.schema';
import { AppsService } from './catalogue/apps.service';
import { DashboardPanels } from './dashboard/dashboard-panels';
import { PushNotifier } from './push/push-notifier';
import { pushRoutes } from './push/push.routes';
import { PushSender } from './push/push-sender';
import { PushService } from './push/push.service';
import { loadVapidKeys } from './push/vapid-keys';
import { SuperlogicaImport } from './superlogica/superlogica-import';
import { SuperlogicaInvoices } from './superlogica/superlogica-invoices';
import { WebhookDelivery } from './webhooks/webhook-delivery';
import { pruneDeliveryLog } from './webhooks/webhooks.repo';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { WebhooksService } from './webhooks/webhooks.service';

/** The nightly prune of the webhooks delivery log (WEBHOOK_LIMITS.logDays). */
const WEBHOOK_PRUNE_QUEUE = 'app-store.webhooks-prune';

/**
 * The app store (issue 19): the catalogue of apps declared in code, installs and their history,
 * outbound webhooks (durable, signed, retried), browser push notifications (VAPID), the account's
 * own OpenAI-compatible AI provider (read by the knowledge module's AI provider, hence this module
 * comes before it in MODULES) and the Dashboard app's conversation panels.
 */
export const appStoreModule = defineModule({
  name: 'app-store',
  tables,
  create: (
    platform,
    deps: { accounts: AccountsService; users: UsersService; contacts: { contacts: ContactsService } },
  ) => {
    const db = platform.database.db;
    const box = new SecretBox(platform.config.JWT_SECRET, 'atende:app-store:v1');
    const outbound = { allowPrivate: platform.config.OUTBOUND_HTTP_ALLOW_PRIVATE === 'true' };
    const apps = new AppsService(db, box, deps.accounts, platform.mailer, {
      events: platform.events,
      fetch: outboundFetch(outbound),
      guard: outbound,
    });
    const webhookDelivery = new WebhookDelivery(db, box, apps, platform.log, outboundCall(outbound));
    const vapid = loadVapidKeys(platform.config);
    const pushSender = new PushSender(vapid);
    return {
      appStore: {
        apps,
        webhooks: new WebhooksService(db, box, apps, webhookDelivery, outbound),
        webhookDelivery,
        aiProvider: new AiProviderApp(apps),
        dashboards: new DashboardPanels(apps),
        superlogica: new SuperlogicaImport(
          apps,
          deps.contacts.contacts,
          platform.jobs,
          platform.log,
          outboundFetch(outbound),
        ),
        superlogicaInvoices: new SuperlogicaInvoices(apps, deps.contacts.contacts, outboundFetch(outbound)),
        push: new PushService(db, apps, vapid),
        pushSender,
        pushNotifier: new PushNotifier(
          db,
          apps,
          deps.accounts,
          deps.users,
          pushSender,
          platform.realtime,
          platform.log,
        ),
      },
    };
  },
  plugin: async (app) => {
    const { webhookDelivery, pushNotifier } = app.services.appStore;
    webhookDelivery.listen(app.platform.events, app.platform.jobs);
    // The delivery log keeps WEBHOOK_LIMITS.logDays (the drawer says so); pruned nightly.
    app.platform.jobs.register(WEBHOOK_PRUNE_QUEUE, async () => {
      const pruned = await pruneDeliveryLog(app.platform.database.db, WEBHOOK_LIMITS.logDays);
      app.platform.log.info({ pruned }, 'webhook delivery log pruned');
    });
    app.platform.jobs.schedule(WEBHOOK_PRUNE_QUEUE, '41 3 * * *');
    // The account's own AI provider is cached by every process: an invalidation of the account
    // (PostgreSQL NOTIFY) makes each one resolve it again.
    app.platform.events.on('app.changed', (event) => {
      if (event.data.app === 'openai-compatible') return app.platform.tenantCache.invalidate(event.accountId);
    });
    pushNotifier.listen(app.platform.events);
    await app.register(appStoreRoutes);
    await app.register(webhooksRoutes);
    await app.register(pushRoutes);
  },
});
