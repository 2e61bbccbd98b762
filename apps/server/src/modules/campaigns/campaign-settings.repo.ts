import { CAMPAIGN_LIMITS } from '@atende/shared';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { campaignSettings } from './campaigns.schema';

export type TCampaignSettingsRow = typeof campaignSettings.$inferSelect;

export function findCampaignSettings(db: TDb, accountId: string): Promise<TCampaignSettingsRow | undefined> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx.select().from(campaignSettings).where(eq(campaignSettings.accountId, accountId));
    return row;
  });
}

export function upsertCampaignSettings(
  db: TDb,
  accountId: string,
  userId: string | null,
  patch: { optOutKeywords: string[] | null },
) {
  return withTenant(db, accountId, async (tx) => {
    const set = { ...patch, updatedBy: userId, updatedAt: new Date() };
    const [row] = await tx
      .insert(campaignSettings)
      .values({ accountId, ...set })
      .onConflictDoUpdate({ target: campaignSettings.accountId, set })
      .returning();
    return row!;
  });
}

/**
 * What the account's customer messages can mean to its campaigns, as one jsonb value (the events
 * bus reads it in the emitting transaction): its own opt-out words (null: the defaults), and
 * whether a campaign may still be replied to (one started that is not finished, or finished within
 * the reply window).
 */
export function inboundInterestSql(accountId: string) {
  return sql`select jsonb_build_object(
      'words', (select to_jsonb(opt_out_keywords) from campaign_settings where account_id = ${accountId}),
      'replyable', exists (select 1 from campaigns where account_id = ${accountId} and status <> 'draft'
        and (finished_at is null
          or finished_at > now() - ${`${CAMPAIGN_LIMITS.replyWindowHours} hours`}::interval)))`;
}

/** What inboundInterestSql answered. */
export type TInboundInterest = { words: string[] | null; replyable: boolean };
