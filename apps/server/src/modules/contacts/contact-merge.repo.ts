import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant, type TTx } from '../../platform/db/tenant';
import { uuidArrayLiteral } from '../../platform/db/sql-arrays';
import type { TContactRow, TContactRowPatch } from './contacts.repo';
import { contacts } from './contacts.schema';

/**
 * Every column of another table that points to a contact (table, column; the table has
 * account_id). A merge moves these rows from the merged contacts to the one that stays, so the
 * winner keeps every conversation (a test fails while a foreign key to contacts is missing from
 * this list).
 */
export const CONTACT_REFERENCES: ReadonlyArray<{ table: string; column: string }> = [
  { table: 'conversations', column: 'contact_id' },
  // Satisfaction surveys asked of the contact (their answers stay with the contact that stays).
  { table: 'survey_requests', column: 'contact_id' },
];

/** Re-points every reference of CONTACT_REFERENCES (and older merges) from `fromIds` to `toId`. */
export async function repointContactReferences(tx: TTx, accountId: string, fromIds: string[], toId: string) {
  const from = sql.raw(uuidArrayLiteral(fromIds));
  // A contact has at most one open conversation per channel (conversations_open_uq). When the
  // winner and a merged contact (or two merged contacts) both have one on the same channel, the
  // ones that would collide are closed first, with reason 'MERGED': the winner's own stays open,
  // else the most recently active. Every conversation is kept (closed, never deleted).
  const all = sql.raw(uuidArrayLiteral([toId, ...fromIds]));
  await tx.execute(
    sql`update conversations c set stage = 'closed', close_reason = 'MERGED', closed_at = now(), updated_at = now()
        from (select id, row_number() over (
                partition by channel_id
                order by (contact_id = ${toId}::uuid) desc, last_message_at desc, id desc) as rn
              from conversations
              where account_id = ${accountId} and contact_id = any(${all})
                and stage <> 'closed' and channel_id is not null) ranked
        where c.id = ranked.id and ranked.rn > 1 and c.account_id = ${accountId}`,
  );
  for (const ref of CONTACT_REFERENCES) {
    const column = sql.identifier(ref.column);
    await tx.execute(
      sql`update ${sql.identifier(ref.table)} set ${column} = ${toId}::uuid
          where account_id = ${accountId} and ${column} = any(${from})`,
    );
  }
  await tx.execute(
    sql`update contacts set merged_into = ${toId}::uuid where account_id = ${accountId} and merged_into = any(${from})`,
  );
}

export type TMergeOutcome =
  | { ok: true; before: TContactRow; after: TContactRow; sources: TContactRow[] }
  | { ok: false; reason: 'not_found' | 'invalid' };

/**
 * Folds `sourceIds` into `targetId` in one transaction: `plan` decides the winner's new fields
 * (null refuses the merge); references move to the winner; the sources are soft-deleted with
 * mergedInto = winner.
 */
export function mergeContactRows(
  db: TDb,
  accountId: string,
  targetId: string,
  sourceIds: string[],
  plan: (target: TContactRow, sources: TContactRow[]) => TContactRowPatch | null,
): Promise<TMergeOutcome> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.accountId, accountId),
          inArray(contacts.id, [targetId, ...sourceIds]),
          isNull(contacts.deletedAt),
        ),
      )
      .orderBy(contacts.createdAt, contacts.id)
      .for('update');
    const target = rows.find((r) => r.id === targetId);
    const sources = rows.filter((r) => r.id !== targetId);
    if (!target || sources.length !== new Set(sourceIds).size) return { ok: false, reason: 'not_found' };
    const patch = plan(target, sources);
    if (!patch) return { ok: false, reason: 'invalid' };
    const now = new Date();
    await repointContactReferences(tx, accountId, sourceIds, targetId);
    await tx
      .update(contacts)
      .set({ deletedAt: now, mergedInto: targetId, updatedAt: now })
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, sourceIds)));
    const [after] = await tx
      .update(contacts)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(contacts.accountId, accountId), eq(contacts.id, targetId)))
      .returning();
    return { ok: true, before: target, after, sources };
  });
}
