import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZBulkPhaseBody,
  ZBulkResult,
  ZBulkTagsBody,
  ZContact,
  ZContactList,
  ZContactListQuery,
  ZCreateContactBody,
  ZMergeContactsBody,
  ZUpdateContactBody,
  zUuid,
} from '@atende/shared';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';
import { contactsAccess } from './contacts-access';

const params = z.object({ id: zUuid });
/** The contacts pages (list, create, delete, merge, bulk); the conversation's contact panel. */
const page = { role: 'operator', check: contactsAccess('page') } as const;
const panel = { role: 'operator', check: contactsAccess('panel') } as const;

/** Contacts: spec §7 list and update, plus create, delete/restore, duplicates, merge and bulk edits. */
export async function contactsRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['contacts']);
  const contacts = () => app.services.contacts.contacts;
  // Issue 13: custom fields named after a key entity take that entity's validation (departments module).
  const entities = () => app.services.keyEntities;

  route.get(
    '/p/chat/contact/list',
    { ...page, query: ZContactListQuery, response: okOf(ZContactList) },
    ({ tenant, query }) => contacts().list(tenant, query),
  );

  route.post(
    '/p/chat/contact',
    { ...page, account: 'query-or-body', body: ZCreateContactBody, response: okOf(ZContact) },
    async ({ tenant, body }) => {
      await entities().assertValues(tenant.accountId, body.data.customFields);
      return contacts().create(tenant.accountId, body.data);
    },
  );

  route.post(
    '/p/chat/contact/merge',
    { ...page, body: ZMergeContactsBody, response: okOf(ZContact) },
    ({ tenant, body, actor }) => contacts().merge(tenant.accountId, body, actor),
  );

  route.post(
    '/p/chat/contact/bulk/tags',
    { ...page, body: ZBulkTagsBody, response: okOf(ZBulkResult) },
    ({ tenant, body }) => contacts().bulkTags(tenant.accountId, body),
  );

  route.post(
    '/p/chat/contact/bulk/phase',
    { ...page, body: ZBulkPhaseBody, response: okOf(ZBulkResult) },
    ({ tenant, body, actor }) => contacts().bulkPhase(tenant.accountId, body, actor),
  );

  route.get('/p/chat/contact/:id', { ...panel, params, response: okOf(ZContact) }, ({ tenant, params }) =>
    contacts().get(tenant.accountId, params.id),
  );

  route.put(
    '/p/chat/contact/:id',
    { ...panel, account: 'query-or-body', params, body: ZUpdateContactBody, response: okOf(ZContact) },
    async ({ tenant, params, body, actor }) => {
      if (body.data.customFields) {
        const current = await contacts().get(tenant.accountId, params.id);
        await entities().assertValues(tenant.accountId, body.data.customFields, current.customFields);
      }
      return contacts().update(tenant.accountId, params.id, body.data, actor);
    },
  );

  route.delete(
    '/p/chat/contact/:id',
    { ...page, params, response: okOf(ZContact) },
    ({ tenant, params, actor }) => contacts().remove(tenant.accountId, params.id, actor),
  );

  route.post(
    '/p/chat/contact/:id/restore',
    { ...page, params, response: okOf(ZContact) },
    ({ tenant, params, actor }) => contacts().restore(tenant.accountId, params.id, actor),
  );

  route.get(
    '/p/chat/contact/:id/duplicates',
    { ...page, params, response: okOf(z.array(ZContact)) },
    ({ tenant, params }) => contacts().duplicates(tenant.accountId, params.id),
  );
}
