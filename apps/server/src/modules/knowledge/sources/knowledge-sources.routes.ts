import {
  ZKnowledgeAnswer,
  ZKnowledgeAskBody,
  ZKnowledgeFaqBody,
  ZKnowledgeMarkdownBody,
  ZKnowledgeScope,
  ZKnowledgeSource,
  ZKnowledgeUploadQuery,
  ZKnowledgeUrlBody,
  zUuid,
} from '@atende/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { okOf, zList } from '../../../platform/envelope';
import { tenantRoutes } from '../../../platform/tenant-route';
import { KNOWLEDGE_FILE_MAX_BYTES } from './knowledge-sources.service';

/**
 * p/ai/knowledge/sources: the knowledge base's files (raw body, name in the query), FAQ pairs,
 * markdown and web pages (by address), re-training, and the test console (p/ai/knowledge/ask). Admins only.
 */
export async function knowledgeSourcesRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['ai']);
  const sources = () => app.services.knowledgeSources;
  const params = z.object({ id: zUuid });

  // Files arrive as raw bytes whatever their content type (checked by name and content, not header).
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: KNOWLEDGE_FILE_MAX_BYTES + 1 },
    (_req, body, done) => done(null, body),
  );

  route.get(
    '/p/ai/knowledge/sources',
    { role: 'admin', query: ZKnowledgeScope, response: okOf(zList(ZKnowledgeSource)) },
    ({ tenant, query }) => sources().list(tenant.accountId, query.chatbotId ?? null),
  );

  route.post(
    '/p/ai/knowledge/sources/file',
    {
      role: 'admin',
      bodyLimit: KNOWLEDGE_FILE_MAX_BYTES + 1,
      query: ZKnowledgeUploadQuery,
      response: okOf(ZKnowledgeSource),
    },
    ({ tenant, query, request }) => {
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return sources().addFile(tenant.accountId, tenant.userId, query.chatbotId ?? null, query.name, data);
    },
  );

  route.post(
    '/p/ai/knowledge/sources/faq',
    { role: 'admin', body: ZKnowledgeFaqBody, response: okOf(ZKnowledgeSource) },
    ({ tenant, body }) => sources().addFaq(tenant.accountId, tenant.userId, body.chatbotId ?? null, body),
  );

  route.post(
    '/p/ai/knowledge/sources/markdown',
    { role: 'admin', body: ZKnowledgeMarkdownBody, response: okOf(ZKnowledgeSource) },
    ({ tenant, body }) =>
      sources().addMarkdown(tenant.accountId, tenant.userId, body.chatbotId ?? null, body),
  );

  route.post(
    '/p/ai/knowledge/sources/url',
    { role: 'admin', body: ZKnowledgeUrlBody, response: okOf(ZKnowledgeSource) },
    ({ tenant, body }) => sources().addUrl(tenant.accountId, tenant.userId, body.chatbotId ?? null, body.url),
  );

  route.post(
    '/p/ai/knowledge/sources/:id/train',
    { role: 'admin', params, response: okOf(ZKnowledgeSource) },
    ({ tenant, params }) => sources().retrain(tenant.accountId, params.id),
  );

  route.delete(
    '/p/ai/knowledge/sources/:id',
    { role: 'admin', params, response: okOf(z.object({ _id: z.string() })) },
    ({ tenant, params }) => sources().remove(tenant.accountId, params.id),
  );

  route.post(
    '/p/ai/knowledge/ask',
    { role: 'admin', body: ZKnowledgeAskBody, response: okOf(ZKnowledgeAnswer) },
    ({ tenant, body }) => sources().ask(tenant.accountId, body.chatbotId ?? null, body.question),
  );
}
