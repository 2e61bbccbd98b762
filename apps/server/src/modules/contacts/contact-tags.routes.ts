import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTagBody, ZUpdateTagBody, zUuid } from '@atende/shared';
import { ok } from '../../platform/envelope';
import { contactsGate } from './contacts-access';

const accQuery = z.object({ acc: zUuid });
const idParams = z.object({ id: zUuid });

/** Tags per account: every member reads and creates them; admins rename, recolour and delete. */
export async function contactTagsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tagService = () => app.services.contacts.tags;
  const tags = ['contacts'];

  r.get(
    '/p/chat/contact/tags',
    { preHandler: contactsGate('operator', 'panel'), schema: { tags, querystring: accQuery } },
    async (request) => ok(await tagService().list(request.tenant!.accountId)),
  );

  r.post(
    '/p/chat/contact/tags',
    { preHandler: contactsGate('operator', 'page'), schema: { tags, querystring: accQuery, body: ZTagBody } },
    async (request) => ok(await tagService().create(request.tenant!.accountId, request.body)),
  );

  r.put(
    '/p/chat/contact/tags/:id',
    {
      preHandler: contactsGate('admin', null),
      schema: { tags, params: idParams, querystring: accQuery, body: ZUpdateTagBody },
    },
    async (request) =>
      ok(await tagService().update(request.tenant!.accountId, request.params.id, request.body)),
  );

  r.delete(
    '/p/chat/contact/tags/:id',
    { preHandler: contactsGate('admin', null), schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => {
      await tagService().remove(request.tenant!.accountId, request.params.id);
      return ok({ deleted: true });
    },
  );
}
