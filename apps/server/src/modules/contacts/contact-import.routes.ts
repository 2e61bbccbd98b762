import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZContactExportQuery,
  ZContactImport,
  ZImportErrorRow,
  ZImportPreviewBody,
  ZImportPreviewRow,
  ZImportStartBody,
  ZImportUpload,
  zUuid,
} from '@atende/shared';
import { okOf, raw, zList } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';
import { contactsAccess } from './contacts-access';

const params = z.object({ id: zUuid });
/** Content types a CSV arrives with (browsers label .csv files inconsistently). */
const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;

/**
 * CSV import (upload as the raw request body, mapping preview, start, status, cancel, errors and
 * the error report) and the export of the current filter.
 */
export async function contactImportRoutes(app: FastifyInstance) {
  // Scoped to this plugin: the body reaches the handler as a stream, read once, at most 50 MB.
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));
  const route = tenantRoutes(app, ['contacts']);
  const imports = () => app.services.contacts.imports;
  const gate = { role: 'operator', check: contactsAccess('page') } as const;

  route.post(
    '/p/chat/contact/import',
    {
      ...gate,
      query: z.object({ name: z.string().trim().max(200).default('contacts.csv') }),
      response: okOf(ZImportUpload),
    },
    ({ tenant, query, request }) =>
      imports().upload(
        tenant.accountId,
        tenant.userId,
        request.body as AsyncIterable<Buffer> | undefined,
        query.name || 'contacts.csv',
      ),
  );

  route.get('/p/chat/contact/import', { ...gate, response: okOf(z.array(ZContactImport)) }, ({ tenant }) =>
    imports().list(tenant.accountId),
  );

  route.get(
    '/p/chat/contact/import/:id',
    { ...gate, params, response: okOf(ZContactImport) },
    ({ tenant, params }) => imports().get(tenant.accountId, params.id),
  );

  route.post(
    '/p/chat/contact/import/:id/preview',
    {
      ...gate,
      params,
      body: ZImportPreviewBody,
      response: okOf(z.array(ZImportPreviewRow)),
    },
    ({ tenant, params, body, lang }) =>
      imports().preview(tenant.accountId, params.id, body.mapping, lang, body.existing),
  );

  route.post(
    '/p/chat/contact/import/:id/start',
    { ...gate, params, body: ZImportStartBody, response: okOf(ZContactImport) },
    ({ tenant, params, body, lang, actor }) =>
      imports().start(tenant.accountId, params.id, body, lang, actor),
  );

  route.post(
    '/p/chat/contact/import/:id/cancel',
    { ...gate, params, response: okOf(ZContactImport) },
    ({ tenant, params }) => imports().cancel(tenant.accountId, params.id),
  );

  route.get(
    '/p/chat/contact/import/:id/errors',
    {
      ...gate,
      params,
      query: z.object({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        limit: z.coerce.number().int().min(1).max(100).default(30),
      }),
      response: okOf(zList(ZImportErrorRow)),
    },
    ({ tenant, params, query, lang }) =>
      imports().errors(tenant.accountId, params.id, query.page, query.limit, lang),
  );

  route.get(
    '/p/chat/contact/import/:id/report',
    { ...gate, params, response: raw('text/csv', 'The rejected rows with their errors (CSV, streamed)') },
    async ({ tenant, params, lang, reply }) => {
      const report = await imports().errorReport(tenant.accountId, params.id, lang);
      reply.header('content-disposition', attachment(report.fileName)).type('text/csv; charset=utf-8');
      return reply.send(report.stream);
    },
  );

  route.get(
    '/p/chat/contact/export',
    {
      ...gate,
      query: ZContactExportQuery,
      response: raw([XLSX, 'text/csv'], 'The filtered contacts (xlsx or csv file)'),
    },
    async ({ tenant, query, lang, reply }) => {
      const { format, ...filter } = query;
      const file = await app.services.contacts.exports.export(tenant, filter, format, lang);
      reply.header('content-disposition', attachment(file.fileName)).type(file.contentType);
      return reply.send(file.stream);
    },
  );
}
