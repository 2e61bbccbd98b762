import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZDashboardAgents,
  ZDashboardExportQuery,
  ZDashboardLegacy,
  ZDashboardMain,
  ZDashboardMarketing,
  ZDashboardPerformance,
  ZDashboardQuery,
  ZDashboardTargets,
  hasRole,
} from '@atende/shared';
import { okOf, passthroughOf, raw } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { tenantRoutes } from '../../platform/tenant-route';
import { DashboardsExportService } from './dashboards-export.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;

/**
 * The five dashboards answer through passthroughOf: their payloads (up to a year of days, the
 * heatmap) are built to their schemas by the service (typed), so the serializer does not parse
 * them again on every answer, cached ones included (bench/dashboards.ts, 20 concurrent clients).
 *
 * Dashboards (spec §2 roles): main and legacy for operators (an operator sees their own figures),
 * marketing, performance and agents for managers; exports per the download blocks (spec §6);
 * targets read by managers and set by admins.
 */
export async function dashboardsRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['dashboards']);
  const dashboards = () => app.services.dashboards;

  route.get(
    '/p/dashboards/main',
    { role: 'operator', query: ZDashboardQuery, response: passthroughOf(ZDashboardMain) },
    ({ tenant, query }) => dashboards().main(tenant, query),
  );
  route.get(
    '/p/dashboards/legacy',
    { role: 'operator', query: ZDashboardQuery, response: passthroughOf(ZDashboardLegacy) },
    ({ tenant, query }) => dashboards().legacy(tenant, query),
  );
  route.get(
    '/p/dashboards/marketing',
    { role: 'manager', query: ZDashboardQuery, response: passthroughOf(ZDashboardMarketing) },
    ({ tenant, query }) => dashboards().marketing(tenant, query),
  );
  route.get(
    '/p/dashboards/performance',
    { role: 'manager', query: ZDashboardQuery, response: passthroughOf(ZDashboardPerformance) },
    ({ tenant, query }) => dashboards().performance(tenant, query),
  );
  route.get(
    '/p/dashboards/agents',
    { role: 'manager', query: ZDashboardQuery, response: passthroughOf(ZDashboardAgents) },
    ({ tenant, query }) => dashboards().agents(tenant, query),
  );

  route.get(
    '/p/dashboards/export',
    {
      role: 'operator',
      query: ZDashboardExportQuery,
      response: raw([XLSX, 'text/csv'], "A dashboard's table (xlsx or csv file)"),
    },
    async ({ tenant, query, lang, reply }) => {
      if (DashboardsExportService.managerOnly(query.table) && !hasRole(tenant.role, 'manager'))
        throw new AppError('NOT_AUTHORIZED');
      const file = await app.services.dashboardsExport.export(tenant, query, lang);
      reply.header('content-disposition', attachment(file.fileName)).type(file.contentType);
      return reply.send(file.stream);
    },
  );

  route.get('/p/dashboards/targets', { role: 'manager', response: okOf(ZDashboardTargets) }, ({ tenant }) =>
    dashboards().targets(tenant.accountId),
  );
  route.put(
    '/p/dashboards/targets',
    { role: 'admin', body: ZDashboardTargets, response: okOf(ZDashboardTargets) },
    ({ tenant, body }) => dashboards().setTargets(tenant.accountId, body),
  );

  // Builds days again (after a late import or a correction): they are rebuilt by the roll-up job.
  route.post(
    '/p/dashboards/rebuild',
    {
      role: 'admin',
      body: z.object({
        days: z
          .array(z.iso.date({ error: 'invalid' }))
          .min(1)
          .max(400),
      }),
      response: okOf(z.object({ queued: z.number().int() })),
    },
    async ({ tenant, body }) => {
      await app.services.dashboardRollups.invalidate(tenant.accountId, body.days);
      return { queued: body.days.length };
    },
  );
}
