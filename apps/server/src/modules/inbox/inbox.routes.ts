import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONVERSATION_LIMITS,
  ZDistributionMember,
  ZDistributionMemberBody,
  ZInboxData,
  ZStatement,
  ZStatementExportQuery,
  ZStatementQuery,
  ZTranscriptQuery,
  ZUploadedFile,
  zUuid,
} from '@atende/shared';
import { okOf, raw, rawSchema } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;
const ZMembers = z.array(ZDistributionMember);

/**
 * The inbox data of spec §3 (GET /p/chat/inbox/{acc}), the distribution queue (admins), uploads
 * and signed media links, the conversation statement (admins) and transcripts.
 */
export async function inboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = tenantRoutes(app, ['inbox']);
  const inbox = () => app.services.inbox;
  const tags = ['inbox'];

  // Uploads arrive as raw bytes whatever their content type (the type comes from the name).
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: CONVERSATION_LIMITS.fileMaxBytes + 1 },
    (_req, body, done) => done(null, body),
  );

  route.get(
    '/p/chat/inbox/:acc',
    {
      role: 'operator',
      account: 'path',
      params: z.object({ acc: zUuid }),
      query: z.object({ minimal: z.string().max(10).optional() }),
      response: okOf(ZInboxData),
    },
    ({ tenant }) => inbox().data.load(tenant),
  );

  route.get('/p/chat/distribution', { role: 'admin', response: okOf(ZMembers) }, ({ tenant }) =>
    inbox().distribution.members(tenant.accountId),
  );

  route.post(
    '/p/chat/distribution/members',
    { role: 'admin', body: ZDistributionMemberBody, response: okOf(ZMembers) },
    ({ tenant, body }) => inbox().distribution.add(tenant.accountId, body.userId),
  );

  route.delete(
    '/p/chat/distribution/members/:userId',
    { role: 'admin', params: z.object({ userId: zUuid }), response: okOf(ZMembers) },
    ({ tenant, params }) => inbox().distribution.remove(tenant.accountId, params.userId),
  );

  route.post(
    '/p/chat/upload',
    {
      role: 'operator',
      bodyLimit: CONVERSATION_LIMITS.fileMaxBytes + 1,
      query: z.object({ name: z.string().trim().min(1).max(255) }),
      response: okOf(ZUploadedFile),
    },
    ({ tenant, query, request }) => {
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return inbox().files.upload(tenant.accountId, tenant.userId, query.name, data);
    },
  );

  // Signed links (the web's previews, the providers' downloads): no session needed, 7 days.
  r.get(
    '/p/chat/media/:fileId/:name',
    {
      schema: {
        tags,
        params: z.object({ fileId: zUuid, name: z.string().max(300) }),
        querystring: z.object({ acc: zUuid, exp: z.coerce.number().int(), sig: z.string().max(100) }),
        ...rawSchema('application/octet-stream', 'The uploaded file (signed link)'),
      },
    },
    async (request, reply) => {
      const { acc, exp, sig } = request.query;
      const { file, data } = await inbox().files.download(acc, request.params.fileId, exp, sig);
      return reply
        .type(file.mimeType)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  route.get(
    '/p/chat/statement',
    { role: 'admin', query: ZStatementQuery, response: okOf(ZStatement) },
    ({ tenant, query }) => inbox().statement.statement(tenant, query),
  );

  route.get(
    '/p/chat/statement/export',
    {
      role: 'admin',
      query: ZStatementExportQuery,
      response: raw([XLSX, 'text/csv'], 'The statement of the period (xlsx or csv file)'),
    },
    async ({ tenant, query, lang, reply }) => {
      const file = await inbox().statement.export(tenant, query, lang);
      reply.header('content-disposition', attachment(file.fileName)).type(file.contentType);
      return reply.send(file.stream);
    },
  );

  route.get(
    '/p/chat/conversation/:id/transcript',
    {
      role: 'operator',
      params: z.object({ id: zUuid }),
      query: ZTranscriptQuery,
      response: raw(['text/html', 'text/plain', 'text/csv'], 'The conversation as HTML, text or CSV'),
    },
    async ({ tenant, params, query, lang, reply }) => {
      const file = await inbox().transcript.transcript(tenant, params.id, query.format, lang);
      const disposition =
        query.format === 'csv' ? attachment(file.fileName) : `inline; filename="${file.fileName}"`;
      reply.header('content-disposition', disposition).type(file.contentType);
      return reply.send(file.stream);
    },
  );
}
