import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZActivityEntry } from '@atende/shared';
import { okOf, zList } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

export async function activityLogRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['activity-log']);
  route.get(
    '/p/activity-log',
    {
      role: 'admin',
      query: z.object({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        limit: z.coerce.number().int().min(1).max(100).default(30),
      }),
      response: okOf(zList(ZActivityEntry)),
    },
    ({ tenant, query }) => app.services.activityLog.list(tenant.accountId, query.page, query.limit),
  );
}
