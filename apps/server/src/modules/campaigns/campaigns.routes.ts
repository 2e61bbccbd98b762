import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  hasRole,
  ZCampaign,
  ZCampaignAudienceResult,
  ZCampaignBody,
  ZCampaignContactsBody,
  ZCampaignFailures,
  ZCampaignListQuery,
  ZCampaignRecipient,
  ZCampaignRecipientsQuery,
  ZCampaignReview,
  ZCampaignSettings,
  ZCampaignSettingsBody,
  ZCampaignStartBody,
  ZChannelSummary,
  zUuid,
} from '@atende/shared';
import { okOf, raw, zList } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { tenantRoutes } from '../../platform/tenant-route';
import type { TTenant } from '../../platform/tenancy';

const params = z.object({ id: zUuid });
const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;

/** Spreadsheet downloads follow the account's blocks (spec §6), as the contacts export does. */
function checkDownload(tenant: TTenant) {
  const { blockDownloadExcel, restrictReportDownload } = tenant.account;
  if ((blockDownloadExcel || restrictReportDownload) && !hasRole(tenant.role, 'admin'))
    throw new AppError('FUNCTION_UNAVAILABLE');
}

/**
 * Campaigns (spec §2: the list is admin, new campaigns operator). The wizard: create a draft,
 * upload its CSV (raw body) and/or add contacts, update, review, start; then pause, resume,
 * cancel, duplicate; the campaign page reads it, its recipients, failures and export.
 */
export async function campaignsRoutes(app: FastifyInstance) {
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));
  const route = tenantRoutes(app, ['campaigns']);
  const campaigns = () => app.services.campaigns;
  const operator = { role: 'operator' } as const;

  // The wizard's channel choice (operators cannot read the channel settings).
  route.get(
    '/p/campaign-channels',
    { ...operator, response: okOf(z.array(ZChannelSummary)) },
    async ({ tenant }) =>
      (await app.services.channels.summaries(tenant.accountId)).filter(
        (c) => c.status === 'active' && (c.kind === 'whatsapp-cloud' || c.kind === 'sms'),
      ),
  );
  // Campaigns → Settings (admins): the account's opt-out words.
  route.get('/p/campaign-settings', { role: 'admin', response: okOf(ZCampaignSettings) }, ({ tenant }) =>
    app.services.campaignSettings.view(tenant.accountId),
  );
  route.put(
    '/p/campaign-settings',
    { role: 'admin', body: ZCampaignSettingsBody, response: okOf(ZCampaignSettings) },
    ({ tenant, body, actor }) => app.services.campaignSettings.update(tenant.accountId, body, actor),
  );
  route.get(
    '/p/campaigns',
    { role: 'admin', query: ZCampaignListQuery, response: okOf(zList(ZCampaign)) },
    ({ tenant, query }) => campaigns().list(tenant.accountId, query),
  );
  route.post(
    '/p/campaigns',
    { ...operator, body: ZCampaignBody, response: okOf(ZCampaign) },
    ({ tenant, body }) => campaigns().create(tenant, body),
  );
  route.get('/p/campaigns/:id', { ...operator, params, response: okOf(ZCampaign) }, ({ tenant, params }) =>
    campaigns().get(tenant.accountId, params.id),
  );
  route.put(
    '/p/campaigns/:id',
    { ...operator, params, body: ZCampaignBody, response: okOf(ZCampaign) },
    ({ tenant, params, body }) => campaigns().update(tenant, params.id, body),
  );
  route.post(
    '/p/campaigns/:id/csv',
    {
      ...operator,
      params,
      query: z.object({ name: z.string().trim().max(200).default('contacts.csv') }),
      response: okOf(ZCampaignAudienceResult),
    },
    ({ tenant, params, query, request, lang }) =>
      campaigns().uploadCsv(
        tenant.accountId,
        params.id,
        request.body as AsyncIterable<Buffer> | undefined,
        query.name,
        lang,
      ),
  );
  route.post(
    '/p/campaigns/:id/contacts',
    { ...operator, params, body: ZCampaignContactsBody, response: okOf(ZCampaignAudienceResult) },
    ({ tenant, params, body }) => campaigns().addContacts(tenant, params.id, body),
  );
  route.get(
    '/p/campaigns/:id/review',
    { ...operator, params, response: okOf(ZCampaignReview) },
    ({ tenant, params }) => campaigns().review(tenant, params.id),
  );
  route.post(
    '/p/campaigns/:id/start',
    { ...operator, params, body: ZCampaignStartBody, response: okOf(ZCampaign) },
    ({ tenant, params, body }) => campaigns().start(tenant, params.id, body.consentAccepted),
  );
  for (const action of ['pause', 'resume', 'cancel'] as const)
    route.post(
      `/p/campaigns/:id/${action}`,
      { ...operator, params, response: okOf(ZCampaign) },
      ({ tenant, params }) => campaigns()[action](tenant.accountId, params.id),
    );
  // Recipients whose send may have gone out (status 'unknown'): sent again only when asked.
  route.post(
    '/p/campaigns/:id/resend-unconfirmed',
    { ...operator, params, response: okOf(ZCampaign) },
    ({ tenant, params }) => campaigns().resendUnconfirmed(tenant.accountId, params.id),
  );
  route.post(
    '/p/campaigns/:id/duplicate',
    { ...operator, params, response: okOf(ZCampaign) },
    ({ tenant, params, lang }) => campaigns().duplicate(tenant, params.id, lang),
  );
  route.get(
    '/p/campaigns/:id/recipients',
    { ...operator, params, query: ZCampaignRecipientsQuery, response: okOf(zList(ZCampaignRecipient)) },
    ({ tenant, params, query }) =>
      app.services.campaignReports.recipients(tenant.accountId, params.id, query),
  );
  route.get(
    '/p/campaigns/:id/failures',
    { ...operator, params, response: okOf(ZCampaignFailures) },
    ({ tenant, params }) => app.services.campaignReports.failures(tenant.accountId, params.id),
  );
  route.get(
    '/p/campaigns/:id/export',
    {
      ...operator,
      check: checkDownload,
      params,
      query: z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') }),
      response: raw([XLSX, 'text/csv'], 'The campaign recipients (xlsx or csv file)'),
    },
    async ({ tenant, params, query, lang, reply }) => {
      const file = await app.services.campaignReports.export(tenant.accountId, params.id, query.format, lang);
      reply.header('content-disposition', attachment(file.fileName)).type(file.contentType);
      return reply.send(file.stream);
    },
  );
}
