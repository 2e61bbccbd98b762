import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { inTransaction, type TTx } from '../../platform/db/tenant';
import { automationTimers } from './automations.schema';

export type TTimerRow = typeof automationTimers.$inferSelect;
export type TTimerValues = Omit<
  typeof automationTimers.$inferInsert,
  'id' | 'state' | 'attempts' | 'createdAt'
>;

/** Pending timers, in the caller's (tenant) transaction; one per rule and key (a retried event adds none). */
export async function insertTimerRows(tx: TTx, rows: TTimerValues[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(automationTimers)
    .values(rows.map((r) => ({ ...r, id: newId() })))
    .onConflictDoNothing();
}

/** A message that ends a silence: its conversation's timers of these triggers counted from before it. */
export interface TTimerCancel {
  conversationId: string;
  triggers: string[];
  messageId: string;
}

/**
 * Cancels each conversation's pending timers of these triggers counted from a message before
 * `messageId` (UUID v7: ids order like the messages): the silence they wait for has ended. One
 * statement for them all.
 */
export async function cancelTimerRows(tx: TTx, cancels: TTimerCancel[]): Promise<void> {
  if (cancels.length === 0) return;
  const values = cancels.map((c) => ({
    conversation_id: c.conversationId,
    triggers: c.triggers,
    message_id: c.messageId,
  }));
  await tx.execute(sql`
    delete from automation_timers t
    using jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(conversation_id uuid, triggers text[], message_id uuid)
    where t.conversation_id = v.conversation_id and t.state = 'pending'
      and t.trigger = any(v.triggers)
      and t.message_id is not null and t.message_id::uuid < v.message_id`);
}

/**
 * Claims up to `limit` due timers of every account (FOR UPDATE SKIP LOCKED: two processes never
 * claim one row); a claim moves due_at to the lease's end, so a row whose process died (kill -9)
 * is due again then. The pick is a MATERIALIZED CTE (see the campaign dispatcher's claim).
 */
export async function claimDueTimerRows(
  db: TDb,
  limit: number,
  leaseMs: number,
  now?: Date,
): Promise<TTimerRow[]> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const result = await inTransaction(db, (tx) =>
    tx.execute(sql`
      with picked as materialized (
        select id from automation_timers
        where due_at <= ${at}
        order by due_at
        limit ${limit}
        for update skip locked)
      update automation_timers t
      set state = 'claimed', attempts = t.attempts + 1,
          due_at = ${at} + make_interval(secs => ${leaseMs / 1000})
      from picked where t.id = picked.id
      returning t.id, t.account_id, t.automation_id, t.key, t.trigger, t.conversation_id, t.contact_id,
                t.message_at, t.message_id, t.due_at, t.state, t.attempts, t.created_at`),
  );
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    accountId: String(r.account_id),
    automationId: String(r.automation_id),
    key: String(r.key),
    trigger: String(r.trigger),
    conversationId: String(r.conversation_id),
    contactId: (r.contact_id as string | null) ?? null,
    messageAt: new Date(r.message_at as string),
    messageId: (r.message_id as string | null) ?? null,
    dueAt: new Date(r.due_at as string),
    state: String(r.state),
    attempts: Number(r.attempts),
    createdAt: new Date(r.created_at as string),
  }));
}

/**
 * Claimed timers not fired (the sweeper stopped first, or held them too long): pending again, due
 * at once, each only while still under this claim (its attempts as claimed: a row whose lease ran
 * out and that another claim took is left to it).
 */
export async function releaseTimerRows(
  db: TDb,
  rows: Array<Pick<TTimerRow, 'id' | 'attempts'>>,
): Promise<void> {
  if (rows.length === 0) return;
  const claims = JSON.stringify(rows.map((r) => ({ id: r.id, attempts: r.attempts })));
  await inTransaction(db, (tx) =>
    tx.execute(sql`
      update automation_timers t set state = 'pending', due_at = now(), attempts = t.attempts - 1
      from jsonb_to_recordset(${claims}::jsonb) as v(id uuid, attempts int)
      where t.id = v.id and t.state = 'claimed' and t.attempts = v.attempts`),
  );
}

/** A fired timer is gone (its fire did not delete it: deleteTimerRowIn on its own). */
export async function deleteTimerRow(db: TDb, id: string): Promise<void> {
  await inTransaction(db, (tx) => deleteTimerRowIn(tx, id));
}

/** A claimed timer back to pending, due `delayMs` from now (a failed fire's retry, or a stop before its turn). */
export async function releaseTimerRow(db: TDb, id: string, delayMs: number): Promise<void> {
  await inTransaction(db, (tx) =>
    tx.execute(sql`
      update automation_timers set state = 'pending', due_at = now() + make_interval(secs => ${delayMs / 1000})
      where id = ${id}`),
  );
}

/** A fired timer is gone, in the transaction that records its run's step (a wait, a job started). */
export async function deleteTimerRowIn(tx: TTx, id: string): Promise<void> {
  await tx.execute(sql`delete from automation_timers where id = ${id}`);
}
