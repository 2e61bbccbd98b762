import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZContactTag, ZTagBody, ZUpdateTagBody, zUuid } from '@atende/shared';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';
import { contactsAccess } from './contacts-access';

const params = z.object({ id: zUuid });
const ZDeleted = z.object({ deleted: z.literal(true) });

/** Tags per account: every member reads and creates them; admins rename, recolour and delete. */
export async function contactTagsRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['contacts']);
  const tagService = () => app.services.contacts.tags;

  route.get(
    '/p/chat/contact/tags',
    { role: 'operator', check: contactsAccess('panel'), response: okOf(z.array(ZContactTag)) },
    ({ tenant }) => tagService().list(tenant.accountId),
  );

  route.post(
    '/p/chat/contact/tags',
    { role: 'operator', check: contactsAccess('page'), body: ZTagBody, response: okOf(ZContactTag) },
    ({ tenant, body }) => tagService().create(tenant.accountId, body),
  );

  route.put(
    '/p/chat/contact/tags/:id',
    { role: 'admin', params, body: ZUpdateTagBody, response: okOf(ZContactTag) },
    ({ tenant, params, body }) => tagService().update(tenant.accountId, params.id, body),
  );

  route.delete(
    '/p/chat/contact/tags/:id',
    { role: 'admin', params, response: okOf(ZDeleted) },
    async ({ tenant, params }) => {
      await tagService().remove(tenant.accountId, params.id);
      return { deleted: true } as const;
    },
  );
}
