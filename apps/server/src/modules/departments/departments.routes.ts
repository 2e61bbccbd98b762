import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZDepartment, ZDepartmentBody, ZKeyEntity, ZKeyEntityBody, zUuid } from '@atende/shared';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const params = z.object({ id: zUuid });

/**
 * Departments and key entities: every member lists them (transfer dialogs, the contact panel);
 * admins create, edit and delete them (Settings → Departments, Settings → Key entities).
 */
export async function departmentsRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['departments']);
  const departments = () => app.services.departments;
  const entities = () => app.services.keyEntities;

  route.get('/p/chat/departments', { role: 'operator', response: okOf(z.array(ZDepartment)) }, ({ tenant }) =>
    departments().list(tenant.accountId),
  );
  route.get(
    '/p/chat/departments/:id',
    { role: 'operator', params, response: okOf(ZDepartment) },
    ({ tenant, params }) => departments().get(tenant.accountId, params.id),
  );
  route.post(
    '/p/chat/departments',
    { role: 'admin', body: ZDepartmentBody, response: okOf(ZDepartment) },
    ({ tenant, body, actor }) => departments().create(tenant.accountId, body, actor),
  );
  route.put(
    '/p/chat/departments/:id',
    { role: 'admin', params, body: ZDepartmentBody, response: okOf(ZDepartment) },
    ({ tenant, params, body, actor }) => departments().update(tenant.accountId, params.id, body, actor),
  );
  route.delete(
    '/p/chat/departments/:id',
    { role: 'admin', params, response: okOf(z.null()) },
    async ({ tenant, params, actor }) => {
      await departments().remove(tenant.accountId, params.id, actor);
      return null;
    },
  );

  // Key entities: a member lists those they may see (all for managers and up, or none restricted).
  route.get('/p/chat/entities', { role: 'operator', response: okOf(z.array(ZKeyEntity)) }, ({ tenant }) =>
    entities().visibleTo(tenant),
  );
  route.post(
    '/p/chat/entities',
    { role: 'admin', body: ZKeyEntityBody, response: okOf(ZKeyEntity) },
    ({ tenant, body, actor }) => entities().create(tenant.accountId, body, actor),
  );
  route.put(
    '/p/chat/entities/:id',
    { role: 'admin', params, body: ZKeyEntityBody, response: okOf(ZKeyEntity) },
    ({ tenant, params, body, actor }) => entities().update(tenant.accountId, params.id, body, actor),
  );
  route.delete(
    '/p/chat/entities/:id',
    { role: 'admin', params, response: okOf(z.null()) },
    async ({ tenant, params, actor }) => {
      await entities().remove(tenant.accountId, params.id, actor);
      return null;
    },
  );
}
