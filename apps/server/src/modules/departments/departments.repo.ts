import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import type { DomainEvents } from '../../platform/events';
import { departments } from './departments.schema';
import { isUuid } from '../../platform/db/columns';

export type TDepartmentRow = typeof departments.$inferSelect;
export type TDepartmentValues = Pick<TDepartmentRow, 'name' | 'description' | 'distribution' | 'capacity'>;

export function listDepartmentRows(db: TDb, accountId: string): Promise<TDepartmentRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(departments)
      .where(eq(departments.accountId, accountId))
      .orderBy(asc(sql`lower(${departments.name})`)),
  );
}

export function findDepartmentRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(departments)
      .where(and(eq(departments.accountId, accountId), eq(departments.id, id)));
    return row;
  });
}

/** Which of these ids are the account's departments. */
export function existingDepartmentIds(db: TDb, accountId: string, ids: string[]): Promise<string[]> {
  const uuids = ids.filter(isUuid);
  if (uuids.length === 0) return Promise.resolve([]);
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.accountId, accountId), inArray(departments.id, uuids)));
    return rows.map((r) => r.id);
  });
}

async function nameTaken(tx: TTx, accountId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.accountId, accountId),
        sql`lower(${departments.name}) = lower(${name})`,
        exceptId ? ne(departments.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

/** Inserts unless the name is taken or the account has `max` (under a per-account lock). */
export function insertDepartmentRow(
  db: TDb,
  bus: DomainEvents,
  accountId: string,
  values: TDepartmentValues,
  max: number,
) {
  return withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('departments'), hashtext(${accountId}))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(departments)
      .where(eq(departments.accountId, accountId));
    if (n >= max) return 'limit' as const;
    if (await nameTaken(tx, accountId, values.name)) return 'name' as const;
    const [row] = await tx
      .insert(departments)
      .values({ ...values, accountId })
      .returning();
    await bus.emit(tx, accountId, 'department.changed', { departmentId: row.id, change: 'created' });
    return row;
  });
}

export function updateDepartmentRow(
  db: TDb,
  bus: DomainEvents,
  accountId: string,
  id: string,
  values: TDepartmentValues,
) {
  return withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('departments'), hashtext(${accountId}))`);
    if (await nameTaken(tx, accountId, values.name, id)) return 'name' as const;
    const [row] = await tx
      .update(departments)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(departments.accountId, accountId), eq(departments.id, id)))
      .returning();
    if (row) await bus.emit(tx, accountId, 'department.changed', { departmentId: id, change: 'updated' });
    return row;
  });
}

/** Deletes the department (the caller checked it has no members); its name, or undefined. */
export function deleteDepartmentRow(db: TDb, bus: DomainEvents, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .delete(departments)
      .where(and(eq(departments.accountId, accountId), eq(departments.id, id)))
      .returning({ name: departments.name });
    if (row) await bus.emit(tx, accountId, 'department.changed', { departmentId: id, change: 'deleted' });
    return row?.name;
  });
}

/** A department was edited: marks it changed (members edited on their own) for listeners. */
export function touchDepartmentRow(db: TDb, bus: DomainEvents, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    await tx
      .update(departments)
      .set({ updatedAt: new Date() })
      .where(and(eq(departments.accountId, accountId), eq(departments.id, id)));
    await bus.emit(tx, accountId, 'department.changed', { departmentId: id, change: 'updated' });
  });
}
