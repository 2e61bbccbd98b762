import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { renderQuickMessage, ZQuickMessage, ZQuickMessageBody, zUuid } from '@atende/shared';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const params = z.object({ id: zUuid });

/** Quick messages: every member lists and renders them; admins create, edit and delete. */
export async function quickMessagesRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['quick-messages']);
  const quick = () => app.services.quickMessages;

  route.get(
    '/p/chat/quick-messages',
    { role: 'operator', response: okOf(z.array(ZQuickMessage)) },
    ({ tenant }) => quick().list(tenant.accountId),
  );

  route.post(
    '/p/chat/quick-messages',
    { role: 'admin', body: ZQuickMessageBody, response: okOf(ZQuickMessage) },
    ({ tenant, body, actor }) => quick().create(tenant.accountId, tenant.userId, body, actor),
  );

  route.put(
    '/p/chat/quick-messages/:id',
    { role: 'admin', params, body: ZQuickMessageBody, response: okOf(ZQuickMessage) },
    ({ tenant, params, body, actor }) => quick().update(tenant.accountId, params.id, body, actor),
  );

  route.delete(
    '/p/chat/quick-messages/:id',
    { role: 'admin', params, response: okOf(z.null()) },
    async ({ tenant, params, actor }) => {
      await quick().remove(tenant.accountId, params.id, actor);
      return null;
    },
  );

  // The text with the conversation's variables filled in (the composer inserts it).
  route.get(
    '/p/chat/quick-messages/:id/render',
    {
      role: 'operator',
      params,
      query: z.object({ conversationId: zUuid }),
      response: okOf(z.object({ text: z.string() })),
    },
    async ({ tenant, params, query }) => {
      const message = await quick().get(tenant.accountId, params.id);
      const context = await app.services.inbox.conversations.variables(tenant, query.conversationId);
      return { text: renderQuickMessage(message.text, context) };
    },
  );
}
