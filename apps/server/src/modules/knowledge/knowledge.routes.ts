import { ZKnowledgeNote, ZKnowledgeNoteBody, zUuid } from '@atende/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { okOf, zList } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

/** p/ai/knowledge: the account's notes that the built-in assistant searches (admins write them). */
export async function knowledgeRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['ai']);
  const knowledge = () => app.services.knowledge;

  route.get('/p/ai/knowledge', { role: 'operator', response: okOf(zList(ZKnowledgeNote)) }, ({ tenant }) =>
    knowledge().list(tenant.accountId),
  );

  route.post(
    '/p/ai/knowledge',
    { role: 'admin', body: ZKnowledgeNoteBody, response: okOf(ZKnowledgeNote) },
    ({ tenant, body }) => knowledge().add(tenant.accountId, tenant.userId, body),
  );

  route.delete(
    '/p/ai/knowledge/:id',
    { role: 'admin', params: z.object({ id: zUuid }), response: okOf(z.object({ _id: z.string() })) },
    ({ tenant, params }) => knowledge().remove(tenant.accountId, params.id),
  );
}
