import type { TContactType } from '@atende/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { textArray } from '../../platform/db/sql-arrays';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { contacts } from './contacts.schema';

export type TContactRow = typeof contacts.$inferSelect;

/** Phones (E.164) to find or create, with the name a new contact gets (else the phone). */
export type TWantedPhones = Array<{ phone: string; name?: string }>;

/**
 * Lock buckets per account: every writer that creates contacts by phone (the inbox's intake, an
 * operator's start, web chat, the CSV import) takes the buckets of its phones first, so two of them
 * never create the same phone twice. Bounded: a 100,000-row import holds at most this many locks.
 */
const PHONE_LOCK_BUCKETS = 256;

/**
 * The identity rule's lock: transaction advisory locks on (account, bucket of the phone), taken in
 * one order (so writers never deadlock) and held to the end of the transaction.
 */
export async function lockPhones(tx: TTx, accountId: string, phones: string[]) {
  if (phones.length === 0) return;
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(${`contact:${accountId}:`} || b, 0))
    from (
      select distinct (abs(hashtextextended(p, 0)) % ${PHONE_LOCK_BUCKETS})::text as b
      from unnest(${textArray([...new Set(phones)])}) as p
    ) buckets
    order by b`);
}

/**
 * Live contacts of these E.164 phones (the oldest live contact of a phone wins, as the CSV import
 * does), creating the missing ones (named `name`, else the phone).
 */
export async function findOrCreateContactsByPhone(
  tx: TTx,
  accountId: string,
  wanted: TWantedPhones,
  type: TContactType,
  created: TContactRow[] = [],
): Promise<Map<string, TContactRow>> {
  const phones = [...new Set(wanted.map((w) => w.phone))];
  const found = await livePhones(tx, accountId, phones);
  const missing = wanted.filter((w) => !found.has(w.phone));
  if (missing.length > 0)
    for (const [phone, row] of await createMissingContacts(tx, accountId, missing, type, created))
      found.set(phone, row);
  return found;
}

/**
 * Creates the contacts of phones that had none when last read: under the phones' locks, reads
 * again (another transaction may have just created one), inserts the rest. Returns every phone's
 * contact (found or created); the created ones are also pushed to `created`.
 */
export async function createMissingContacts(
  tx: TTx,
  accountId: string,
  wanted: TWantedPhones,
  type: TContactType,
  created: TContactRow[] = [],
): Promise<Map<string, TContactRow>> {
  const missing = [...new Set(wanted.map((w) => w.phone))];
  await lockPhones(tx, accountId, missing);
  const found = await livePhones(tx, accountId, missing);
  const names = new Map<string, string | undefined>();
  for (const w of wanted) if (w.name?.trim()) names.set(w.phone, w.name.trim().slice(0, 200));
  const toCreate = missing.filter((p) => !found.has(p));
  if (toCreate.length > 0) {
    const inserted = await tx
      .insert(contacts)
      .values(
        toCreate.map((phone) => ({
          id: newId(),
          accountId,
          name: names.get(phone) ?? phone,
          phone,
          type,
          source: 'channel',
        })),
      )
      .returning();
    for (const row of inserted) found.set(row.phone!, row);
    created.push(...inserted);
  }
  return found;
}

/** The oldest live contact holding `phone`, other than `exceptId` (call under lockPhones). */
export async function phoneOwner(
  tx: TTx,
  accountId: string,
  phone: string,
  exceptId: string,
): Promise<TContactRow | undefined> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(
      sql`${contacts.accountId} = ${accountId} and ${contacts.deletedAt} is null
        and ${contacts.phone} = ${phone} and ${contacts.id} <> ${exceptId}`,
    )
    .orderBy(contacts.createdAt, contacts.id)
    .limit(1);
  return row;
}

/** livePhones in its own transaction (reads only: the import's preview). */
export function findLivePhones(db: TDb, accountId: string, phones: string[]) {
  if (phones.length === 0) return Promise.resolve(new Map<string, TContactRow>());
  return withTenant(db, accountId, (tx) => livePhones(tx, accountId, phones));
}

export async function livePhones(
  tx: TTx,
  accountId: string,
  phones: string[],
): Promise<Map<string, TContactRow>> {
  const rows = await tx
    .selectDistinctOn([contacts.phone])
    .from(contacts)
    .where(
      sql`${contacts.accountId} = ${accountId} and ${contacts.deletedAt} is null
        and ${contacts.phone} = any(${textArray(phones)})`,
    )
    .orderBy(contacts.phone, contacts.createdAt, contacts.id);
  return new Map(rows.map((r) => [r.phone!, r]));
}

/**
 * A new web chat visitor: a contact of type webchat whose `inbox` is the channel. `id` is the one
 * the visitor's token was signed with; undefined when a row of that id exists already.
 */
export async function insertVisitorContact(
  tx: TTx,
  accountId: string,
  values: { id: string; channelId: string; name: string; email: string | null; test?: boolean },
): Promise<TContactRow | undefined> {
  const [row] = await tx
    .insert(contacts)
    .values({
      id: values.id,
      accountId,
      name: values.name,
      email: values.email,
      type: 'webchat',
      source: 'channel',
      inbox: values.channelId,
      test: values.test ?? false,
    })
    .onConflictDoNothing({ target: contacts.id })
    .returning();
  return row;
}

export function findVisitorContact(db: TDb, accountId: string, contactId: string) {
  return withTenant(db, accountId, (tx) => findVisitorRow(tx, accountId, contactId));
}

/** A live contact by id, in the caller's transaction. */
export async function findVisitorRow(tx: TTx, accountId: string, contactId: string) {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId), isNull(contacts.deletedAt)));
  return row;
}

/** Whether a visitor's contact id is a live contact, a deleted one, or none yet. */
export function visitorContactState(db: TDb, accountId: string, contactId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ deletedAt: contacts.deletedAt })
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)));
    return !row ? ('none' as const) : row.deletedAt ? ('deleted' as const) : ('live' as const);
  });
}

/** The pre-chat form's name, e-mail and phone on a visitor. */
export async function updateVisitorContact(
  tx: TTx,
  accountId: string,
  contactId: string,
  patch: { name?: string; email?: string | null; phone?: string | null },
) {
  const [row] = await tx
    .update(contacts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
    .returning();
  return row;
}
