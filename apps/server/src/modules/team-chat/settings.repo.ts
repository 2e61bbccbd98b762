import { eq } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { teamChatSettings } from './team-chat.schema';

export function getAiPrompt(db: TDb, accountId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ aiPrompt: teamChatSettings.aiPrompt })
      .from(teamChatSettings)
      .where(eq(teamChatSettings.accountId, accountId));
    return row?.aiPrompt ?? '';
  });
}

export function setAiPrompt(db: TDb, accountId: string, aiPrompt: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .insert(teamChatSettings)
      .values({ accountId, aiPrompt })
      .onConflictDoUpdate({ target: teamChatSettings.accountId, set: { aiPrompt, updatedAt: new Date() } }),
  );
}
