import { CAMPAIGN_LIMITS, OPT_OUT_KEYWORDS, optOutWord } from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { DomainEvents } from '../../platform/events';
import type { ContactsService } from '../contacts/contacts.service';
import type { CampaignProgress } from './campaign-progress';
import { inboundInterestSql, type TInboundInterest } from './campaign-settings.repo';
import { credit } from './sms-credit.repo';
import { isUuid } from '../../platform/db/columns';

const RANK: Record<string, number> = { sent: 1, failed: 1.5, delivered: 2, read: 3 };

/**
 * The recipient a status report (`v`) is about, probed one report at a time: by the provider's
 * message id, else by the callback data (the recipient id) while the send's id is unknown. As one
 * OR join condition the planner scanned every recipient of the account for each batch, and a join
 * clause alone does not let it use the partial provider-id index (300 ms at 190,000 recipients
 * before the table's first ANALYZE; 0.6 ms probed).
 */
const recipientOfReport = sql`
  select x.id from campaign_recipients x
  where x.provider_message_id is not null and x.provider_message_id = v.pmid
  union all
  select x.id from campaign_recipients x
  where v.cb is not null and x.id = v.cb and x.provider_message_id is null
  limit 1`;

/**
 * The campaigns' durable listeners:
 * - delivery.reported (status webhooks of messages no conversation holds): recipients advance
 *   sent → delivered → read, or fail with the provider's code (SMS credit of a failure refunded).
 *   A report also finds its recipient by the callback data the send carried (the recipient id):
 *   that settles an 'unknown' recipient whose send's answer was lost (and one still 'sending'
 *   whose report came before the answer), taking the message id from the report;
 * - message.created (a customer's WhatsApp or SMS message): one of the account's opt-out words
 *   (Campaigns → opt-out words; by default SAIR, PARAR, CANCELAR, STOP…) opts the contact out and
 *   skips it in running campaigns; a reply within CAMPAIGN_LIMITS.replyWindowHours of a campaign
 *   message counts as the campaign's reply and puts the conversation in the inbox's Campanhas tab.
 */
export function listenForCampaignEvents(
  bus: DomainEvents,
  db: TDb,
  contacts: ContactsService,
  markCampaign: (accountId: string, conversationId: string) => Promise<boolean>,
  progress: CampaignProgress,
  optOutKeywords: (accountId: string) => Promise<readonly string[]>,
) {
  bus.durable('campaigns.delivery', ['delivery.reported'], async (event) => {
    const best = new Map<
      string,
      { pmid: string; status: string; err: string | null; at: string; rank: number; cb: string | null }
    >();
    for (const s of event.data.statuses) {
      const rank = RANK[s.status] ?? 0;
      const prev = best.get(s.providerMessageId);
      if (!prev || rank > prev.rank)
        best.set(s.providerMessageId, {
          pmid: s.providerMessageId,
          status: s.status,
          err: s.errorCode ?? null,
          at: s.at,
          rank,
          cb: s.callbackData && isUuid(s.callbackData) ? s.callbackData : null,
        });
    }
    if (best.size === 0) return;
    const accountId = event.accountId;
    await withTenant(db, accountId, async (tx) => {
      const changed = rowsOf<{ campaign_id: string; segments: number; status: string; type: string }>(
        await tx.execute(sql`
          with v as (
            select * from jsonb_to_recordset(${JSON.stringify([...best.values()])}::jsonb)
              as v(pmid text, status text, err text, at timestamptz, rank numeric, cb uuid)),
          changed as (
            update campaign_recipients r set
              status = v.status,
              provider_message_id = coalesce(r.provider_message_id, v.pmid),
              sent_at = case when v.status <> 'failed' then coalesce(r.sent_at, v.at) else r.sent_at end,
              delivered_at = case when v.status in ('delivered', 'read') then coalesce(r.delivered_at, v.at) else r.delivered_at end,
              read_at = case when v.status = 'read' then coalesce(r.read_at, v.at) else r.read_at end,
              failed_at = case when v.status = 'failed' then v.at else r.failed_at end,
              reason = case when v.status = 'failed' then coalesce(v.err, 'CHANNEL_PROVIDER_ERROR')
                            when r.status = 'unknown' then null else r.reason end
            from v cross join lateral (${recipientOfReport}) hit
            where r.id = hit.id and r.account_id = ${accountId}
              and v.rank > (case r.status when 'sending' then 0 when 'unknown' then 0 when 'sent' then 1
                              when 'delivered' then 2 when 'read' then 3 else 9 end)
            returning r.campaign_id, r.segments, r.status)
          select c.campaign_id, c.segments, c.status, k.type from changed c join campaigns k on k.id = c.campaign_id`),
      );
      const refunds = new Map<string, number>();
      for (const r of changed)
        if (r.status === 'failed' && r.type === 'sms')
          refunds.set(r.campaign_id, (refunds.get(r.campaign_id) ?? 0) + Number(r.segments));
      for (const [campaignId, amount] of refunds)
        if (amount > 0) await credit(tx, accountId, amount, { kind: 'refund', campaignId });
      for (const id of new Set(changed.map((r) => r.campaign_id))) progress.notify(accountId, id);
    });
  });

  bus.durable(
    'campaigns.inbound',
    ['message.created'],
    async (event) => {
      const { contactId, conversationId, message } = event.data;
      const accountId = event.accountId;
      if (!contactId) return;
      const contact = await contacts.get(accountId, contactId).catch(() => null);
      if (!contact?.phone) return;
      const word = optOutWord(message.body ?? '');
      if (word && (await optOutKeywords(accountId)).includes(word)) {
        if (!contact.optOut)
          await contacts.update(
            accountId,
            contactId,
            { optOut: true },
            { userId: '', ip: '', lang: 'pt-BR' },
          );
        await withTenant(db, accountId, (tx) =>
          tx.execute(sql`
            update campaign_recipients r set status = 'skipped', reason = 'OPTED_OUT'
            from campaigns c
            where r.account_id = ${accountId} and r.phone = ${contact.phone} and r.status = 'queued'
              and c.id = r.campaign_id and c.status in ('waiting', 'executing', 'paused')`),
        );
      }
      const [linked] = rowsOf<{ campaign_id: string }>(
        await withTenant(db, accountId, (tx) =>
          tx.execute(sql`
            update campaign_recipients r set replied_at = now(), conversation_id = ${conversationId}
            where r.id = (
              select r2.id from campaign_recipients r2 join campaigns c on c.id = r2.campaign_id
              where r2.account_id = ${accountId} and r2.phone = ${contact.phone} and r2.sent_at is not null
                and r2.sent_at > now() - ${`${CAMPAIGN_LIMITS.replyWindowHours} hours`}::interval
                and c.channel_id = ${event.data.channelId}
              order by r2.sent_at desc limit 1)
              and r.replied_at is null
            returning r.campaign_id`),
        ),
      );
      if (!linked) return;
      await markCampaign(accountId, conversationId);
      progress.notify(accountId, linked.campaign_id);
    },
    {
      when: (event) =>
        event.data.direction === 'inbound' &&
        (event.data.channelKind === 'whatsapp-cloud' || event.data.channelKind === 'sms'),
      // A job only for an opt-out word, or while one of the account's campaigns may be replied to.
      relevant: {
        read: inboundInterestSql,
        keep: (interest: TInboundInterest | null) => {
          const words = interest?.words ?? OPT_OUT_KEYWORDS;
          return (event) =>
            Boolean(interest?.replyable) || words.includes(optOutWord(event.data.message.body ?? ''));
        },
      },
    },
  );
}
