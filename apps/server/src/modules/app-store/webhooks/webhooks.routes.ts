import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointBody,
  zUuid,
} from '@atende/shared';
import { okOf, zList } from '../../../platform/envelope';
import { tenantRoutes } from '../../../platform/tenant-route';

const params = z.object({ id: zUuid });

/** The Webhooks app (admin): endpoints, their delivery log, replay and secret rotation. */
export async function webhooksRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['app-store']);
  const webhooks = () => app.services.appStore.webhooks;

  route.get(
    '/p/apps/webhooks/endpoints',
    { role: 'admin', response: okOf(z.array(ZWebhookEndpoint)) },
    ({ tenant }) => webhooks().endpoints(tenant.accountId),
  );

  route.post(
    '/p/apps/webhooks/endpoints',
    { role: 'admin', body: ZWebhookEndpointBody, response: okOf(ZWebhookEndpoint) },
    ({ tenant, body }) => webhooks().create(tenant.accountId, body, tenant.userId),
  );

  route.put(
    '/p/apps/webhooks/endpoints/:id',
    { role: 'admin', params, body: ZWebhookEndpointBody, response: okOf(ZWebhookEndpoint) },
    ({ tenant, params, body }) => webhooks().update(tenant.accountId, params.id, body, tenant.userId),
  );

  route.delete(
    '/p/apps/webhooks/endpoints/:id',
    { role: 'admin', params, response: okOf(z.null()) },
    async ({ tenant, params }) => {
      await webhooks().remove(tenant.accountId, params.id, tenant.userId);
      return null;
    },
  );

  route.post(
    '/p/apps/webhooks/endpoints/:id/rotate-secret',
    { role: 'admin', params, response: okOf(ZWebhookEndpoint) },
    ({ tenant, params }) => webhooks().rotateSecret(tenant.accountId, tenant.userId, params.id),
  );

  route.get(
    '/p/apps/webhooks/endpoints/:id/deliveries',
    { role: 'admin', params, query: ZWebhookDeliveriesQuery, response: okOf(zList(ZWebhookDelivery)) },
    ({ tenant, params, query }) => webhooks().deliveries(tenant.accountId, params.id, query),
  );

  route.post(
    '/p/apps/webhooks/deliveries/:id/replay',
    { role: 'admin', params, response: okOf(ZWebhookDelivery) },
    ({ tenant, params }) => webhooks().replay(tenant.accountId, params.id),
  );
}
