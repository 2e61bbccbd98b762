import { count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { users } from '../auth/auth.schema';
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
    // The actor's current name (entries keep the name given at write time when the user is gone).
    const items = await tx
      .select({
        ...getTableColumns(activityLog),
        userName: sql<string>`coalesce(${users.name}, ${activityLog.userName})`,
      })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.userId))
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(limit)
      .offset(offset);
    const [{ value }] = await tx.select({ value: count() }).from(activityLog).where(where);
    return { items, count: Number(value) };
  });
}
