import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { isEmptyPatch, newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import { clearPhaseFromContacts, movePhaseContacts } from './contacts.repo';
import { contactPhases } from './contacts.schema';

export type TPhaseRow = typeof contactPhases.$inferSelect;

/**
 * Default lead phases, seeded for every account when it is created (and by the contacts_rls_search
 * migration for accounts that existed before). Names are stored in pt-BR (the default locale);
 * `key` lets the web translate them until an admin renames one.
 */
export const DEFAULT_PHASES = [
  { name: 'Novo', key: 'new', color: '#228be6' },
  { name: 'Em contato', key: 'contacted', color: '#15aabf' },
  { name: 'Qualificado', key: 'qualified', color: '#7950f2' },
  { name: 'Proposta', key: 'proposal', color: '#fab005' },
  { name: 'Ganho', key: 'won', color: '#40c057' },
  { name: 'Perdido', key: 'lost', color: '#fa5252' },
] as const;

/** True for a unique-constraint violation (drizzle wraps the driver's error in `cause`). */
export function seedDefaultPhases(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .insert(contactPhases)
      .values(DEFAULT_PHASES.map((p, position) => ({ ...p, id: newId(), accountId, position })))
      .onConflictDoNothing(),
  );
}

export function listPhases(db: TDb, accountId: string) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(contactPhases)
      .where(eq(contactPhases.accountId, accountId))
      .orderBy(asc(contactPhases.position), asc(contactPhases.createdAt)),
  );
}

export function findPhase(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(contactPhases)
      .where(and(eq(contactPhases.accountId, accountId), eq(contactPhases.id, id)));
    return row;
  });
}

/** Appends a phase; answers 'limit' when the account already has `max`. */
export function insertPhase(
  db: TDb,
  accountId: string,
  values: { name: string; color: string },
  max: number,
) {
  return withTenant(db, accountId, async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(contactPhases)
      .where(eq(contactPhases.accountId, accountId));
    if (Number(n) >= max) return 'limit' as const;
    const [row] = await tx
      .insert(contactPhases)
      .values({
        ...values,
        id: newId(),
        accountId,
        position: sql`(select coalesce(max(position) + 1, 0) from contact_phases where account_id = ${accountId})`,
      })
      .returning();
    return row;
  });
}

export function updatePhase(
  db: TDb,
  accountId: string,
  id: string,
  patch: { name?: string; color?: string },
) {
  return withTenant(db, accountId, async (tx) => {
    const where = and(eq(contactPhases.accountId, accountId), eq(contactPhases.id, id));
    // A body with nothing to change (`{}`) is a no-op: an empty SET is an SQL error, not a no-op.
    if (isEmptyPatch(patch)) return (await tx.select().from(contactPhases).where(where))[0];
    const [row] = await tx
      .update(contactPhases)
      .set({ ...patch, ...(patch.name ? { key: null } : {}) })
      .where(where)
      .returning();
    return row;
  });
}

/** Sets positions from the order of `ids`; false unless `ids` lists every phase exactly once. */
export function reorderPhases(db: TDb, accountId: string, ids: string[]) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ id: contactPhases.id })
      .from(contactPhases)
      .where(eq(contactPhases.accountId, accountId))
      .for('update');
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      return false;
    for (const [position, id] of ids.entries()) {
      await tx
        .update(contactPhases)
        .set({ position })
        .where(and(eq(contactPhases.accountId, accountId), eq(contactPhases.id, id)));
    }
    return true;
  });
}

/** Deletes a phase; its contacts are left without a phase. */
/**
 * Deletes a phase; its contacts move to `moveTo` (another phase of the account: 'target' when it
 * is not one) or are left without a phase.
 */
export function deletePhase(db: TDb, accountId: string, id: string, moveTo?: string) {
  return withTenant(db, accountId, async (tx) => {
    if (moveTo) {
      const [target] = await tx
        .select({ id: contactPhases.id })
        .from(contactPhases)
        .where(and(eq(contactPhases.accountId, accountId), eq(contactPhases.id, moveTo)));
      if (!target || moveTo === id) return 'target' as const;
      await movePhaseContacts(tx, accountId, id, moveTo);
    }
    const [row] = await tx
      .delete(contactPhases)
      .where(and(eq(contactPhases.accountId, accountId), eq(contactPhases.id, id)))
      .returning();
    if (row) await clearPhaseFromContacts(tx, accountId, id);
    return row;
  });
}
