import { eq } from 'drizzle-orm';
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
