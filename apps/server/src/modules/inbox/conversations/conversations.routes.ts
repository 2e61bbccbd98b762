import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCloseBody,
  ZConversationListQuery,
  ZConversationsSinceQuery,
  ZMessagesQuery,
  ZNoteBody,
  ZSendMessageBody,
  ZStartConversationBody,
  ZTransferBody,
  zUuid,
} from '@atende/shared';
import { ok } from '../../../platform/envelope';
import { requestLang } from '../../../platform/i18n';
import { actorOf } from '../../../platform/request-context';
import { requireTenant } from '../../../platform/tenancy';

const accQuery = z.object({ acc: zUuid });
const idParams = z.object({ id: zUuid });

/** Conversations: tab lists, one conversation, messages, catch-up, actions, sending, starting one. */
export async function conversationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const inbox = () => app.services.inbox;
  const tags = ['inbox'];
  const member = requireTenant('operator');
  const one = { preHandler: member, schema: { tags, params: idParams, querystring: accQuery } };

  r.get(
    '/p/chat/conversation/list',
    { preHandler: member, schema: { tags, querystring: ZConversationListQuery } },
    async (request) => ok(await inbox().conversations.list(request.tenant!, request.query)),
  );

  r.get(
    '/p/chat/conversation/updated',
    { preHandler: member, schema: { tags, querystring: ZConversationsSinceQuery } },
    async (request) =>
      ok(await inbox().conversations.updatedSince(request.tenant!, new Date(request.query.since))),
  );

  r.post(
    '/p/chat/conversation/start',
    { preHandler: member, schema: { tags, querystring: accQuery, body: ZStartConversationBody } },
    async (request) => ok(await inbox().start.start(request.tenant!, request.body)),
  );

  r.get('/p/chat/conversation/:id', one, async (request) =>
    ok(await inbox().conversations.get(request.tenant!, request.params.id)),
  );

  r.get(
    '/p/chat/conversation/:id/messages',
    { preHandler: member, schema: { tags, params: idParams, querystring: ZMessagesQuery } },
    async (request) =>
      ok(await inbox().conversations.messages(request.tenant!, request.params.id, request.query)),
  );

  r.post(
    '/p/chat/conversation/:id/messages',
    { preHandler: member, schema: { tags, params: idParams, querystring: accQuery, body: ZSendMessageBody } },
    async (request) =>
      ok(
        await inbox().messaging.send(request.tenant!, request.params.id, request.body, requestLang(request)),
      ),
  );

  r.post('/p/chat/conversation/:id/take', one, async (request) =>
    ok(await inbox().actions.take(request.tenant!, request.params.id, actorOf(request))),
  );

  r.post(
    '/p/chat/conversation/:id/transfer',
    { preHandler: member, schema: { tags, params: idParams, querystring: accQuery, body: ZTransferBody } },
    async (request) =>
      ok(await inbox().actions.transfer(request.tenant!, request.params.id, request.body, actorOf(request))),
  );

  r.post(
    '/p/chat/conversation/:id/close',
    { preHandler: member, schema: { tags, params: idParams, querystring: accQuery, body: ZCloseBody } },
    async (request) =>
      ok(await inbox().actions.close(request.tenant!, request.params.id, request.body, actorOf(request))),
  );

  r.post('/p/chat/conversation/:id/reopen', one, async (request) =>
    ok(await inbox().actions.reopen(request.tenant!, request.params.id, actorOf(request))),
  );

  r.post(
    '/p/chat/conversation/:id/note',
    { preHandler: member, schema: { tags, params: idParams, querystring: accQuery, body: ZNoteBody } },
    async (request) => ok(await inbox().actions.note(request.tenant!, request.params.id, request.body)),
  );

  r.post('/p/chat/conversation/:id/read', one, async (request) =>
    ok(await inbox().actions.markRead(request.tenant!, request.params.id)),
  );
}
