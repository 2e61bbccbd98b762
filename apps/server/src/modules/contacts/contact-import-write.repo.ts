import { and, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { arrayLiteral } from '../../platform/db/sql-arrays';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { lockPhones } from './contact-identity.repo';
import type { TImportRow, TRowError } from './contact-import-rows';
import type { TImportRowDb } from './contact-import.repo';
import { contactImports } from './contacts.schema';

/**
 * Tag ids by lower-case name for `names` (first spellings win): known tags of the account, and new
 * ones created while the account stays within `max` tags (names past the limit stay out).
 */
export function resolveImportTags(db: TDb, accountId: string, names: string[], max: number) {
  return withTenant(db, accountId, async (tx) => {
    const byLower = new Map<string, string>();
    for (const name of names) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
    const lowers = arrayLiteral([...byLower.keys()]);
    const known = async () =>
      rowsOf<{ id: string; lower: string }>(
        await tx.execute(sql`
          select id::text as id, lower(name) as lower from contact_tags
          where account_id = ${accountId} and lower(name) = any(${lowers}::text[])`),
      );
    const ids = new Map((await known()).map((r) => [r.lower, r.id]));
    const missing = [...byLower.keys()].filter((n) => !ids.has(n));
    if (missing.length) {
      const [{ n }] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from contact_tags where account_id = ${accountId}`),
      );
      const room = Math.max(0, max - n);
      const created = missing.slice(0, room);
      if (created.length) {
        const values = created.map(
          (lower) => sql`(${newId()}, ${accountId}, ${byLower.get(lower)}, '#6c757d')`,
        );
        await tx.execute(sql`
          insert into contact_tags (id, account_id, name, color) values ${sql.join(values, sql`, `)}
          on conflict do nothing`);
        for (const r of await known()) ids.set(r.lower, r.id);
      }
    }
    return ids;
  });
}

export interface TImportBatch {
  /**
   * Valid rows with their tag ids, and their cells while a late refusal (a tag past the limit) may
   * still need them for the error report (else empty: ImportBatchWriter.mayRefuse).
   */
  rows: Array<TImportRow & { tagIds: string[]; cells: string[] }>;
  errors: Array<{ line: number; errors: TRowError[]; cells: string[] }>;
  /** Data records this batch accounts for (valid, refused and blank). */
  records: number;
  phaseId: string | null;
  /** Rows whose phone has a live contact are skipped (that contact stays as it is). */
  skipExisting?: boolean;
}

/** Rows of one phone folded together: later cells win, tags and custom fields add up. */
function foldByPhone(rows: TImportBatch['rows']) {
  const byPhone = new Map<string, TImportBatch['rows'][number]>();
  for (const row of rows) {
    const prev = byPhone.get(row.phone);
    byPhone.set(
      row.phone,
      prev
        ? {
            ...row,
            email: row.email ?? prev.email,
            tagIds: [...new Set([...prev.tagIds, ...row.tagIds])],
            customFields: { ...prev.customFields, ...row.customFields },
          }
        : row,
    );
  }
  return [...byPhone.values()];
}

/**
 * A batch as it travels: one array per column (a row's tags as an array literal, its custom fields
 * as JSON; null when none), built when the batch is handed over so its row objects and cells can go
 * at once (kept while the writes before it finish, they slowed every garbage collection).
 */
export interface TPreparedBatch {
  phones: string[];
  names: string[];
  emails: Array<string | null>;
  tags: Array<string | null>;
  cfs: Array<string | null>;
  /** Valid rows (before folding by phone): inserted + updated. */
  valid: number;
  /** The refused rows as JSON records, or null. */
  errors: string | null;
  errorCount: number;
  records: number;
  phaseId: string | null;
  skipExisting: boolean;
  /**
   * A column as an array parameter (see SentArrayLiteral), its values in the order that sorts
   * `sortBy` when given (phones: neighbouring index probes share pages).
   */
  literal: (values: ReadonlyArray<string | null>, sortBy?: readonly string[]) => string;
}

/**
 * An array parameter written by node-postgres as it sends the statement (it calls toPostgres while
 * serializing the parameters) instead of before: the driver keeps a statement's parameters until
 * its answer, and a batch's literals (about 650 kB across its three statements) outlived the young
 * generation and piled up in the old one until a full collection (peak RSS of a 100k import).
 * PGlite takes strings only: there the literals are built beforehand.
 */
class SentArrayLiteral {
  constructor(
    private readonly values: ReadonlyArray<string | null>,
    private readonly sortBy?: readonly string[],
  ) {}
  toPostgres(): string {
    return builtLiteral(this.values, this.sortBy);
  }
}
const sentLiteral = (values: ReadonlyArray<string | null>, sortBy?: readonly string[]) =>
  new SentArrayLiteral(values, sortBy) as unknown as string;

function builtLiteral(values: ReadonlyArray<string | null>, sortBy?: readonly string[]): string {
  if (!sortBy) return arrayLiteral(values);
  const order = sortBy.map((_, k) => k).sort((a, b) => (sortBy[a] < sortBy[b] ? -1 : 1));
  return arrayLiteral(order.map((k) => values[k]));
}

/**
 * `literals`: 'sent' (node-postgres) builds the array parameters as each statement is sent;
 * 'built' (PGlite, which takes strings) builds them beforehand.
 */
export function prepareImportBatch(
  batch: TImportBatch,
  literals: 'sent' | 'built' = 'built',
): TPreparedBatch {
  const rows = foldByPhone(batch.rows);
  return {
    phones: rows.map((r) => r.phone),
    names: rows.map((r) => r.name),
    emails: rows.map((r) => r.email),
    tags: rows.map((r) => tagsLiteral(r.tagIds)),
    cfs: rows.map((r) => (hasKeys(r.customFields) ? JSON.stringify(r.customFields) : null)),
    valid: batch.rows.length,
    errors: batch.errors.length ? JSON.stringify(batch.errors) : null,
    errorCount: batch.errors.length,
    records: batch.records,
    phaseId: batch.phaseId,
    skipExisting: batch.skipExisting ?? false,
    literal: literals === 'sent' ? sentLiteral : builtLiteral,
  };
}

/** Rows of an import share their tag arrays: each array's literal is built once. */
const tagLiterals = new WeakMap<string[], string | null>();
function tagsLiteral(ids: string[]): string | null {
  let literal = tagLiterals.get(ids);
  if (literal === undefined) {
    literal = ids.length ? `{${ids.join(',')}}` : null;
    tagLiterals.set(ids, literal);
  }
  return literal;
}

function hasKeys(value: object): boolean {
  for (const _ in value) return true;
  return false;
}

/** The array parameters of the rows at `at` (indexes into the prepared columns; often all of them). */
function columnsAt(batch: TPreparedBatch, at: number[]) {
  const all = at.length === batch.phones.length;
  const pick = <T extends string | null>(column: T[]) =>
    batch.literal(all ? column : at.map((i) => column[i]));
  return {
    names: pick(batch.names),
    emails: pick(batch.emails),
    phones: pick(batch.phones),
    tags: pick(batch.tags),
    cfs: pick(batch.cfs),
  };
}

/**
 * Upsert by phone; answers how many contacts it created and how many it updated (rows of a phone
 * with a live contact count as updated unless the import skips them). The plans hold whatever the statistics
 * say (between two ANALYZEs a table that grew by a whole import can look empty, and a scan per phone
 * made each batch slower than the last): sequential and bitmap scans are off, the lookup can only
 * use the (account_id, phone) index (the other account indexes are partial on deleted_at, which the
 * probe leaves to the outer query), and updates find their rows by ctid.
 */
async function upsertContacts(
  tx: TTx,
  accountId: string,
  batch: TPreparedBatch,
  after: Promise<unknown> | undefined,
) {
  if (batch.phones.length === 0) return { inserted: 0, skipped: 0 };
  const existing = await oldestLiveContacts(tx, accountId, batch.phones, batch.literal);
  const found = new Map(existing.map((r) => [r.phone, r]));
  const updates: number[] = [];
  const inserts: number[] = [];
  for (let i = 0; i < batch.phones.length; i++) (found.has(batch.phones[i]) ? updates : inserts).push(i);
  const update = (at: number[], where: SQL) => {
    const c = columnsAt(batch, at);
    const ids = batch.literal(at.map((i) => found.get(batch.phones[i])!.id));
    const ctids = batch.literal(at.map((i) => found.get(batch.phones[i])!.ctid));
    return tx.execute(sql`
      update contacts c set name = v.name, email = coalesce(v.email, c.email),
        tags = case when v.tags is null then c.tags
                    else array(select distinct t from unnest(c.tags || v.tags::uuid[]) t) end,
        custom_fields = case when v.cf is null then c.custom_fields else c.custom_fields || v.cf::jsonb end,
        updated_at = now()
      from unnest(${ids}::uuid[], ${ctids}::tid[], ${c.names}::text[], ${c.emails}::text[],
                  ${c.tags}::text[], ${c.cfs}::text[]) as v(id, t, name, email, tags, cf)
      where ${where} and c.id = v.id
      returning c.id::text as id`);
  };
  const skipped = batch.skipExisting ? updates.splice(0).length : 0;
  if (updates.length) {
    const done = new Set(rowsOf<{ id: string }>(await update(updates, sql`c.ctid = v.t`)).map((r) => r.id));
    // A contact edited meanwhile moved to a new ctid: those few go by id.
    const moved = updates.filter((i) => !done.has(found.get(batch.phones[i])!.id));
    if (moved.length) {
      const ids = batch.literal(moved.map((i) => found.get(batch.phones[i])!.id));
      await update(moved, sql`c.id = any(${ids}::uuid[])`);
    }
  }
  // New contacts are inserted before the identity rule's lock (contact-identity.repo.ts): the index
  // upkeep of a batch, most of its cost, runs while the batch before it still holds the lock, and
  // only the check below waits for it. Until this transaction commits, no other writer sees these
  // rows; a writer that created one of the phones meanwhile (it took the lock, found no contact)
  // is found here under the lock, and that contact is updated instead of ours (dropped unseen).
  // The lock is taken once the previous batch has committed (it holds the same lock buckets until
  // then: taking them first would deadlock the two).
  const ours = inserts.map(() => newId());
  if (inserts.length) {
    const c = columnsAt(batch, inserts);
    await tx.execute(sql`
      insert into contacts (id, account_id, name, email, phone, tags, custom_fields, phase_id, source, type)
      select v.id, ${accountId}, v.name, v.email, v.phone, coalesce(v.tags::uuid[], '{}'),
        coalesce(v.cf::jsonb, '{}'), ${batch.phaseId}::uuid, 'import', 'manual'
      from unnest(${batch.literal(ours)}::uuid[], ${c.names}::text[], ${c.emails}::text[], ${c.phones}::text[],
                  ${c.tags}::text[], ${c.cfs}::text[]) as v(id, name, email, phone, tags, cf)`);
  }
  if (after) await after;
  if (inserts.length) {
    const phones = inserts.map((i) => batch.phones[i]);
    await lockPhones(tx, accountId, phones);
    const raced = await otherLiveContacts(tx, accountId, phones, ours, batch.literal);
    if (raced.size) {
      const now = inserts.filter((i) => raced.has(batch.phones[i]));
      const dropped = ours.filter((_, k) => raced.has(phones[k]));
      await tx.execute(sql`delete from contacts where id = any(${batch.literal(dropped)}::uuid[])`);
      for (const i of now)
        found.set(batch.phones[i], {
          phone: batch.phones[i],
          id: raced.get(batch.phones[i])!,
          ctid: '(0,0)',
        });
      inserts.splice(0, inserts.length, ...inserts.filter((i) => !raced.has(batch.phones[i])));
      if (!batch.skipExisting) {
        const ids = batch.literal(now.map((i) => raced.get(batch.phones[i])!));
        await update(now, sql`c.id = any(${ids}::uuid[])`);
      }
    }
  }
  return { inserted: inserts.length, skipped };
}

/**
 * Writes one batch in one transaction: the upsert by phone (each phone is looked up on the
 * (account_id, phone) index — the oldest live contact with it is updated, else one is created),
 * the refused rows, and then the import's progress, so a retried job resumes exactly after the
 * last committed batch. A batch's columns travel as array parameters.
 *
 * `after` is the previous batch's write when both run at once (PostgreSQL): this one does its
 * contact work meanwhile but records its progress and commits only after that one committed, and
 * rolls back if it failed — so the committed batches are always a prefix of the file.
 */
export function writeImportBatch(
  db: TDb,
  accountId: string,
  importId: string,
  batch: TPreparedBatch,
  after?: Promise<unknown>,
): Promise<TImportRowDb> {
  return withTenant(db, accountId, async (tx) => {
    // The batch and its progress commit together; not waiting for the WAL flush costs at most the
    // last batches on a crash, and the job then resumes from the progress that did commit. No JIT:
    // the probes' estimates (a scan per phone) pass jit_above_cost now and then, and compiling them
    // took longer than running them (50–100 ms a batch). Sequential and bitmap scans are off for
    // the lookups (see upsertContacts).
    await tx.execute(sql`
      select set_config('synchronous_commit', 'off', true), set_config('jit', 'off', true),
        set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
    const { inserted, skipped } = await upsertContacts(tx, accountId, batch, after);
    if (batch.errors)
      await tx.execute(sql`
        insert into contact_import_errors (import_id, account_id, line, errors, cells)
        select ${importId}, ${accountId}, v.line, v.errors, v.cells
        from json_to_recordset(${batch.errors}::json) as v(line int, errors jsonb, cells jsonb)
        on conflict do nothing`);
    if (after) await after;
    const [progress] = await tx
      .update(contactImports)
      .set({
        processed: sql`${contactImports.processed} + ${batch.records}`,
        inserted: sql`${contactImports.inserted} + ${inserted}`,
        updated: sql`${contactImports.updated} + ${skipped ? 0 : batch.valid - inserted}`,
        errorCount: sql`${contactImports.errorCount} + ${batch.errorCount}`,
      })
      .where(and(eq(contactImports.accountId, accountId), eq(contactImports.id, importId)))
      .returning();
    return progress;
  });
}

/**
 * The oldest live contact of each of these phones, probed one phone at a time on the
 * (account_id, phone) index, in index order (neighbouring probes share pages). `deleted_at` stays
 * in the outer query: in the probe it would let the planner walk a partial index of the whole
 * account instead (contacts_list_idx, filtering every row against every phone: seconds a batch on a
 * table whose statistics say it is empty). Needs the transaction's seqscan/bitmapscan off.
 */
async function oldestLiveContacts(
  tx: TTx,
  accountId: string,
  phones: string[],
  literal: TPreparedBatch['literal'],
) {
  return rowsOf<{ phone: string; id: string; ctid: string }>(
    await tx.execute(sql`
      select distinct on (v.phone) v.phone, c.id::text as id, c.ctid::text as ctid
      from unnest(${literal(phones, phones)}::text[]) as v(phone)
      cross join lateral (
        select c.id, c.ctid, c.created_at, c.deleted_at from contacts c
        where c.account_id = ${accountId} and c.phone = v.phone
        offset 0
      ) c
      where c.deleted_at is null
      order by v.phone, c.created_at, c.id`),
  );
}

/**
 * The oldest live contact of each of these phones other than the one this batch inserted for it
 * (`own[k]` for `phones[k]`): contacts another writer created meanwhile. Read under the lock.
 */
async function otherLiveContacts(
  tx: TTx,
  accountId: string,
  phones: string[],
  own: string[],
  literal: TPreparedBatch['literal'],
) {
  const rows = rowsOf<{ phone: string; id: string }>(
    await tx.execute(sql`
      select distinct on (v.phone) v.phone, c.id::text as id
      from unnest(${literal(phones, phones)}::text[], ${literal(own, phones)}::uuid[]) as v(phone, own)
      cross join lateral (
        select c.id, c.created_at, c.deleted_at from contacts c
        where c.account_id = ${accountId} and c.phone = v.phone
        offset 0
      ) c
      where c.deleted_at is null and c.id <> v.own
      order by v.phone, c.created_at, c.id`),
  );
  return new Map(rows.map((r) => [r.phone, r.id]));
}
