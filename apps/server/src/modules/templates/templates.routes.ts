import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTemplateBody, ZTemplateListQuery, zUuid } from '@atende/shared';
import { ok } from '../../platform/envelope';
import { requireTenant } from '../../platform/tenancy';

const accQuery = z.object({ acc: zUuid });
const idParams = z.object({ id: zUuid });
const syncBody = z.object({ channelId: zUuid.optional() }).default({});

/**
 * WhatsApp templates (spec /templates, admin): list, create, edit, delete, submit and resubmit
 * for review, status sync. Operators list and read approved templates only (to send them).
 */
export async function templatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const templates = () => app.services.templates;
  const tags = ['templates'];
  const admin = { preHandler: requireTenant('admin') };

  r.get(
    '/p/chat/templates',
    { preHandler: requireTenant('operator'), schema: { tags, querystring: ZTemplateListQuery } },
    async (request) => {
      const { acc: _acc, ...filter } = request.query;
      return ok(await templates().list(request.tenant!.accountId, request.tenant!.role, filter));
    },
  );

  r.post(
    '/p/chat/templates',
    { ...admin, schema: { tags, querystring: accQuery, body: ZTemplateBody } },
    async (request) => ok(await templates().create(request.tenant!.accountId, request.body)),
  );

  r.post(
    '/p/chat/templates/sync',
    { ...admin, schema: { tags, querystring: accQuery, body: syncBody } },
    async (request) => ok(await templates().sync(request.tenant!.accountId, request.body?.channelId)),
  );

  r.get(
    '/p/chat/templates/:id',
    { preHandler: requireTenant('operator'), schema: { tags, params: idParams, querystring: accQuery } },
    async (request) =>
      ok(await templates().get(request.tenant!.accountId, request.params.id, request.tenant!.role)),
  );

  r.put(
    '/p/chat/templates/:id',
    { ...admin, schema: { tags, params: idParams, querystring: accQuery, body: ZTemplateBody } },
    async (request) =>
      ok(await templates().update(request.tenant!.accountId, request.params.id, request.body)),
  );

  r.delete(
    '/p/chat/templates/:id',
    { ...admin, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => {
      await templates().remove(request.tenant!.accountId, request.params.id);
      return ok({ deleted: true });
    },
  );

  r.post(
    '/p/chat/templates/:id/submit',
    { ...admin, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => ok(await templates().submit(request.tenant!.accountId, request.params.id)),
  );

  r.post(
    '/p/chat/templates/:id/resubmit',
    { ...admin, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => ok(await templates().resubmit(request.tenant!.accountId, request.params.id)),
  );
}
