import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zUuid } from '@atende/shared';
import { requireTenant } from '../../platform/tenancy';
import { ok } from '../../platform/envelope';

export async function activityLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/p/activity-log',
    {
      preHandler: requireTenant('admin'),
      schema: {
        tags: ['activity-log'],
        querystring: z.object({
          acc: zUuid,
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(30),
        }),
      },
    },
    async (request) =>
      ok(
        await app.services.activityLog.list(
          request.tenant!.accountId,
          request.query.page,
          request.query.limit,
        ),
      ),
  );
}
