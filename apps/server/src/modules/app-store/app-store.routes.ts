import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAppCatalogueItem,
  ZAppDashboardPanel,
  ZAppInstall,
  ZAppRun,
  ZAppRunsQuery,
  ZConfigureAppBody,
  ZInstallAppBody,
  ZSuperlogicaInvoices,
  zUuid,
} from '@atende/shared';
import { okOf, zList } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const params = z.object({ id: zUuid });

/** The app store (admin): the catalogue, installs and their steps, and the history of runs. */
export async function appStoreRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['app-store']);
  const apps = () => app.services.appStore.apps;

  route.get(
    '/p/apps/catalogue',
    { role: 'admin', response: okOf(z.array(ZAppCatalogueItem)) },
    ({ tenant }) => apps().catalogue(tenant.accountId),
  );

  route.get('/p/apps/installs', { role: 'admin', response: okOf(z.array(ZAppInstall)) }, ({ tenant }) =>
    apps().installs(tenant.accountId),
  );

  route.post(
    '/p/apps/installs',
    { role: 'admin', body: ZInstallAppBody, response: okOf(ZAppInstall) },
    ({ tenant, body }) => apps().install(tenant.accountId, tenant.userId, body),
  );

  route.put(
    '/p/apps/installs/:id',
    { role: 'admin', params, body: ZConfigureAppBody, response: okOf(ZAppInstall) },
    ({ tenant, params, body }) => apps().configure(tenant.accountId, tenant.userId, params.id, body),
  );

  route.post(
    '/p/apps/installs/:id/test',
    { role: 'admin', params, response: okOf(ZAppRun) },
    ({ tenant, params }) => apps().test(tenant.accountId, tenant.userId, params.id),
  );

  route.post(
    '/p/apps/installs/:id/disable',
    { role: 'admin', params, response: okOf(ZAppInstall) },
    ({ tenant, params }) => apps().setEnabled(tenant.accountId, tenant.userId, params.id, false),
  );

  route.post(
    '/p/apps/installs/:id/enable',
    { role: 'admin', params, response: okOf(ZAppInstall) },
    ({ tenant, params }) => apps().setEnabled(tenant.accountId, tenant.userId, params.id, true),
  );

  route.delete(
    '/p/apps/installs/:id',
    { role: 'admin', params, response: okOf(z.null()) },
    async ({ tenant, params }) => {
      await apps().uninstall(tenant.accountId, tenant.userId, params.id);
      return null;
    },
  );

  // Superlógica: import its customers as contacts (incremental; an ongoing run, finished by a job).
  route.post('/p/apps/superlogica/import', { role: 'admin', response: okOf(ZAppRun) }, ({ tenant }) =>
    app.services.appStore.superlogica.start(tenant.accountId, tenant.userId),
  );

  // The contact panel's open invoices (every member who sees the conversation).
  route.get(
    '/p/apps/superlogica/invoices',
    { role: 'operator', query: z.object({ contactId: zUuid }), response: okOf(ZSuperlogicaInvoices) },
    ({ tenant, query }) => app.services.appStore.superlogicaInvoices.of(tenant.accountId, query.contactId),
  );

  // The Dashboard app's panels of the conversation view (every member who sees conversations).
  route.get(
    '/p/apps/dashboards',
    { role: 'operator', response: okOf(z.array(ZAppDashboardPanel)) },
    ({ tenant }) => app.services.appStore.dashboards.list(tenant.accountId),
  );

  route.get(
    '/p/apps/runs',
    { role: 'admin', query: ZAppRunsQuery, response: okOf(zList(ZAppRun)) },
    ({ tenant, query }) => apps().runs(tenant.accountId, query),
  );
}
