import type { FastifyInstance } from 'fastify';
import { ZPushConfig, ZPushPreferences } from '@atende/shared';
import { okOf } from '../../../platform/envelope';
import { tenantRoutes } from '../../../platform/tenant-route';

/** Browser notifications: every member reads the VAPID key and keeps their own preferences. */
export async function pushRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['app-store']);
  const push = () => app.services.appStore.push;

  route.get('/p/apps/push/config', { role: 'operator', response: okOf(ZPushConfig) }, ({ tenant }) =>
    push().config(tenant.accountId, tenant.userId),
  );

  route.put(
    '/p/apps/push/preferences',
    { role: 'operator', body: ZPushPreferences, response: okOf(ZPushPreferences) },
    ({ tenant, body }) => push().savePreferences(tenant.accountId, tenant.userId, body),
  );
}
