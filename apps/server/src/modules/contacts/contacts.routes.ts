import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBulkPhaseBody,
  ZBulkTagsBody,
  ZContactListQuery,
  ZCreateContactBody,
  ZMergeContactsBody,
  ZUpdateContactBody,
  zUuid,
} from '@atende/shared';
import { ok } from '../../platform/envelope';
import { actorOf } from '../../platform/request-context';
import { contactsGate } from './contacts-access';

const accQuery = z.object({ acc: zUuid });
const optionalAccQuery = z.object({ acc: zUuid.optional() });
const idParams = z.object({ id: zUuid });

/** Contacts: spec §7 list and update, plus create, delete/restore, duplicates, merge and bulk edits. */
export async function contactsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const contacts = () => app.services.contacts.contacts;
  const tags = ['contacts'];
  const acc = (request: { tenant?: { accountId: string } }) => request.tenant!.accountId;

  r.get(
    '/p/chat/contact/list',
    { preHandler: contactsGate(), schema: { tags, querystring: ZContactListQuery } },
    async (request) => ok(await contacts().list(request.tenant!, request.query)),
  );

  r.post(
    '/p/chat/contact',
    { preHandler: contactsGate(), schema: { tags, querystring: optionalAccQuery, body: ZCreateContactBody } },
    async (request) => ok(await contacts().create(acc(request), request.body.data)),
  );

  r.post(
    '/p/chat/contact/merge',
    { preHandler: contactsGate(), schema: { tags, querystring: accQuery, body: ZMergeContactsBody } },
    async (request) => ok(await contacts().merge(acc(request), request.body)),
  );

  r.post(
    '/p/chat/contact/bulk/tags',
    { preHandler: contactsGate(), schema: { tags, querystring: accQuery, body: ZBulkTagsBody } },
    async (request) => ok(await contacts().bulkTags(acc(request), request.body)),
  );

  r.post(
    '/p/chat/contact/bulk/phase',
    { preHandler: contactsGate(), schema: { tags, querystring: accQuery, body: ZBulkPhaseBody } },
    async (request) => ok(await contacts().bulkPhase(acc(request), request.body, actorOf(request))),
  );

  r.get(
    '/p/chat/contact/:id',
    {
      preHandler: contactsGate('operator', 'panel'),
      schema: { tags, params: idParams, querystring: accQuery },
    },
    async (request) => ok(await contacts().get(acc(request), request.params.id)),
  );

  r.put(
    '/p/chat/contact/:id',
    {
      preHandler: contactsGate('operator', 'panel'),
      schema: { tags, params: idParams, querystring: optionalAccQuery, body: ZUpdateContactBody },
    },
    async (request) =>
      ok(await contacts().update(acc(request), request.params.id, request.body.data, actorOf(request))),
  );

  r.delete(
    '/p/chat/contact/:id',
    { preHandler: contactsGate(), schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => ok(await contacts().remove(acc(request), request.params.id)),
  );

  r.post(
    '/p/chat/contact/:id/restore',
    { preHandler: contactsGate(), schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => ok(await contacts().restore(acc(request), request.params.id)),
  );

  r.get(
    '/p/chat/contact/:id/duplicates',
    { preHandler: contactsGate(), schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => ok(await contacts().duplicates(acc(request), request.params.id)),
  );
}
