import { sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import { campaignMessageText, recipientVariables } from './campaign-render';
import { insertCampaign, insertRecipients } from './campaigns.repo';

const DAY = 86_400_000;

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

export interface TFinishedCampaign {
  accountId: string;
  userId: string;
  name: string;
  description: string;
  template: { id: string; name: string; language: string; header: null; body: string };
  people: Array<{ _id: string; name: string; phone: string | null; email?: string | null }>;
}

/**
 * A WhatsApp campaign that finished a week ago (the demo account's, issue 16): its recipients read,
 * delivered, sent, failed (number does not exist), skipped (opted out), some replied — set as the
 * dispatcher and its delivery reports would have left them (no provider is reachable in a demo).
 */
export async function recordFinishedCampaign(db: TDb, input: TFinishedCampaign) {
  const { accountId, userId, template: TEMPLATE } = input;
  const people = input.people.filter((c) => c.phone);
  if (people.length === 0) return;
  const sentAt = new Date(Date.now() - 7 * DAY);
  const campaign = await insertCampaign(db, {
    id: newId(),
    accountId,
    type: 'whatsapp',
    name: input.name,
    description: input.description,
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
