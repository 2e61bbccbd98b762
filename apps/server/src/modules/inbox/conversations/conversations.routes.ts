import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCloseBody,
  ZHoldBody,
  ZConversation,
  ZConversationList,
  ZConversationListQuery,
  ZConversationsSinceQuery,
  ZConversationsUpdated,
  ZMessage,
  ZMessageList,
  ZMessageReactions,
  ZMessagesQuery,
  ZNoteBody,
  ZReactBody,
  ZSendMessageBody,
  ZStartConversationBody,
  ZTransferBody,
  zUuid,
} from '@atende/shared';
import { okOf, passthroughOf } from '../../../platform/envelope';
import { tenantRoutes } from '../../../platform/tenant-route';

const params = z.object({ id: zUuid });
const member = { role: 'operator' } as const;
const one = { ...member, params, response: okOf(ZConversation) };

/** Conversations: tab lists, one conversation, messages, catch-up, actions, sending, starting one. */
export async function conversationsRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['inbox']);
  const inbox = () => app.services.inbox;

  // The inbox list is benchmarked (bench/inbox-load: 1,000 conversations a page). The zod
  // serializer's parse doubles its serialization (1.5 → 3.2 ms a page), so the schema documents
  // the answer and JSON.stringify writes it (the service's TConversationList type still checks it).
  // A page answered again unchanged is its remembered JSON (JsonText, conversation-page-cache.ts).
  route.get(
    '/p/chat/conversation/list',
    { ...member, query: ZConversationListQuery, response: passthroughOf(ZConversationList) },
    ({ tenant, query }) => inbox().conversations.list(tenant, query),
  );

  route.get(
    '/p/chat/conversation/updated',
    { ...member, query: ZConversationsSinceQuery, response: okOf(ZConversationsUpdated) },
    ({ tenant, query }) => inbox().conversations.updatedSince(tenant, new Date(query.since)),
  );

  route.post(
    '/p/chat/conversation/start',
    { ...member, body: ZStartConversationBody, response: okOf(ZConversation) },
    ({ tenant, body }) => inbox().start.start(tenant, body),
  );

  route.get('/p/chat/conversation/:id', one, ({ tenant, params }) =>
    inbox().conversations.get(tenant, params.id),
  );

  // Messages pages are small (at most CONVERSATION_LIMITS.messagesPageMax, 200): the parse costs ~0.05 ms
  // for the default 50, about what JSON.stringify costs, so this one keeps the zod serializer.
  route.get(
    '/p/chat/conversation/:id/messages',
    { ...member, params, query: ZMessagesQuery, response: okOf(ZMessageList) },
    ({ tenant, params, query }) => inbox().conversations.messages(tenant, params.id, query),
  );

  route.post(
    '/p/chat/conversation/:id/messages',
    { ...member, params, body: ZSendMessageBody, response: okOf(z.array(ZMessage)) },
    ({ tenant, params, body, lang }) => inbox().messaging.send(tenant, params.id, body, lang),
  );

  route.post(
    '/p/chat/conversation/:id/messages/:messageId/reaction',
    {
      ...member,
      params: z.object({ id: zUuid, messageId: zUuid }),
      body: ZReactBody,
      response: okOf(ZMessageReactions),
    },
    ({ tenant, params, body }) => inbox().reactions.react(tenant, params.id, params.messageId, body.emoji),
  );

  route.post('/p/chat/conversation/:id/take', one, ({ tenant, params, actor }) =>
    inbox().actions.take(tenant, params.id, actor),
  );

  route.post(
    '/p/chat/conversation/:id/transfer',
    { ...one, body: ZTransferBody },
    ({ tenant, params, body, actor }) => inbox().actions.transfer(tenant, params.id, body, actor),
  );

  route.post(
    '/p/chat/conversation/:id/close',
    { ...one, body: ZCloseBody },
    ({ tenant, params, body, actor }) => inbox().actions.close(tenant, params.id, body, actor),
  );

  route.post('/p/chat/conversation/:id/reopen', one, ({ tenant, params, actor }) =>
    inbox().actions.reopen(tenant, params.id, actor),
  );

  // On hold (issue 13): until a moment or the customer's next message; resume takes it back.
  route.post(
    '/p/chat/conversation/:id/hold',
    { ...one, body: ZHoldBody },
    ({ tenant, params, body, actor }) => inbox().hold.hold(tenant, params.id, body, actor),
  );

  route.post('/p/chat/conversation/:id/resume', one, ({ tenant, params, actor }) =>
    inbox().hold.resume(tenant, params.id, actor),
  );

  route.post(
    '/p/chat/conversation/:id/note',
    { ...member, params, body: ZNoteBody, response: okOf(ZMessage) },
    ({ tenant, params, body }) => inbox().actions.note(tenant, params.id, body),
  );

  route.post('/p/chat/conversation/:id/read', one, ({ tenant, params }) =>
    inbox().actions.markRead(tenant, params.id),
  );
}
