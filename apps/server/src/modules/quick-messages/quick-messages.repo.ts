import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { quickMessages } from './quick-messages.schema';

export type TQuickMessageRow = typeof quickMessages.$inferSelect;

export function listQuickMessageRows(db: TDb, accountId: string): Promise<TQuickMessageRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(quickMessages)
      .where(eq(quickMessages.accountId, accountId))
      .orderBy(asc(sql`lower(${quickMessages.shortcut})`)),
  );
}

export function findQuickMessageRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(quickMessages)
      .where(and(eq(quickMessages.accountId, accountId), eq(quickMessages.id, id)));
    return row;
  });
}

/** Inserts unless the account already has `max` (counted under a per-account lock). */
export function insertQuickMessageRow(
  db: TDb,
  accountId: string,
  values: { shortcut: string; text: string; createdBy: string | null },
  max: number,
) {
  return withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('quick_messages'), hashtext(${accountId}))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(quickMessages)
      .where(eq(quickMessages.accountId, accountId));
    if (n >= max) return 'limit' as const;
    const [row] = await tx
      .insert(quickMessages)
      .values({ ...values, accountId })
      .returning();
    return row;
  });
}

export function updateQuickMessageRow(
  db: TDb,
  accountId: string,
  id: string,
  values: { shortcut: string; text: string },
) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(quickMessages)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(quickMessages.accountId, accountId), eq(quickMessages.id, id)))
      .returning();
    return row;
  });
}

export function deleteQuickMessageRow(db: TDb, accountId: string, id: string): Promise<boolean> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .delete(quickMessages)
      .where(and(eq(quickMessages.accountId, accountId), eq(quickMessages.id, id)))
      .returning({ id: quickMessages.id });
    return rows.length > 0;
  });
}
