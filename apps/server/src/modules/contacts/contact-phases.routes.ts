import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPhaseBody, ZReorderPhasesBody, ZUpdatePhaseBody, zUuid } from '@atende/shared';
import { ok } from '../../platform/envelope';
import { contactsGate } from './contacts-access';

const accQuery = z.object({ acc: zUuid });
const idParams = z.object({ id: zUuid });

/** GET /p/chat/inbox/phases (spec §7) for every member; admins edit the phases. */
export async function contactPhasesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const phases = () => app.services.contacts.phases;
  const tags = ['contacts'];
  const admin = contactsGate('admin', null);

  r.get(
    '/p/chat/inbox/phases',
    { preHandler: contactsGate('operator', null), schema: { tags, querystring: accQuery } },
    async (request) => ok(await phases().list(request.tenant!.accountId)),
  );

  r.post(
    '/p/chat/inbox/phases',
    { preHandler: admin, schema: { tags, querystring: accQuery, body: ZPhaseBody } },
    async (request) => ok(await phases().create(request.tenant!.accountId, request.body)),
  );

  r.put(
    '/p/chat/inbox/phases/order',
    { preHandler: admin, schema: { tags, querystring: accQuery, body: ZReorderPhasesBody } },
    async (request) => ok(await phases().reorder(request.tenant!.accountId, request.body.ids)),
  );

  r.put(
    '/p/chat/inbox/phases/:id',
    { preHandler: admin, schema: { tags, params: idParams, querystring: accQuery, body: ZUpdatePhaseBody } },
    async (request) => ok(await phases().update(request.tenant!.accountId, request.params.id, request.body)),
  );

  r.delete(
    '/p/chat/inbox/phases/:id',
    { preHandler: admin, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => {
      await phases().remove(request.tenant!.accountId, request.params.id);
      return ok({ deleted: true });
    },
  );
}
