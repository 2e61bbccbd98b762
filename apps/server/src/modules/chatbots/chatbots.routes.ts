import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZChatbot,
  ZChatbotCreateBody,
  ZChatbotDetail,
  ZChatbotTemplate,
  ZChatbotTestOutcome,
  ZChatbotTestSession,
  ZChatbotUpdateBody,
  ZChatbotVersion,
  ZChatPage,
  ZChatPageBody,
  ZConversation,
  ZDraftSaved,
  ZFlowDocument,
  ZFlowIssue,
  ZHandBackBody,
  zUuid,
} from '@atende/shared';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';
import { chatbotTemplates } from './chatbot-templates';

const params = z.object({ id: zUuid });
/** A flow document is at most a few hundred blocks: 2 MB is plenty. */
const DRAFT_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Chatbots (admin, spec §2): CRUD, the draft, publishing and versions, the live test and the chat
 * page. The hand-back of a conversation to a bot is the inbox's operator action.
 */
export async function chatbotsRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['chatbots']);
  const bots = () => app.services.chatbots;

  route.get('/p/chatbots', { role: 'admin', response: okOf(z.array(ZChatbot)) }, ({ tenant }) =>
    bots().list(tenant.accountId),
  );

  route.post(
    '/p/chatbots',
    { role: 'admin', body: ZChatbotCreateBody, response: okOf(ZChatbot) },
    ({ tenant, body }) => bots().create(tenant.accountId, tenant.userId || null, body),
  );

  route.get('/p/chatbots/templates', { role: 'admin', response: okOf(z.array(ZChatbotTemplate)) }, () =>
    chatbotTemplates(),
  );

  route.get(
    '/p/chatbots/:id',
    { role: 'admin', params, response: okOf(ZChatbotDetail) },
    ({ tenant, params }) => bots().get(tenant.accountId, params.id),
  );

  route.patch(
    '/p/chatbots/:id',
    { role: 'admin', params, body: ZChatbotUpdateBody, response: okOf(ZChatbot) },
    ({ tenant, params, body }) => bots().update(tenant.accountId, params.id, body),
  );

  route.delete(
    '/p/chatbots/:id',
    { role: 'admin', params, response: okOf(z.object({ deleted: z.literal(true) })) },
    async ({ tenant, params }) => {
      await bots().remove(tenant.accountId, params.id);
      return { deleted: true as const };
    },
  );

  route.put(
    '/p/chatbots/:id/draft',
    { role: 'admin', params, body: ZFlowDocument, bodyLimit: DRAFT_BODY_LIMIT, response: okOf(ZDraftSaved) },
    ({ tenant, params, body }) => bots().saveDraft(tenant.accountId, params.id, body),
  );

  route.post(
    '/p/chatbots/:id/validate',
    { role: 'admin', params, response: okOf(z.object({ issues: z.array(ZFlowIssue) })) },
    async ({ tenant, params }) => ({ issues: await bots().validate(tenant.accountId, params.id) }),
  );

  route.post(
    '/p/chatbots/:id/publish',
    { role: 'admin', params, response: okOf(ZChatbot) },
    ({ tenant, params }) => bots().publish(tenant.accountId, params.id, tenant.userId || null),
  );

  route.post(
    '/p/chatbots/:id/unpublish',
    { role: 'admin', params, response: okOf(ZChatbot) },
    ({ tenant, params }) => bots().unpublish(tenant.accountId, params.id),
  );

  route.post(
    '/p/chatbots/:id/duplicate',
    { role: 'admin', params, response: okOf(ZChatbot) },
    ({ tenant, params }) => bots().duplicate(tenant.accountId, params.id, tenant.userId || null),
  );

  route.get(
    '/p/chatbots/:id/versions',
    { role: 'admin', params, response: okOf(z.array(ZChatbotVersion)) },
    ({ tenant, params }) => bots().versions(tenant.accountId, params.id),
  );

  route.post(
    '/p/chatbots/:id/versions/:version/rollback',
    {
      role: 'admin',
      params: params.extend({ version: z.coerce.number().int().min(1).max(1_000_000) }),
      response: okOf(ZChatbotDetail),
    },
    ({ tenant, params }) => bots().rollback(tenant.accountId, params.id, params.version),
  );

  route.post(
    '/p/chatbots/:id/test',
    { role: 'admin', params, response: okOf(ZChatbotTestSession) },
    ({ tenant, params, request }) => app.services.chatbotTests.start(tenant.accountId, params.id, request.ip),
  );

  route.get(
    '/p/chatbots/:id/test/:conversationId',
    {
      role: 'admin',
      params: params.extend({ conversationId: zUuid }),
      response: okOf(ZChatbotTestOutcome),
    },
    ({ tenant, params }) =>
      app.services.chatbotTests.outcome(tenant.accountId, params.id, params.conversationId),
  );

  route.get(
    '/p/chatbots/:id/chatpage',
    { role: 'admin', params, response: okOf(ZChatPage.nullable()) },
    ({ tenant, params }) => bots().chatPage(tenant.accountId, params.id),
  );

  route.put(
    '/p/chatbots/:id/chatpage',
    { role: 'admin', params, body: ZChatPageBody, response: okOf(ZChatPage) },
    ({ tenant, params, body }) => bots().saveChatPage(tenant.accountId, params.id, body),
  );

  // An operator hands their conversation back to a (published) bot: it re-enters the flow stage.
  route.post(
    '/p/chat/conversation/:id/bot',
    { role: 'operator', params, body: ZHandBackBody, response: okOf(ZConversation) },
    ({ tenant, params, body, actor }) =>
      app.services.chatbotRuntime.handBack(tenant, params.id, body.chatbotId, actor),
  );
}
