import { and, eq, getTableColumns, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { CONTACT_LIMITS } from '@atende/shared';
import { rowsOf, type TDb } from '../../platform/db/client';
import { ownerThenTenant, statementText, tenantStatement } from '../../platform/db/one-trip';
import { withTenant, type TTx } from '../../platform/db/tenant';
import { contacts } from './contacts.schema';
import { uuidArray, uuidArrayLiteral } from '../../platform/db/sql-arrays';
import { lockPhones, phoneOwner } from './contact-identity.repo';

export type TContactRow = typeof contacts.$inferSelect;
export type TNewContact = Omit<typeof contacts.$inferInsert, 'id' | 'accountId' | 'search'>;
export type TContactRowPatch = Partial<Omit<TNewContact, 'createdAt'>>;

/** Counts past this many estimated rows are not run: the list answers '10.000+' at once. */
const ESTIMATE_SKIP_FACTOR = 3;
/** Counted with the page itself: most searches match fewer, and then one round trip answers all. */
const SMALL_COUNT = 300;

export interface TCountEstimate {
  /** The WHERE for the planner's estimate (contactWhere with estimate: true). */
  where: SQL;
  accountId: string;
  /** accountScopedClauses of the filter. */
  scoped: number;
}

/** The transaction-local setting that hands the page's ids from the owner's read to the scoped one. */
const PAGE_IDS = 'atende.contact_page';

/**
 * One page of contacts (newest first) and the number of matching contacts, capped at countCap + 1.
 *
 * The page's ids are chosen as the table owner, outside row-level security: PostgreSQL never uses
 * a non-leakproof operator (LIKE, &&) as an index condition on a table under RLS, so under RLS
 * every search would scan the whole account. The WHERE always carries `c.account_id = <acc>`, only
 * ids and a number come out, and the rows themselves are then read under RLS, in the same
 * transaction (ownerThenTenant: one round trip; the ids pass in a transaction-local setting), so
 * another account's data cannot surface even if a filter were wrong.
 *
 * The count, cheapest first: the page comes with a count up to 301 (exact for most searches);
 * past that, when the planner expects more than 3 x countCap rows (a common fragment: counting
 * even 10,001 of them walks ~100k index entries) the count is not run and the cap is answered
 * ('10.000+'); otherwise a capped count. Counts are ordered like the page so they take its plan
 * (index walk for common filters, GIN bitmap for rare ones) and stop at their limit.
 */
export async function findContactPage(
  db: TDb,
  accountId: string,
  where: SQL,
  limit: number,
  offset: number,
  estimate: TCountEstimate,
): Promise<{ rows: TContactRow[]; total: number }> {
  const capped = (cap: number) =>
    sql`(select count(*)::int from (select 1 from contacts c where ${where}
          order by c.created_at desc, c.id desc limit ${cap + 1}) t)`;
  // One walk answers both: the first SMALL_COUNT + 1 matches are read once and counted, and a page
  // within them is cut from them (the GIN bitmap or the index walk ran twice otherwise: half of
  // the statement's time). A page past them walks on its own, so a deep page holds no rows.
  const page =
    offset + limit <= SMALL_COUNT + 1
      ? sql`select m.id, m.created_at from m order by m.created_at desc, m.id desc limit ${limit} offset ${offset}`
      : sql`select c.id, c.created_at from contacts c where ${where}
            order by c.created_at desc, c.id desc limit ${limit} offset ${offset}`;
  // Past SMALL_COUNT matches the count may be answered from the planner's estimates (plan_rows),
  // read in the same statement.
  const plan = (query: SQL) =>
    sql`case when h.small > ${SMALL_COUNT} then public.plan_rows(${statementText(query)}) end`;
  const byAccount = (query: SQL) => (estimate.scoped >= 2 ? plan(query) : sql`null::float8`);
  const [[first], found] = await ownerThenTenant<TPageHead, TContactRow>(
    db,
    accountId,
    sql`with m as materialized (
          select c.id, c.created_at from contacts c where ${where}
          order by c.created_at desc, c.id desc limit ${SMALL_COUNT + 1}),
        p as (${page})
      select h.small,
        set_config(${PAGE_IDS}, (select coalesce(array_agg(p.id), '{}')::text from p), true),
        ${plan(sql`select 1 from contacts c where ${estimate.where}`)} as matches,
        ${byAccount(sql`select 1 from contacts c where c.account_id = ${estimate.accountId}`)} as account,
        ${byAccount(sql`select 1 from contacts c`)} as "all"
      from (select count(*)::int as small from m) h`,
    sql`select ${contactRowColumns} from contacts
        where account_id = ${accountId} and id = any(current_setting(${PAGE_IDS})::uuid[])
        order by created_at desc, id desc`,
  );
  const rows = found.map(contactRowOf);
  const small = Number(first.small);
  if (small <= SMALL_COUNT) return { rows, total: small };
  if (rows.length > 0 && rows.length < limit) return { rows, total: offset + rows.length };
  const cap = CONTACT_LIMITS.countCap;
  if (estimatedMatches(first, estimate.scoped) >= ESTIMATE_SKIP_FACTOR * cap) return { rows, total: cap + 1 };
  const [{ total }] = rowsOf<{ total: number }>(await db.execute(sql`select ${capped(cap)} as total`));
  return { rows, total: Number(total) };
}

/** The page statement's answer: the first matches counted, and the planner's estimates past them. */
interface TPageHead {
  small: number;
  matches: number | null;
  account: number | null;
  all: number | null;
}

/**
 * The planner's estimate of matching rows. Phase and tag ids imply their account, so the estimate
 * leaves the account clause out when one is there; with both, the account's share of the table
 * (counted once too often by the independence assumption) is divided back out.
 */
function estimatedMatches(head: TPageHead, scoped: number): number {
  const matches = Number(head.matches);
  if (scoped < 2) return matches;
  const share = Math.min(1, Math.max(Number(head.account) / Math.max(Number(head.all), 1), 1e-6));
  return matches / share ** (scoped - 1);
}

/** Keyset batches for the export (same owner-side lookup as the list; rows read under RLS). */
export async function findContactIdsAfter(
  db: TDb,
  where: SQL,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  const cursor = after
    ? sql` and (c.created_at, c.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    select c.id::text as id, to_json(c.created_at)#>>'{}' as "createdAt" from contacts c
    where ${where}${cursor} order by c.created_at desc, c.id desc limit ${limit}`);
  return rowsOf<{ id: string; createdAt: string }>(result);
}

