import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONVERSATION_LIMITS,
  ZDistributionMemberBody,
  ZStatementExportQuery,
  ZStatementQuery,
  ZTranscriptQuery,
  zUuid,
} from '@atende/shared';
import { ok } from '../../platform/envelope';
import { requestLang } from '../../platform/i18n';
import { requireTenant } from '../../platform/tenancy';

const accQuery = z.object({ acc: zUuid });
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;

/**
 * The inbox data of spec §3 (GET /p/chat/inbox/{acc}), the distribution queue (admins), uploads
 * and signed media links, the conversation statement (admins) and transcripts.
 */
export async function inboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const inbox = () => app.services.inbox;
  const tags = ['inbox'];
  const admin = requireTenant('admin');

  // Uploads arrive as raw bytes whatever their content type (the type comes from the name).
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: CONVERSATION_LIMITS.fileMaxBytes + 1 },
    (_req, body, done) => done(null, body),
  );

  r.get(
    '/p/chat/inbox/:acc',
    {
      preHandler: requireTenant('operator'),
      schema: { tags, params: accQuery, querystring: z.object({ minimal: z.string().max(10).optional() }) },
    },
    async (request) => ok(await inbox().data.load(request.tenant!)),
  );

  r.get(
    '/p/chat/distribution',
    { preHandler: admin, schema: { tags, querystring: accQuery } },
    async (request) => ok(await inbox().distribution.members(request.tenant!.accountId)),
  );

  r.post(
    '/p/chat/distribution/members',
    { preHandler: admin, schema: { tags, querystring: accQuery, body: ZDistributionMemberBody } },
    async (request) => ok(await inbox().distribution.add(request.tenant!.accountId, request.body.userId)),
  );

  r.delete(
    '/p/chat/distribution/members/:userId',
    { preHandler: admin, schema: { tags, params: z.object({ userId: zUuid }), querystring: accQuery } },
    async (request) =>
      ok(await inbox().distribution.remove(request.tenant!.accountId, request.params.userId)),
  );

  r.post(
    '/p/chat/upload',
    {
      preHandler: requireTenant('operator'),
      bodyLimit: CONVERSATION_LIMITS.fileMaxBytes + 1,
      schema: { tags, querystring: accQuery.extend({ name: z.string().trim().min(1).max(255) }) },
    },
    async (request) => {
      const { accountId, userId } = request.tenant!;
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await inbox().files.upload(accountId, userId, request.query.name, data));
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

  r.get(
    '/p/chat/statement',
    { preHandler: admin, schema: { tags, querystring: ZStatementQuery } },
    async (request) => ok(await inbox().statement.statement(request.tenant!, request.query)),
  );

  r.get(
    '/p/chat/statement/export',
    { preHandler: admin, schema: { tags, querystring: ZStatementExportQuery } },
    async (request, reply) => {
      const file = await inbox().statement.export(request.tenant!, request.query, requestLang(request));
      reply.header('content-disposition', attachment(file.fileName)).type(file.contentType);
      return reply.send(file.stream);
    },
  );

  r.get(
    '/p/chat/conversation/:id/transcript',
    {
      preHandler: requireTenant('operator'),
      schema: { tags, params: z.object({ id: zUuid }), querystring: ZTranscriptQuery },
    },
    async (request, reply) => {
      const { format } = request.query;
      const file = await inbox().transcript.transcript(
        request.tenant!,
        request.params.id,
        format,
        requestLang(request),
      );
      const disposition =
        format === 'csv' ? attachment(file.fileName) : `inline; filename="${file.fileName}"`;
      reply.header('content-disposition', disposition).type(file.contentType);
      return reply.send(file.stream);
    },
  );
}
