import type { FastifyInstance } from 'fastify';
import { AppError } from './platform/errors';

/** The demo endpoint: example.com is a reserved domain, so its deliveries show the real retry log. */
export const DEMO_WEBHOOK_URL = 'https://example.com/atende-webhooks';

/**
 * The demo account's apps, through the app store's services as an admin would: the Webhooks app
 * with one endpoint that receives the contacts and closed conversations the demo creates next, and
 * browser notifications.
 *
 * The endpoint's address is checked as any user's is (it must resolve to a public address). On a
 * machine without DNS (an offline or air-gapped install) it cannot be, and the demo goes on
 * without the endpoint: the app is installed, an admin adds one later, and the rest of the demo
 * (contacts, conversations, bots...) is not lost to a network it does not need.
 */
export async function seedDemoApps(app: FastifyInstance, accountId: string, userId: string) {
  const { apps, webhooks } = app.services.appStore;
  await apps.install(accountId, userId, { app: 'webhooks', settings: {} });
  try {
    await webhooks.create(accountId, {
      url: DEMO_WEBHOOK_URL,
      description: 'CRM (demonstração)',
      events: ['contact.created', 'conversation.closed'],
      enabled: true,
    });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'URL_NOT_ALLOWED')) throw err;
    app.log.warn(
      { url: DEMO_WEBHOOK_URL },
      'demo webhook endpoint left out: its address does not resolve here',
    );
  }
  await apps.install(accountId, userId, { app: 'browser-notifications', settings: {} });
}