/**
 * A contact's columns under TContactRow's names (from the table's own definition), for statements
 * drizzle's select does not build; tags as text[], which both engines parse (the list's items equal
 * GET one contact: contacts-list test).
 */
const contactRowColumns = sql.raw(
  Object.entries(getTableColumns(contacts))
    .map(([key, column]) => `${column.name === 'tags' ? 'tags::text[]' : column.name} as "${key}"`)
    .join(', '),
);

/** Instants come as Dates (node-postgres) or as PostgreSQL's text (drizzle's execute on PGlite). */
function contactRowOf(r: TContactRow): TContactRow {
  return {
    ...r,
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
    deletedAt: r.deletedAt ? new Date(r.deletedAt) : null,
  };
}

/**
 * The contacts of these ids in the given order, read in the account's scope in one round trip
 * (tenantStatement: the list's page costs two statements, not four).
 */
export async function findContactsByIds(db: TDb, accountId: string, ids: string[]): Promise<TContactRow[]> {
  if (ids.length === 0) return [];
  const rows = await tenantStatement<TContactRow>(
    db,
    accountId,
    sql`select ${contactRowColumns} from contacts
        where account_id = ${accountId} and id = any(${uuidArray(ids)})`,
  );
  const byId = new Map(rows.map((r) => [r.id, contactRowOf(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is TContactRow => !!r);
}

/** contacts_fold(text) of the database: the same accent fold as the stored search key. */
function liveContact(accountId: string, id: string) {
  return and(eq(contacts.accountId, accountId), eq(contacts.id, id), isNull(contacts.deletedAt));
}

export function findContact(db: TDb, accountId: string, id: string, includeDeleted = false) {
  return withTenant(db, accountId, async (tx) => {
    const where = includeDeleted
      ? and(eq(contacts.accountId, accountId), eq(contacts.id, id))
      : liveContact(accountId, id);
    const [row] = await tx.select().from(contacts).where(where);
    return row;
  });
}

/** Domain events of a write, emitted in its transaction (the service passes them). */
type TAnnounce<T> = (tx: TTx, written: T) => Promise<unknown>;
const noAnnounce = async () => undefined;

/**
 * Inserts a contact under the identity rule: with a phone, the phone's lock is taken and the live
 * contact already holding it (if any) is answered as `conflict` instead.
 */
export function insertContact(
  db: TDb,
  accountId: string,
  values: TNewContact & { id: string },
  announce: TAnnounce<TContactRow> = noAnnounce,
): Promise<{ row: TContactRow; conflict?: undefined } | { row?: undefined; conflict: TContactRow }> {
  return withTenant(db, accountId, async (tx) => {
    if (values.phone) {
      await lockPhones(tx, accountId, [values.phone]);
      const conflict = await phoneOwner(tx, accountId, values.phone, values.id);
      if (conflict) return { conflict };
    }
    const [row] = await tx
      .insert(contacts)
      .values({ ...values, accountId })
      .returning();
    await announce(tx, row);
    return { row };
  });
}

/** The patch's fields whose value the update changed (tags compared as sets: their order means nothing). */
function changedFields(patch: TContactRowPatch, before: TContactRow, after: TContactRow): string[] {
  return (Object.keys(patch) as Array<keyof TContactRowPatch>).filter((key) =>
    key === 'tags'
      ? before.tags.length !== after.tags.length || before.tags.some((t) => !after.tags.includes(t))
      : JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/**
 * Updates a live contact; answers the row before and after (undefined when not found). `changed`
 * names the patch's fields whose value differs (a form saved as it was changes none).
 */
export function updateContactRow(
  db: TDb,
  accountId: string,
  id: string,
  patch: TContactRowPatch,
  announce: TAnnounce<{ before: TContactRow; after: TContactRow; changed: string[] }> = noAnnounce,
) {
  return withTenant(db, accountId, async (tx) => {
    // A new phone takes its lock first (the identity rule), then must not belong to another contact.
    if (patch.phone) await lockPhones(tx, accountId, [patch.phone]);
    const [before] = await tx.select().from(contacts).where(liveContact(accountId, id)).for('update');
    if (!before) return undefined;
    if (patch.phone && patch.phone !== before.phone) {
      const conflict = await phoneOwner(tx, accountId, patch.phone, id);
      if (conflict) return { conflict };
    }
    const [after] = await tx
      .update(contacts)
      .set({ ...patch, updatedAt: new Date() })
      .where(liveContact(accountId, id))
      .returning();
    await announce(tx, { before, after, changed: changedFields(patch, before, after) });
    return { before, after, conflict: undefined };
  });
}

export function softDeleteContact(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(contacts)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(liveContact(accountId, id))
      .returning();
    return row;
  });
}

/** Brings back a soft-deleted (or merged) contact; a merged one no longer points to its winner. */
export function restoreContact(
  db: TDb,
  accountId: string,
  id: string,
): Promise<{ row?: TContactRow; conflict?: TContactRow }> {
  return withTenant(db, accountId, async (tx) => {
    const [deleted] = await tx
      .select({ phone: contacts.phone })
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id), isNotNull(contacts.deletedAt)));
    if (deleted?.phone) {
      await lockPhones(tx, accountId, [deleted.phone]);
      const conflict = await phoneOwner(tx, accountId, deleted.phone, id);
      if (conflict) return { conflict };
    }
    const [row] = await tx
      .update(contacts)
      .set({ deletedAt: null, mergedInto: null, updatedAt: new Date() })
      .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id), isNotNull(contacts.deletedAt)))
      .returning();
    return { row };
  });
}

