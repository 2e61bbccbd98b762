import type { TAutomationActionResult } from '@atende/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { jsonOf, rowsOf, type TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { textArray, uuidArray } from '../../platform/db/sql-arrays';
import { tenantStatement } from '../../platform/db/one-trip';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { automationRuns, automations } from './automations.schema';

export type TAutomationRow = typeof automations.$inferSelect;
export type TAutomationRunRow = typeof automationRuns.$inferSelect;
type TRuleValues = Pick<
  typeof automations.$inferInsert,
  'name' | 'triggerType' | 'trigger' | 'conditions' | 'actions' | 'active' | 'maxPerHour'
>;

/** The account's rules (not the automatic messages) in their order. */
export function listRuleRows(db: TDb, accountId: string): Promise<TAutomationRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(automations)
      .where(and(eq(automations.accountId, accountId), isNull(automations.systemKind)))
      .orderBy(asc(automations.position), asc(automations.createdAt)),
  );
}

/** The automatic messages' rules (system_kind set). */
export function listSystemRuleRows(db: TDb, accountId: string): Promise<TAutomationRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(automations)
      .where(and(eq(automations.accountId, accountId), sql`${automations.systemKind} is not null`)),
  );
}

export function findRuleRow(db: TDb, accountId: string, id: string): Promise<TAutomationRow | undefined> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(automations)
      .where(and(eq(automations.accountId, accountId), eq(automations.id, id)));
    return row;
  });
}

/**
 * The account's active trigger types (automatic messages included), with how many active rules
 * there are and when the last changed (`n`, `at`): the events listener's account filter, read in
 * the emitting transaction, and the check that the rules it keeps in memory are these
 * (TActiveRulesRead).
 */
export function activeTriggerTypesSql(accountId: string) {
  return sql`select jsonb_build_object(
      'types', coalesce(jsonb_agg(distinct trigger_type), '[]'::jsonb),
      'n', count(*),
      'at', floor(extract(epoch from max(updated_at)) * 1000))
    from automations where account_id = ${accountId} and active`;
}

export interface TActiveRulesRead {
  types: string[];
  n: number;
  /** The newest active rule's updated_at, in ms (null without rules). */
  at: number | null;
}

/**
 * Rules skipped by events judged in the transaction that emitted them (one row per event and
 * trigger, its rules from the first: seq 0), in one statement. The events are new: no run of
 * theirs can exist yet.
 */
export async function insertSkipRowsInTx(
  tx: TTx,
  accountId: string,
  rows: Array<{
    key: string;
    trigger: string;
    conversationId: string | null;
    contactId: string | null;
    skipped: Array<{ automationId: string; reason: string }>;
  }>,
): Promise<void> {
  if (rows.length === 0) return;
  // The rules and reasons travel once per distinct stretch (usually one for every event: 50 ids
  // and reasons in each row's JSON were most of the statement).
  const shapes: Array<{ n: number; ids: string[]; reasons: string[] }> = [];
  const stretchOf = (skipped: Array<{ automationId: string; reason: string }>) => {
    const same = shapes.find(
      (s) =>
        s.ids.length === skipped.length &&
        skipped.every((x, i) => x.automationId === s.ids[i] && x.reason === s.reasons[i]),
    );
    if (same) return same.n;
    shapes.push({
      n: shapes.length,
      ids: skipped.map((x) => x.automationId),
      reasons: skipped.map((x) => x.reason),
    });
    return shapes.length - 1;
  };
  const values = rows.map((r) => ({
    key: r.key,
    trigger: r.trigger,
    conversation_id: r.conversationId,
    contact_id: r.contactId,
    stretch: stretchOf(r.skipped),
  }));
  await tx.execute(sql`
    insert into automation_skips (account_id, key, trigger, seq, conversation_id, contact_id, automation_ids, reasons)
    select ${accountId}, v.key, v.trigger, 0, v.conversation_id, v.contact_id, s.ids, s.reasons
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(key text, trigger text, conversation_id uuid, contact_id uuid, stretch int)
    join jsonb_to_recordset(${JSON.stringify(shapes)}::jsonb) as s(n int, ids uuid[], reasons text[])
      on s.n = v.stretch
    on conflict do nothing`);
}

/** Active rules (automatic messages included) listening to these triggers, in order. */
/** The account's active rules, in their order (the engine keeps them per account: see AutomationEngine.rulesFor). */
export function activeRuleRows(db: TDb, accountId: string): Promise<TAutomationRow[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(automations)
      .where(and(eq(automations.accountId, accountId), eq(automations.active, true)))
      .orderBy(asc(automations.position), asc(automations.createdAt)),
  );
}

