import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderQuickMessage, ZQuickMessageBody, zUuid } from '@atende/shared';
import { ok } from '../../platform/envelope';
import { requireTenant } from '../../platform/tenancy';

const accQuery = z.object({ acc: zUuid });
const idParams = z.object({ id: zUuid });

/** Quick messages: every member lists and renders them; admins create, edit and delete. */
export async function quickMessagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const quick = () => app.services.quickMessages;
  const tags = ['quick-messages'];
  const admin = requireTenant('admin');
  const acc = (request: { tenant?: { accountId: string } }) => request.tenant!.accountId;

  r.get(
    '/p/chat/quick-messages',
    { preHandler: requireTenant('operator'), schema: { tags, querystring: accQuery } },
    async (request) => ok(await quick().list(acc(request))),
  );

  r.post(
    '/p/chat/quick-messages',
    { preHandler: admin, schema: { tags, querystring: accQuery, body: ZQuickMessageBody } },
    async (request) => ok(await quick().create(acc(request), request.tenant!.userId, request.body)),
  );

  r.put(
    '/p/chat/quick-messages/:id',
    { preHandler: admin, schema: { tags, params: idParams, querystring: accQuery, body: ZQuickMessageBody } },
    async (request) => ok(await quick().update(acc(request), request.params.id, request.body)),
  );

  r.delete(
    '/p/chat/quick-messages/:id',
    { preHandler: admin, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => {
      await quick().remove(acc(request), request.params.id);
      return ok(null);
    },
  );

  // The text with the conversation's variables filled in (the composer inserts it).
  r.get(
    '/p/chat/quick-messages/:id/render',
    {
      preHandler: requireTenant('operator'),
      schema: { tags, params: idParams, querystring: accQuery.extend({ conversationId: zUuid }) },
    },
    async (request) => {
      const message = await quick().get(acc(request), request.params.id);
      const context = await app.services.inbox.conversations.variables(
        request.tenant!,
        request.query.conversationId,
      );
      return ok({ text: renderQuickMessage(message.text, context) });
    },
  );
}
