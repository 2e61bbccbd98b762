import {
  ZInboxAiDraftBody,
  ZInboxAiSearchBody,
  ZInboxAiSearchResult,
  ZInboxAiStatus,
  ZInboxAiSuggestion,
  ZInboxAiText,
  ZInboxAiTranslateBody,
  zUuid,
} from '@atende/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { okOf } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const params = z.object({ id: zUuid });
const member = { role: 'operator' } as const;

/**
 * The composer's AI (operators who can see the conversation): status, reply suggestion, summary,
 * improve and translate a draft, search the knowledge base. Answers are texts for the composer; nothing is sent.
 */
export async function inboxAiRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['inbox', 'ai']);
  const ai = () => app.services.inboxAi;

  route.get('/p/chat/ai/status', { ...member, response: okOf(ZInboxAiStatus) }, ({ tenant }) =>
    ai().status(tenant),
  );

  route.post(
    '/p/chat/conversation/:id/ai/suggest',
    { ...member, params, response: okOf(ZInboxAiSuggestion) },
    ({ tenant, params, lang }) => ai().suggest(tenant, params.id, lang),
  );

  route.post(
    '/p/chat/conversation/:id/ai/summary',
    { ...member, params, response: okOf(ZInboxAiText) },
    ({ tenant, params, lang }) => ai().summarise(tenant, params.id, lang),
  );

  route.post(
    '/p/chat/ai/improve',
    { ...member, body: ZInboxAiDraftBody, response: okOf(ZInboxAiText) },
    ({ tenant, body, lang }) => ai().improve(tenant, body.text, lang),
  );

  route.post(
    '/p/chat/ai/search',
    { ...member, body: ZInboxAiSearchBody, response: okOf(ZInboxAiSearchResult) },
    ({ tenant, body, lang }) => ai().search(tenant, body.question, lang),
  );

  route.post(
    '/p/chat/ai/translate',
    { ...member, body: ZInboxAiTranslateBody, response: okOf(ZInboxAiText) },
    ({ tenant, body }) => ai().translate(tenant, body.text, body.to),
  );
}
