import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { isUuid } from '../../platform/db/columns';
import { keyEntities } from './departments.schema';

export type TKeyEntityRow = typeof keyEntities.$inferSelect;
export type TKeyEntityValues = Pick<TKeyEntityRow, 'name' | 'alias' | 'type' | 'validation'>;

export function listKeyEntityRows(db: TDb, accountId: string): Promise<TKeyEntityRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(keyEntities)
      .where(eq(keyEntities.accountId, accountId))
      .orderBy(asc(sql`lower(${keyEntities.name})`)),
  );
}

export function existingKeyEntityIds(db: TDb, accountId: string, ids: string[]): Promise<string[]> {
  const uuids = ids.filter(isUuid);
  if (uuids.length === 0) return Promise.resolve([]);
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ id: keyEntities.id })
      .from(keyEntities)
      .where(and(eq(keyEntities.accountId, accountId), inArray(keyEntities.id, uuids)));
    return rows.map((r) => r.id);
  });
}

/** 'name' or 'alias' when another entity of the account has it (case-insensitive). */
async function conflict(tx: TTx, accountId: string, values: TKeyEntityValues, exceptId?: string) {
  const rows = await tx
    .select({ name: keyEntities.name, alias: keyEntities.alias })
    .from(keyEntities)
    .where(
      and(
        eq(keyEntities.accountId, accountId),
        sql`(lower(${keyEntities.name}) = lower(${values.name}) or lower(${keyEntities.alias}) = lower(${values.alias}))`,
        exceptId ? ne(keyEntities.id, exceptId) : undefined,
      ),
    );
  if (rows.some((r) => r.name.toLowerCase() === values.name.toLowerCase())) return 'name' as const;
  if (rows.length) return 'alias' as const;
  return null;
}

const lock = (tx: TTx, accountId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('key_entities'), hashtext(${accountId}))`);

export function insertKeyEntityRow(db: TDb, accountId: string, values: TKeyEntityValues, max: number) {
  return withTenant(db, accountId, async (tx) => {
    await lock(tx, accountId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(keyEntities)
      .where(eq(keyEntities.accountId, accountId));
    if (n >= max) return 'limit' as const;
    const taken = await conflict(tx, accountId, values);
    if (taken) return taken;
    const [row] = await tx
      .insert(keyEntities)
      .values({ ...values, accountId })
      .returning();
    return row;
  });
}

export function updateKeyEntityRow(db: TDb, accountId: string, id: string, values: TKeyEntityValues) {
  return withTenant(db, accountId, async (tx) => {
    await lock(tx, accountId);
    const taken = await conflict(tx, accountId, values, id);
    if (taken) return taken;
    const [row] = await tx
      .update(keyEntities)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(keyEntities.accountId, accountId), eq(keyEntities.id, id)))
      .returning();
    return row;
  });
}

export function deleteKeyEntityRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .delete(keyEntities)
      .where(and(eq(keyEntities.accountId, accountId), eq(keyEntities.id, id)))
      .returning();
    return row;
  });
}
