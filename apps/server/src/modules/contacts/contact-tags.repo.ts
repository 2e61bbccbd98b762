import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { isEmptyPatch, newId } from '../../platform/db/columns';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { removeTagFromContacts } from './contacts.repo';
import { contactTags } from './contacts.schema';

export type TTagRow = typeof contactTags.$inferSelect;

export function listTags(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx.select().from(contactTags).where(eq(contactTags.accountId, accountId)).orderBy(asc(contactTags.name)),
  );
}

/** How many of `ids` are tags of the account. */
export async function countKnownTags(db: TDb, accountId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [{ n }] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ n: count() })
      .from(contactTags)
      .where(and(eq(contactTags.accountId, accountId), inArray(contactTags.id, ids))),
  );
  return Number(n);
}

/** Adds a tag; answers 'limit' when the account already has `max`. */
export function insertTag(db: TDb, accountId: string, values: { name: string; color: string }, max: number) {
  return withTenant(db, accountId, async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(contactTags)
      .where(eq(contactTags.accountId, accountId));
    if (Number(n) >= max) return 'limit' as const;
    const [row] = await tx
      .insert(contactTags)
      .values({ ...values, id: newId(), accountId })
      .returning();
    return row;
  });
}

export function updateTag(db: TDb, accountId: string, id: string, patch: { name?: string; color?: string }) {
  return withTenant(db, accountId, async (tx) => {
    const where = and(eq(contactTags.accountId, accountId), eq(contactTags.id, id));
    // A body with nothing to change (`{}`) is a no-op: an empty SET is an SQL error, not a no-op.
    if (isEmptyPatch(patch)) return (await tx.select().from(contactTags).where(where))[0];
    const [row] = await tx.update(contactTags).set(patch).where(where).returning();
    return row;
  });
}

/** Deletes a tag and takes it off every contact of the account; `also` runs in the same transaction when it existed. */
export function deleteTag(db: TDb, accountId: string, id: string, also?: (tx: TTx) => Promise<unknown>) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .delete(contactTags)
      .where(and(eq(contactTags.accountId, accountId), eq(contactTags.id, id)))
      .returning();
    if (row) await removeTagFromContacts(tx, accountId, id);
    if (row && also) await also(tx);
    return row;
  });
}
