import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZContactPhase, ZPhaseBody, ZReorderPhasesBody, ZUpdatePhaseBody, zUuid } from '@atende/shared';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const params = z.object({ id: zUuid });
const ZPhases = z.array(ZContactPhase);

/** GET /p/chat/inbox/phases (spec §7) for every member; admins edit the phases. */
export async function contactPhasesRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['contacts']);
  const phases = () => app.services.contacts.phases;

  route.get('/p/chat/inbox/phases', { role: 'operator', response: okOf(ZPhases) }, ({ tenant }) =>
    phases().list(tenant.accountId),
  );

  route.post(
    '/p/chat/inbox/phases',
    { role: 'admin', body: ZPhaseBody, response: okOf(ZContactPhase) },
    ({ tenant, body }) => phases().create(tenant.accountId, body),
  );

  route.put(
    '/p/chat/inbox/phases/order',
    { role: 'admin', body: ZReorderPhasesBody, response: okOf(ZPhases) },
    ({ tenant, body }) => phases().reorder(tenant.accountId, body.ids),
  );

  route.put(
    '/p/chat/inbox/phases/:id',
    { role: 'admin', params, body: ZUpdatePhaseBody, response: okOf(ZContactPhase) },
    ({ tenant, params, body }) => phases().update(tenant.accountId, params.id, body),
  );

  route.delete(
    '/p/chat/inbox/phases/:id',
    {
      role: 'admin',
      params,
      // Where its contacts go (another phase); without it they are left without a phase.
      query: z.object({ moveTo: zUuid.optional() }),
      response: okOf(z.object({ deleted: z.literal(true) })),
    },
    async ({ tenant, params, query }) => {
      await phases().remove(tenant.accountId, params.id, query.moveTo);
      return { deleted: true } as const;
    },
  );
}
