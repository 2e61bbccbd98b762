import { count, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { activityLog } from './activity-log.schema';

export type TActivityRow = typeof activityLog.$inferSelect;
export type TNewActivity = Omit<typeof activityLog.$inferInsert, 'id' | 'createdAt'>;

export function insertActivity(db: TDb, entry: TNewActivity) {
  return withTenant(db, entry.accountId, (tx) => tx.insert(activityLog).values(entry));
}

export function listActivity(db: TDb, accountId: string, limit: number, offset: number) {
  return withTenant(db, accountId, async (tx) => {
    const where = eq(activityLog.accountId, accountId);
    const items = await tx
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(limit)
      .offset(offset);
    const [{ value }] = await tx.select({ value: count() }).from(activityLog).where(where);
    return { items, count: Number(value) };
  });
}
