import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { localDate } from '../../platform/local-dates';
import { aiSettings, aiUsage } from './ai.schema';

export type TAiSettingsRow = typeof aiSettings.$inferSelect;
export type TAiPromptsPatch = Partial<Pick<TAiSettingsRow, 'inboxPrompt' | 'assistantPrompt'>>;

export function findAiSettingsRow(db: TDb, accountId: string): Promise<TAiSettingsRow | undefined> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx.select().from(aiSettings).where(eq(aiSettings.accountId, accountId));
    return row;
  });
}

export function upsertAiSettingsRow(
  db: TDb,
  accountId: string,
  userId: string | null,
  patch: TAiPromptsPatch,
) {
  return withTenant(db, accountId, async (tx) => {
    const set = { ...patch, updatedBy: userId, updatedAt: new Date() };
    const [row] = await tx
      .insert(aiSettings)
      .values({ accountId, ...set })
      .onConflictDoUpdate({ target: aiSettings.accountId, set })
      .returning();
    return row!;
  });
}

/**
 * The first day of the month that `at` falls in, in the account's time zone (an unknown zone:
 * UTC), as YYYY-MM-DD.
 */
export function monthOf(at: Date, timeZone = 'UTC'): string {
  let local: { year: number; month: number };
  try {
    local = localDate(at, timeZone);
  } catch {
    local = localDate(at, 'UTC');
  }
  return `${String(local.year).padStart(4, '0')}-${String(local.month).padStart(2, '0')}-01`;
}

/** One more AI call (and its tokens) in the counter of `month` (monthOf). */
export function addAiUsage(db: TDb, accountId: string, tokens: number, month: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .insert(aiUsage)
      .values({ accountId, month, requests: 1, tokens })
      .onConflictDoUpdate({
        target: [aiUsage.accountId, aiUsage.month],
        set: {
          requests: sql`${aiUsage.requests} + 1`,
          tokens: sql`${aiUsage.tokens} + excluded.tokens`,
        },
      }),
  );
}

export function findAiUsage(db: TDb, accountId: string, month: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ requests: aiUsage.requests, tokens: aiUsage.tokens })
      .from(aiUsage)
      .where(and(eq(aiUsage.accountId, accountId), eq(aiUsage.month, month)));
    return row ?? { requests: 0, tokens: 0 };
  });
}
