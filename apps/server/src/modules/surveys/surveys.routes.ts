import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZFeedbackExportQuery,
  ZFeedbackQuery,
  ZFeedbackReport,
  ZSurveyRequest,
  ZSurveySettings,
  ZSurveySettingsBody,
  ZVerbatim,
  ZVerbatimsQuery,
  zUuid,
} from '@atende/shared';
import { okOf, raw } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;
const params = z.object({ id: zUuid });

/**
 * Satisfaction surveys: settings (admins), the survey of a conversation and sending it by hand
 * (operators who see the conversation), the feedback report, verbatims and export (managers).
 */
export async function surveysRoutes(app: FastifyInstance) {
  const route = tenantRoutes(app, ['surveys']);
  const { surveys, feedback, inbox } = app.services;

  route.get('/p/surveys/settings', { role: 'admin', response: okOf(ZSurveySettings) }, ({ tenant }) =>
    surveys.settings(tenant.accountId),
  );

  route.put(
    '/p/surveys/settings',
    { role: 'admin', body: ZSurveySettingsBody, response: okOf(ZSurveySettings) },
    ({ tenant, body }) => surveys.updateSettings(tenant.accountId, body),
  );

  route.get(
    '/p/surveys/conversation/:id',
    { role: 'operator', params, response: okOf(ZSurveyRequest.nullable()) },
    async ({ tenant, params }) => {
      await inbox.conversations.get(tenant, params.id);
      return surveys.ofConversation(tenant.accountId, params.id);
    },
  );

  route.post(
    '/p/surveys/conversation/:id/send',
    { role: 'operator', params, response: okOf(ZSurveyRequest) },
    async ({ tenant, params }) => {
      await inbox.conversations.get(tenant, params.id);
      return surveys.ask(tenant.accountId, params.id, 'manual');
    },
  );

  route.get(
    '/p/surveys/report',
    { role: 'manager', query: ZFeedbackQuery, response: okOf(ZFeedbackReport) },
    ({ tenant, query }) => feedback.report(tenant, query),
  );

  route.get(
    '/p/surveys/verbatims',
    {
      role: 'manager',
      query: ZVerbatimsQuery,
      response: okOf(z.object({ items: z.array(ZVerbatim), count: z.number().int() })),
    },
    ({ tenant, query }) => feedback.verbatims(tenant, query),
  );

  route.get(
    '/p/surveys/export',
    {
      role: 'manager',
      query: ZFeedbackExportQuery,
      response: raw([XLSX, 'text/csv'], 'The surveys of the period (xlsx or csv file)'),
    },
    async ({ tenant, query, lang, reply }) => {
      const file = await feedback.export(tenant, query, lang);
      reply.header('content-disposition', attachment(file.fileName)).type(file.contentType);
      return reply.send(file.stream);
    },
  );
}
