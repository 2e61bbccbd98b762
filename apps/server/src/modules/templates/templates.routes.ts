import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZTemplate, ZTemplateBody, ZTemplateListQuery, zUuid } from '@atende/shared';
import { okOf, zList } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const params = z.object({ id: zUuid });
const syncBody = z.object({ channelId: zUuid.optional() }).default({});
const ZTemplates = zList(ZTemplate);

/**
 * WhatsApp templates (spec /templates, admin): list, create, edit, delete, submit and resubmit
 * for review, status sync. Operators list and read approved templates only (to send them).
 */
export async function templatesRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['templates']);
  const templates = () => app.services.templates;

  route.get(
    '/p/chat/templates',
    { role: 'operator', query: ZTemplateListQuery, response: okOf(ZTemplates) },
    ({ tenant, query: { acc: _acc, ...filter } }) => templates().list(tenant.accountId, tenant.role, filter),
  );

  route.post(
    '/p/chat/templates',
    { role: 'admin', body: ZTemplateBody, response: okOf(ZTemplate) },
    ({ tenant, body, actor }) => templates().create(tenant.accountId, body, actor),
  );

  route.post(
    '/p/chat/templates/sync',
    { role: 'admin', body: syncBody, response: okOf(ZTemplates) },
    ({ tenant, body }) => templates().sync(tenant.accountId, body?.channelId),
  );

  route.get(
    '/p/chat/templates/:id',
    { role: 'operator', params, response: okOf(ZTemplate) },
    ({ tenant, params }) => templates().get(tenant.accountId, params.id, tenant.role),
  );

  route.put(
    '/p/chat/templates/:id',
    { role: 'admin', params, body: ZTemplateBody, response: okOf(ZTemplate) },
    ({ tenant, params, body, actor }) => templates().update(tenant.accountId, params.id, body, actor),
  );

  route.delete(
    '/p/chat/templates/:id',
    { role: 'admin', params, response: okOf(z.object({ deleted: z.literal(true) })) },
    async ({ tenant, params, actor }) => {
      await templates().remove(tenant.accountId, params.id, actor);
      return { deleted: true } as const;
    },
  );

  route.post(
    '/p/chat/templates/:id/submit',
    { role: 'admin', params, response: okOf(ZTemplate) },
    ({ tenant, params, actor }) => templates().submit(tenant.accountId, params.id, actor),
  );

  route.post(
    '/p/chat/templates/:id/resubmit',
    { role: 'admin', params, response: okOf(ZTemplate) },
    ({ tenant, params, actor }) => templates().resubmit(tenant.accountId, params.id, actor),
  );
}
