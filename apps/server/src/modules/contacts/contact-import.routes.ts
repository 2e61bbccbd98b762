import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZContactExportQuery, ZImportMapping, ZImportStartBody, zUuid } from '@atende/shared';
import { ok } from '../../platform/envelope';
import { requestLang } from '../../platform/i18n';
import { contactsGate } from './contacts-access';

const accQuery = z.object({ acc: zUuid });
const idParams = z.object({ id: zUuid });
/** Content types a CSV arrives with (browsers label .csv files inconsistently). */
const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;

/**
 * CSV import (upload as the raw request body, mapping preview, start, status, cancel, errors and
 * the error report) and the export of the current filter.
 */
export async function contactImportRoutes(app: FastifyInstance) {
  // Scoped to this plugin: the body reaches the handler as a stream, read once, at most 50 MB.
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const imports = () => app.services.contacts.imports;
  const tags = ['contacts'];
  const gate = contactsGate();

  r.post(
    '/p/chat/contact/import',
    {
      preHandler: gate,
      schema: {
        tags,
        querystring: accQuery.extend({ name: z.string().trim().max(200).default('contacts.csv') }),
      },
    },
    async (request) =>
      ok(
        await imports().upload(
          request.tenant!.accountId,
          request.tenant!.userId,
          request.body as AsyncIterable<Buffer> | undefined,
          request.query.name || 'contacts.csv',
        ),
      ),
  );

  r.get(
    '/p/chat/contact/import',
    { preHandler: gate, schema: { tags, querystring: accQuery } },
    async (request) => ok(await imports().list(request.tenant!.accountId)),
  );

  r.get(
    '/p/chat/contact/import/:id',
    { preHandler: gate, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => ok(await imports().get(request.tenant!.accountId, request.params.id)),
  );

  r.post(
    '/p/chat/contact/import/:id/preview',
    {
      preHandler: gate,
      schema: { tags, params: idParams, querystring: accQuery, body: z.object({ mapping: ZImportMapping }) },
    },
    async (request) =>
      ok(
        await imports().preview(
          request.tenant!.accountId,
          request.params.id,
          request.body.mapping,
          requestLang(request),
        ),
      ),
  );

  r.post(
    '/p/chat/contact/import/:id/start',
    { preHandler: gate, schema: { tags, params: idParams, querystring: accQuery, body: ZImportStartBody } },
    async (request) =>
      ok(
        await imports().start(
          request.tenant!.accountId,
          request.params.id,
          request.body,
          requestLang(request),
        ),
      ),
  );

  r.post(
    '/p/chat/contact/import/:id/cancel',
    { preHandler: gate, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => ok(await imports().cancel(request.tenant!.accountId, request.params.id)),
  );

  const pageQuery = accQuery.extend({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  });
  r.get(
    '/p/chat/contact/import/:id/errors',
    { preHandler: gate, schema: { tags, params: idParams, querystring: pageQuery } },
    async (request) => {
      const { page, limit } = request.query;
      const lang = requestLang(request);
      return ok(await imports().errors(request.tenant!.accountId, request.params.id, page, limit, lang));
    },
  );

  r.get(
    '/p/chat/contact/import/:id/report',
    { preHandler: gate, schema: { tags, params: idParams, querystring: accQuery } },
    async (request, reply) => {
      const lang = requestLang(request);
      const report = await imports().errorReport(request.tenant!.accountId, request.params.id, lang);
      reply.header('content-disposition', attachment(report.fileName)).type('text/csv; charset=utf-8');
      return reply.send(report.stream);
    },
  );

  r.get(
    '/p/chat/contact/export',
    { preHandler: gate, schema: { tags, querystring: ZContactExportQuery } },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const file = await app.services.contacts.exports.export(
        request.tenant!,
        filter,
        format,
        requestLang(request),
      );
      reply.header('content-disposition', attachment(file.fileName)).type(file.contentType);
      return reply.send(file.stream);
    },
  );
}
