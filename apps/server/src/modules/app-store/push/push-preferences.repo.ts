import { and, eq } from 'drizzle-orm';
import type { TPushPreferences } from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { pushPreferences } from '../app-store.schema';

export const DEFAULT_PUSH_PREFERENCES: TPushPreferences = {
  push: true,
  sound: true,
  events: ['assigned', 'message'],
};

export function findPushPreferences(db: TDb, accountId: string, userId: string): Promise<TPushPreferences> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(pushPreferences)
      .where(and(eq(pushPreferences.accountId, accountId), eq(pushPreferences.userId, userId)));
    return row
      ? { push: row.push, sound: row.sound, events: row.events as TPushPreferences['events'] }
      : DEFAULT_PUSH_PREFERENCES;
  });
}

export function upsertPushPreferences(db: TDb, accountId: string, userId: string, prefs: TPushPreferences) {
  return withTenant(db, accountId, async (tx) => {
    await tx
      .insert(pushPreferences)
      .values({ accountId, userId, ...prefs })
      .onConflictDoUpdate({
        target: [pushPreferences.accountId, pushPreferences.userId],
        set: { ...prefs, updatedAt: new Date() },
      });
  });
}