/** Live contacts sharing the phone or the e-mail of `row` (merge candidates). */
export function findDuplicates(db: TDb, accountId: string, row: TContactRow) {
  const same: SQL[] = [];
  if (row.phone) same.push(eq(contacts.phone, row.phone));
  if (row.email) same.push(eq(contacts.email, row.email));
  if (same.length === 0) return Promise.resolve([] as TContactRow[]);
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.accountId, accountId),
          isNull(contacts.deletedAt),
          ne(contacts.id, row.id),
          or(...same),
        ),
      )
      .orderBy(contacts.createdAt)
      .limit(CONTACT_LIMITS.mergeMax),
  );
}

/**
 * Adds and removes tags on live contacts; answers how many changed. A contact that already has
 * every tag to add and none to remove is left as it is (not written, counted nor announced).
 */
export function bulkRetagContacts(
  db: TDb,
  accountId: string,
  ids: string[],
  add: string[],
  remove: string[],
  announce: TAnnounce<Array<{ id: string; added: string[]; test: boolean }>> = noAnnounce,
) {
  const addArr = sql.raw(uuidArrayLiteral(add));
  const removeArr = sql.raw(uuidArrayLiteral(remove));
  return withTenant(db, accountId, async (tx) => {
    // `old` is the rows before the change. Only contacts missing a tag to add (and not also
    // removed) or holding one to remove are written: each of them is announced (its tags changed),
    // with the tags newly added to it (none when the edit only removed).
    const result = await tx.execute(sql`
      with old as (
        select id, tags from contacts
        where account_id = ${accountId} and deleted_at is null and id = any(${sql.raw(uuidArrayLiteral(ids))})
        for update)
      update contacts c set
        tags = array(select distinct t from unnest(c.tags || ${addArr}) t where t <> all(${removeArr}) order by t),
        updated_at = now()
      from old
      where c.id = old.id
        and (old.tags && ${removeArr}
          or exists (select 1 from unnest(${addArr}) t where t <> all(old.tags) and t <> all(${removeArr})))
      returning c.id, c.test,
        array(select distinct t from unnest(${addArr}) t where t <> all(old.tags) and t <> all(${removeArr}))::text[] as added`);
    const rows = rowsOf<{ id: string; added: string[]; test: boolean }>(result);
    await announce(tx, rows);
    return rows.length;
  });
}

