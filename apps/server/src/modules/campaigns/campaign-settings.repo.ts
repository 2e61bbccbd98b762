import { CAMPAIGN_LIMITS } from '@atende/shared';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
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
 * What the account's customer messages can mean to its campaigns, in the caller's transaction: its
 * own opt-out words (null: the defaults), and whether a campaign may still be replied to (one
 * started that is not finished, or finished within the reply window).
 */
export async function inboundInterest(
  tx: TTx,
  accountId: string,
): Promise<{ optOutKeywords: string[] | null; replyable: boolean }> {
  const [row] = rowsOf<{ words: string[] | null; replyable: boolean }>(
    await tx.execute(sql`
      select (select opt_out_keywords from campaign_settings where account_id = ${accountId}) as words,
        exists (select 1 from campaigns where account_id = ${accountId} and status <> 'draft'
          and (finished_at is null
            or finished_at > now() - ${`${CAMPAIGN_LIMITS.replyWindowHours} hours`}::interval)) as replyable`),
  );
  return { optOutKeywords: row?.words ?? null, replyable: Boolean(row?.replyable) };
}