/** Active schedule rules of every account (the minute tick). */
export async function scheduleRuleRows(db: TDb): Promise<Array<{ id: string; accountId: string }>> {
  const result = await db.execute(
    sql`select id, account_id from automations where active and trigger_type = 'schedule'`,
  );
  return rowsOf<{ id: string; account_id: string }>(result).map((r) => ({
    id: r.id,
    accountId: r.account_id,
  }));
}

/** Inserts at the end of the order unless the account already has `max` rules (under a per-account lock). */
export function insertRuleRow(
  db: TDb,
  accountId: string,
  values: TRuleValues & { createdBy: string | null },
  max: number,
): Promise<TAutomationRow | 'limit'> {
  return withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('automations'), hashtext(${accountId}))`);
    const [{ n, last }] = rowsOf<{ n: number; last: number | null }>(
      await tx.execute(sql`
        select count(*)::int as n, max(position)::int as last from automations
        where account_id = ${accountId} and system_kind is null`),
    );
    if (n >= max) return 'limit' as const;
    const [row] = await tx
      .insert(automations)
      .values({ ...values, accountId, position: (last ?? -1) + 1 })
      .returning();
    return row;
  });
}

export function updateRuleRow(
  db: TDb,
  accountId: string,
  id: string,
  values: Partial<TRuleValues> & { disabledReason?: string | null },
): Promise<TAutomationRow | undefined> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(automations)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(automations.accountId, accountId), eq(automations.id, id)))
      .returning();
    return row;
  });
}

/**
 * Turns an active rule off with the reason; `also` runs in the same transaction only when this call
 * turned it off (the admins' e-mail goes once, whatever the retries or concurrent runs).
 */
export function disableRuleRow(
  db: TDb,
  accountId: string,
  id: string,
  reason: string,
  also: (tx: TTx, row: TAutomationRow) => Promise<void>,
): Promise<boolean> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(automations)
      .set({ active: false, disabledReason: reason, updatedAt: new Date() })
      .where(and(eq(automations.accountId, accountId), eq(automations.id, id), eq(automations.active, true)))
      .returning();
    if (!row) return false;
    await also(tx, row);
    return true;
  });
}

export function deleteRuleRow(db: TDb, accountId: string, id: string): Promise<boolean> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .delete(automations)
      .where(
        and(eq(automations.accountId, accountId), eq(automations.id, id), isNull(automations.systemKind)),
      )
      .returning({ id: automations.id });
    return rows.length > 0;
  });
}

/** Positions in the given order (ids of other accounts match nothing). */
export function reorderRuleRows(db: TDb, accountId: string, ids: string[]): Promise<void> {
  return withTenant(db, accountId, async (tx) => {
    for (const [position, id] of ids.entries())
      await tx
        .update(automations)
        .set({ position })
        .where(and(eq(automations.accountId, accountId), eq(automations.id, id)));
  });
}

/** Creates or replaces an automatic message's rule. */
export function upsertSystemRuleRow(
  db: TDb,
  accountId: string,
  kind: string,
  values: TRuleValues,
): Promise<TAutomationRow> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(automations)
      .values({ ...values, accountId, systemKind: kind, position: -1 })
      .onConflictDoUpdate({
        target: [automations.accountId, automations.systemKind],
        targetWhere: sql`system_kind is not null`,
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    return row;
  });
}

export interface TRuleStats {
  lastFiredAt: Date | null;
  fires7d: number;
  errors7d: number;
}

/** Per rule: its last run (fired, waiting or ended in error), fires and errors in the last 7 days. */
export async function ruleStats(db: TDb, accountId: string): Promise<Map<string, TRuleStats>> {
  const rows = rowsOf<{ id: string; last: string | null; fires: number; errors: number }>(
    await withTenant(db, accountId, (tx) =>
      tx.execute(sql`
        select automation_id as id,
               max(created_at) filter (where status in ('fired', 'waiting', 'error')) as last,
               count(*) filter (where status in ('fired', 'waiting') and created_at > now() - interval '7 days')::int as fires,
               count(*) filter (where status = 'error' and created_at > now() - interval '7 days')::int as errors
        from automation_runs where account_id = ${accountId}
        group by automation_id`),
    ),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { lastFiredAt: r.last ? new Date(r.last) : null, fires7d: Number(r.fires), errors7d: Number(r.errors) },
    ]),
  );
}

/**
 * The run of (rule, key): inserted now (`fresh`), or the one a previous attempt left (a retried
 * event finds it and resumes at its next step, or does nothing when it had finished). A fresh run
 * in a conversation (a contact trigger's: for its contact), given `countSince`, also answers its
 * rule's fires there since then, itself included (the hourly loop guard: runs committed before the statement began, with a smaller
 * UUID v7; runs racing it may be missed, so under concurrency the limit is approximate). One
 * round trip: the claim is on every run's path (each timer's fire).
 */
export async function claimRunRow(
  db: TDb,
  accountId: string,
  values: {
    automationId: string;
    key: string;
    trigger: string;
    conversationId: string | null;
    contactId: string | null;
    status: string;
    reason: string | null;
  },
  countSince?: Date,
): Promise<{ row: TAutomationRunRow; fresh: boolean; fires: number | null }> {
  // The rule's fires this past hour for the same conversation, or for a contact trigger's run (no
  // conversation yet: it keeps the one it acts in later) the same contact.
  const since = countSince && (values.conversationId || values.contactId) ? countSince.toISOString() : null;
  const sameSubject = values.conversationId
    ? sql`f.conversation_id = ins.conversation_id`
    : sql`f.contact_id = ins.contact_id`;
  const [claimed] = await tenantStatement<TRunSqlRow & { fresh: boolean; fires: number | null }>(
    db,
    accountId,
    sql`
      with ins as (
        insert into automation_runs (id, account_id, automation_id, key, trigger, conversation_id, contact_id, status, reason)
        values (${newId()}, ${accountId}, ${values.automationId}, ${values.key}, ${values.trigger},
                ${values.conversationId}::uuid, ${values.contactId}::uuid, ${values.status}, ${values.reason})
        on conflict do nothing
        returning *)
      select ins.*, true as fresh,
        case when ${since}::timestamptz is null then null else (
          select count(*)::int + 1 from automation_runs f
          where f.automation_id = ins.automation_id and ${sameSubject}
            and f.status in ('fired', 'waiting', 'error') and f.created_at >= ${since}::timestamptz
            and f.id < ins.id) end as fires
      from ins
      union all
      select r.*, false, null from automation_runs r
      where r.automation_id = ${values.automationId} and r.key = ${values.key} and not exists (select 1 from ins)`,
  );
  if (claimed) return { row: runOf(claimed), fresh: claimed.fresh, fires: claimed.fires };
  // The run a concurrent attempt committed after this statement began (its snapshot missed it).
  const [existing] = await withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.automationId, values.automationId), eq(automationRuns.key, values.key))),
  );
  return { row: existing, fresh: false, fires: null };
}

/** automation_runs as the database answers a raw statement. */
type TRunSqlRow = Record<string, unknown>;

/** A run row of a raw statement (snake_case columns) as drizzle's rows are. */
function runOf(r: TRunSqlRow): TAutomationRunRow {
  return {
    id: String(r.id),
    accountId: String(r.account_id),
    automationId: String(r.automation_id),
    key: String(r.key),
    trigger: String(r.trigger),
    conversationId: (r.conversation_id as string | null) ?? null,
    contactId: (r.contact_id as string | null) ?? null,
    status: String(r.status),
    reason: (r.reason as string | null) ?? null,
    results: parsedResults(r.results),
    nextStep: Number(r.next_step),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  };
}

/**
 * A stretch of rules that do not act on this event, logged as skipped in one automation_skips row
 * (their ids and reasons). Answers the rules that are logged as skipped: all of them the first
 * time; on a repeated event (the same key, trigger and stretch), those its first attempt logged.
 * A rule that has a run of this key (it acted on an earlier attempt, perhaps only half) is never
 * logged here: the claim resumes or ends that run.
 */
export async function insertSkipRow(
  db: TDb,
  accountId: string,
  event: {
    key: string;
    trigger: string;
    seq: number;
    conversationId: string | null;
    contactId: string | null;
  },
  skipped: Array<{ automationId: string; reason: string }>,
): Promise<Set<string>> {
  if (skipped.length === 0) return new Set();
  const rows = await tenantStatement<{ id: string }>(
    db,
    accountId,
    sql`
        with ran as (
          select automation_id from automation_runs where key = ${event.key}
        ), stretch as (
          select array_agg(v.id order by v.n) as ids, array_agg(v.reason order by v.n) as reasons
          from unnest(${uuidArray(skipped.map((s) => s.automationId))}, ${textArray(skipped.map((s) => s.reason))})
               with ordinality as v(id, reason, n)
          where v.id not in (select automation_id from ran)
        ), inserted as (
          insert into automation_skips (account_id, key, trigger, seq, conversation_id, contact_id, automation_ids, reasons)
          select ${accountId}, ${event.key}, ${event.trigger}, ${event.seq}, ${event.conversationId}::uuid,
                 ${event.contactId}::uuid, ids, reasons
          from stretch where ids is not null
          on conflict do nothing
          returning automation_ids
        )
        select unnest(automation_ids)::text as id from inserted
        union all
        select unnest(automation_ids)::text from automation_skips
        where account_id = ${accountId} and key = ${event.key} and trigger = ${event.trigger} and seq = ${event.seq}
          and not exists (select 1 from inserted)`,
  );
  return new Set(rows.map((r) => r.id));
}

export function findRunRow(db: TDb, accountId: string, id: string): Promise<TAutomationRunRow | undefined> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.id, id)));
    return row;
  });
}

/** The run's progress, with `also` (jobs to start: mail, webhook, continuation) in the same transaction. */
export function updateRunRow(
  db: TDb,
  accountId: string,
  id: string,
  patch: { status: string; reason: string | null; results: TAutomationActionResult[]; nextStep: number },
  also?: (tx: TTx) => Promise<void>,
): Promise<void> {
  return withTenant(db, accountId, async (tx) => {
    await tx
      .update(automationRuns)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.id, id)));
    if (also) await also(tx);
  });
}

/**
 * A run's progress when it starts no job (updateRunRow's case without `also`), in one round trip;
 * with `timerId` (the run's last write), the timer it fired is deleted in the same transaction.
 */
export async function writeRunRow(
  db: TDb,
  accountId: string,
  id: string,
  patch: { status: string; reason: string | null; results: TAutomationActionResult[]; nextStep: number },
  timerId?: string,
): Promise<void> {
  const gone = timerId ? sql`with gone as (delete from automation_timers where id = ${timerId}) ` : sql``;
  await tenantStatement(
    db,
    accountId,
    sql`${gone}update automation_runs
        set status = ${patch.status}, reason = ${patch.reason}, results = ${JSON.stringify(patch.results)}::jsonb,
            next_step = ${patch.nextStep}, updated_at = now()
        where account_id = ${accountId} and id = ${id}`,
  );
}

/**
 * The conversation a contact trigger's run acts in, kept on the run before its first conversation
 * action: a retried step finds it there and acts in the same conversation. Answers the run's
 * conversation (the one kept first when two attempts race).
 */
export async function keepRunConversationRow(
  db: TDb,
  accountId: string,
  id: string,
  conversationId: string,
): Promise<string> {
  const [row] = await tenantStatement<{ conversation_id: string }>(
    db,
    accountId,
    sql`update automation_runs set conversation_id = coalesce(conversation_id, ${conversationId}::uuid)
        where account_id = ${accountId} and id = ${id}
        returning conversation_id::text`,
  );
  return row?.conversation_id ?? conversationId;
}

/**
 * automation_skips as rows shaped like automation_runs' (one per skipped rule, id `<key>:<stretch>:<place>`),
 * aliased `s` (the row) and `u` (the rule): filter and order after it.
 */
export const skipEntriesSql = sql.raw(`
  select s.key || ':' || s.seq || ':' || u.n as id, s.account_id, u.automation_id, s.key, s.trigger,
         s.conversation_id, s.contact_id, 'skipped' as status, u.reason, '[]'::jsonb as results,
         0 as next_step, s.created_at, s.created_at as updated_at
  from automation_skips s
  cross join lateral unnest(s.automation_ids, s.reasons) with ordinality as u(automation_id, reason, n)`);

/**
 * A rule's log, newest first: its runs, and the events that skipped it in a stretch (automation_skips,
 * read by the rule's current trigger, from no earlier than the oldest run shown when the runs fill
 * the page).
 */
export async function listLogRows(
  db: TDb,
  accountId: string,
  rule: { id: string; triggerType: string },
  limit: number,
): Promise<TAutomationRunRow[]> {
  const rows = await withTenant(db, accountId, async (tx) =>
    rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        with runs as (
          select id::text, account_id, automation_id, key, trigger, conversation_id, contact_id, status, reason,
                 results, next_step, created_at, updated_at
          from automation_runs where account_id = ${accountId} and automation_id = ${rule.id}
          order by created_at desc limit ${limit}
        ), since as (
          select case when count(*) >= ${limit} then min(created_at) else '-infinity' end as at from runs
        )
        select * from runs
        union all
        (${skipEntriesSql}
         where s.account_id = ${accountId} and s.trigger = ${rule.triggerType} and u.automation_id = ${rule.id}
           and s.created_at >= (select at from since)
         order by s.created_at desc limit ${limit})
        order by created_at desc limit ${limit}`),
    ),
  );
  return rows.map((r) => runOf({ ...r, account_id: accountId }));
}

/** A jsonb column as the driver gave it (parsed, or its text on some paths). */
function parsedResults(value: unknown): TAutomationActionResult[] {
  return jsonOf<TAutomationActionResult[] | null>(value) ?? [];
}

export async function pruneRunRows(db: TDb, days: number): Promise<void> {
  await db.execute(
    sql`delete from automation_runs where created_at < now() - make_interval(days => ${days}) and status <> 'waiting'`,
  );
  await db.execute(
    sql`delete from automation_skips where created_at < now() - make_interval(days => ${days})`,
  );
}