/** Moves live contacts to `phaseId` (null: no phase); answers the ids whose phase changed. */
export function bulkSetPhase(
  db: TDb,
  accountId: string,
  ids: string[],
  phaseId: string | null,
  announce: TAnnounce<Array<{ id: string; from: string | null; test: boolean }>> = noAnnounce,
) {
  return withTenant(db, accountId, async (tx) => {
    const previous = await tx
      .select({ id: contacts.id, from: contacts.phaseId, test: contacts.test })
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), isNull(contacts.deletedAt), inArray(contacts.id, ids)))
      .for('update');
    const rows = await tx
      .update(contacts)
      .set({ phaseId, updatedAt: new Date() })
      .where(
        and(
          eq(contacts.accountId, accountId),
          isNull(contacts.deletedAt),
          inArray(contacts.id, ids),
          phaseId ? sql`${contacts.phaseId} is distinct from ${phaseId}::uuid` : isNotNull(contacts.phaseId),
        ),
      )
      .returning({ id: contacts.id });
    const changed = new Set(rows.map((r) => r.id));
    await announce(
      tx,
      previous.filter((p) => changed.has(p.id)),
    );
    return rows.map((r) => r.id);
  });
}

/** Clears a deleted phase from the account's contacts (phases and contacts are linked by id only). */
export function clearPhaseFromContacts(tx: TTx, accountId: string, phaseId: string) {
  return tx
    .update(contacts)
    .set({ phaseId: null })
    .where(and(eq(contacts.accountId, accountId), eq(contacts.phaseId, phaseId)));
}

/** A phase is deleted with its contacts moved (issue 13): they go to `to`. */
export function movePhaseContacts(tx: TTx, accountId: string, from: string, to: string) {
  return tx
    .update(contacts)
    .set({ phaseId: to })
    .where(and(eq(contacts.accountId, accountId), eq(contacts.phaseId, from)));
}

/** Removes a deleted tag from every contact of the account holding it. */
export function removeTagFromContacts(tx: TTx, accountId: string, tagId: string) {
  return tx.execute(sql`
    update contacts set tags = array_remove(tags, ${tagId}::uuid)
    where account_id = ${accountId} and tags @> ${sql.raw(uuidArrayLiteral([tagId]))}`);
}

/** When the account first knew the contact (imported or demo history). */
export function setContactCreatedAt(db: TDb, accountId: string, id: string, at: Date) {
  return withTenant(db, accountId, (tx) =>
    tx
      .update(contacts)
      .set({ createdAt: at })
      .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id))),
  );
}
