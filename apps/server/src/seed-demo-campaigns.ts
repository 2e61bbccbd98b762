import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newId } from './platform/db/columns';
import { withTenant } from './platform/db/tenant';
import { insertCampaign, insertRecipients } from './modules/campaigns/campaigns.repo';
import { campaignMessageText, recipientVariables } from './modules/campaigns/campaign-render';

const DAY = 86_400_000;
const TEMPLATE = {
  id: newId(),
  name: 'black_friday_2026',
  language: 'pt_BR',
  header: null,
  body: 'Olá {{1}}! A Black Friday chegou: 30% de desconto em toda a loja até domingo. Responda SAIR para não receber mais.',
};
/** The recipients' outcomes, in order (cycled): what a finished campaign looks like. */
const OUTCOMES = [
  'read',
  'read',
  'delivered',
  'read',
  'delivered',
  'sent',
  'failed',
  'read',
  'skipped',
  'delivered',
] as const;

/**
 * The demo account's campaigns (issue 16): one finished WhatsApp campaign, a week ago, to the demo
 * contacts, with recipients read, delivered, sent, failed (number does not exist), skipped (opted
 * out) and some replies — written through the campaigns module's repository (no provider is
 * reachable in the demo, so the dispatcher's outcomes are set as its delivery reports would).
 */
export async function seedDemoCampaigns(app: FastifyInstance, accountId: string, userId: string) {
  const db = app.platform.database.db;
  const contacts = await app.services.contacts.contacts.list(
    { accountId, account: { timezone: 'America/Sao_Paulo' } } as never,
    { page: 1, limit: 40 } as never,
  );
  const people = contacts.items.filter((c) => c.phone).slice(0, 30);
  if (people.length === 0) return;
  const sentAt = new Date(Date.now() - 7 * DAY);
  const campaign = await insertCampaign(db, {
    id: newId(),
    accountId,
    type: 'whatsapp',
    name: 'Black Friday 2026',
    description: 'Oferta de 30% para clientes da base',
    templateId: TEMPLATE.id,
    template: TEMPLATE,
    mapping: [{ kind: 'field', field: 'firstName' }],
    status: 'finished',
    consentAcceptedAt: sentAt,
    createdBy: userId,
    startedAt: sentAt,
    finishedAt: new Date(sentAt.getTime() + 60_000),
  });
  await insertRecipients(
    db,
    accountId,
    campaign.id,
    people.map((c) => ({
      id: newId(),
      phone: c.phone!,
      name: c.name,
      contactId: c._id,
      source: 'contacts' as const,
      line: null,
      fields: { email: c.email ?? '' },
    })),
  );
  const frozen = people.map((c, i) => {
    const variables = recipientVariables([{ kind: 'field', field: 'firstName' }], {
      name: c.name,
      phone: c.phone!,
      fields: {},
    });
    const outcome = OUTCOMES[i % OUTCOMES.length];
    return {
      phone: c.phone,
      variables,
      body: campaignMessageText({ type: 'whatsapp', template: TEMPLATE, text: null }, variables),
      status: outcome,
      reason: outcome === 'failed' ? 'NUMBER_NOT_EXISTS' : outcome === 'skipped' ? 'OPTED_OUT' : null,
      replied: outcome === 'read' && i % 3 === 0,
    };
  });
  await withTenant(db, accountId, (tx) =>
    tx.execute(sql`
      update campaign_recipients r set variables = v.variables, body = v.body, status = v.status, reason = v.reason,
        attempts = case when v.status = 'skipped' then 0 else 1 end,
        sent_at = case when v.status in ('sent', 'delivered', 'read') then ${sentAt.toISOString()}::timestamptz end,
        delivered_at = case when v.status in ('delivered', 'read') then ${sentAt.toISOString()}::timestamptz + interval '5 seconds' end,
        read_at = case when v.status = 'read' then ${sentAt.toISOString()}::timestamptz + interval '20 minutes' end,
        failed_at = case when v.status = 'failed' then ${sentAt.toISOString()}::timestamptz end,
        replied_at = case when v.replied then ${sentAt.toISOString()}::timestamptz + interval '1 hour' end,
        provider_message_id = case when v.status in ('sent', 'delivered', 'read') then 'wamid.demo.' || r.id end
      from jsonb_to_recordset(${JSON.stringify(frozen)}::jsonb)
        as v(phone text, variables jsonb, body text, status text, reason text, replied boolean)
      where r.campaign_id = ${campaign.id} and r.phone = v.phone`),
  );
}
