import type { FastifyInstance } from 'fastify';

/**
 * The demo account's apps, through the app store's services as an admin would: the Webhooks app
 * with one endpoint (example.com, a reserved domain: its deliveries show the real retry log) that
 * receives the contacts and closed conversations the demo creates next, and browser notifications.
 */
export async function seedDemoApps(app: FastifyInstance, accountId: string, userId: string) {
  const { apps, webhooks } = app.services.appStore;
  await apps.install(accountId, userId, { app: 'webhooks', settings: {} });
  await webhooks.create(accountId, {
    url: 'https://example.com/atende-webhooks',
    description: 'CRM (demonstração)',
    events: ['contact.created', 'conversation.closed'],
    enabled: true,
  });
  await apps.install(accountId, userId, { app: 'browser-notifications', settings: {} });
}
