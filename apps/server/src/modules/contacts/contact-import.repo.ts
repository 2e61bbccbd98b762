import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import type { TImportRow, TRowError } from './contact-import-rows';
import { contactImportChunks, contactImportErrors, contactImports, contactTags } from './contacts.schema';

export type TImportRowDb = typeof contactImports.$inferSelect;
type TImportPatch = Partial<Omit<typeof contactImports.$inferInsert, 'id' | 'accountId'>>;

const byId = (accountId: string, id: string) =>
  and(eq(contactImports.accountId, accountId), eq(contactImports.id, id));

export function createImportRow(db: TDb, accountId: string, values: { userId: string; fileName: string }) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(contactImports)
      .values({ ...values, id: newId(), accountId })
      .returning();
    return row;
  });
}

export function appendImportChunk(db: TDb, accountId: string, importId: string, seq: number, data: Buffer) {
  return withTenant(db, accountId, (tx) =>
    tx.insert(contactImportChunks).values({ importId, accountId, seq, data }),
  );
}

export function readImportChunk(db: TDb, accountId: string, importId: string, seq: number) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ data: contactImportChunks.data })
      .from(contactImportChunks)
      .where(
        and(
          eq(contactImportChunks.accountId, accountId),
          eq(contactImportChunks.importId, importId),
          eq(contactImportChunks.seq, seq),
        ),
      );
    return row?.data;
  });
}

export function findImportRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx.select().from(contactImports).where(byId(accountId, id));
    return row;
  });
}

export function listImportRows(db: TDb, accountId: string, limit: number) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(contactImports)
      .where(eq(contactImports.accountId, accountId))
      .orderBy(desc(contactImports.createdAt))
      .limit(limit),
  );
}

/** Updates an import; with `fromStatuses`, only while it is in one of them. */
export function updateImportRow(
  db: TDb,
  accountId: string,
  id: string,
  patch: TImportPatch,
  fromStatuses?: string[],
) {
  return withTenant(db, accountId, async (tx) => {
    const where = fromStatuses
      ? and(byId(accountId, id), inArray(contactImports.status, fromStatuses))
      : byId(accountId, id);
    const [row] = await tx.update(contactImports).set(patch).where(where).returning();
    return row;
  });
}

export function deleteImportRow(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, (tx) => tx.delete(contactImports).where(byId(accountId, id)));
}

/** Ends an import and drops its file (the error rows stay for the report). */
export function finishImportRow(db: TDb, accountId: string, id: string, patch: TImportPatch) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(contactImports)
      .set({ ...patch, finishedAt: new Date() })
      .where(byId(accountId, id))
      .returning();
    await tx
      .delete(contactImportChunks)
      .where(and(eq(contactImportChunks.accountId, accountId), eq(contactImportChunks.importId, id)));
    return row;
  });
}

/** Tag ids by lower-case name; names not yet tags of the account are created. */
export function ensureTagsByName(db: TDb, accountId: string, names: string[]) {
  return withTenant(db, accountId, async (tx) => {
    const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
    if (unique.length)
      await tx
        .insert(contactTags)
        .values(unique.map((name) => ({ id: newId(), accountId, name, color: '#6c757d' })))
        .onConflictDoNothing();
    const rows = await tx
      .select({ id: contactTags.id, name: contactTags.name })
      .from(contactTags)
      .where(
        and(
          eq(contactTags.accountId, accountId),
          inArray(
            sql`lower(${contactTags.name})`,
            unique.map((n) => n.toLowerCase()),
          ),
        ),
      );
    return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  });
}

export interface TImportBatch {
  rows: Array<TImportRow & { tagIds: string[] }>;
  errors: Array<{ line: number; errors: TRowError[]; cells: string[] }>;
  /** Data records this batch accounts for (valid, refused and blank). */
  records: number;
  phaseId: string | null;
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
 * Writes one batch in one transaction: upsert by phone (a live contact with the phone is updated,
 * else one is created), the refused rows, and the import's progress — so a retried job resumes
 * exactly after the last committed batch. Whole batches travel as one JSON parameter, far from the
 * 65,535 bind-parameter cap. Answers the progress row.
 */
export function applyImportBatch(db: TDb, accountId: string, importId: string, batch: TImportBatch) {
  return withTenant(db, accountId, async (tx) => {
    // The batch and its progress commit together; not waiting for the WAL flush costs at most the
    // last batches on a crash, and the job then resumes from the progress that did commit.
    await tx.execute(sql`set local synchronous_commit = off`);
    const folded = foldByPhone(batch.rows);
    const phones = `{${folded.map((r) => r.phone).join(',')}}`;
    const existing = folded.length
      ? rowsOf<{ id: string; phone: string }>(
          await tx.execute(sql`
            select distinct on (phone) id::text as id, phone from contacts
            where account_id = ${accountId} and deleted_at is null and phone = any(${phones}::text[])
            order by phone, created_at, id`),
        )
      : [];
    const idByPhone = new Map(existing.map((r) => [r.phone, r.id]));
    const record = (r: (typeof folded)[number], id: string) => ({
      id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      tags: r.tagIds,
      cf: r.customFields,
    });
    const updates = folded
      .filter((r) => idByPhone.has(r.phone))
      .map((r) => record(r, idByPhone.get(r.phone)!));
    const inserts = folded.filter((r) => !idByPhone.has(r.phone)).map((r) => record(r, newId()));
    if (updates.length)
      await tx.execute(sql`
        update contacts c set name = v.name, email = coalesce(v.email, c.email),
          tags = case when cardinality(v.tags) = 0 then c.tags
                      else array(select distinct t from unnest(c.tags || v.tags) t) end,
          custom_fields = c.custom_fields || v.cf, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
          as v(id uuid, name text, email text, phone text, tags uuid[], cf jsonb)
        where c.id = v.id and c.account_id = ${accountId}`);
    if (inserts.length)
      await tx.execute(sql`
        insert into contacts (id, account_id, name, email, phone, tags, custom_fields, phase_id, source, type)
        select v.id, ${accountId}, v.name, v.email, v.phone, v.tags, v.cf, ${batch.phaseId}::uuid, 'import', 'manual'
        from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
          as v(id uuid, name text, email text, phone text, tags uuid[], cf jsonb)`);
    if (batch.errors.length)
      await tx.execute(sql`
        insert into contact_import_errors (import_id, account_id, line, errors, cells)
        select ${importId}, ${accountId}, v.line, v.errors, v.cells
        from jsonb_to_recordset(${JSON.stringify(batch.errors)}::jsonb) as v(line int, errors jsonb, cells jsonb)
        on conflict do nothing`);
    const [progress] = await tx
      .update(contactImports)
      .set({
        processed: sql`${contactImports.processed} + ${batch.records}`,
        inserted: sql`${contactImports.inserted} + ${inserts.length}`,
        updated: sql`${contactImports.updated} + ${batch.rows.length - inserts.length}`,
        errorCount: sql`${contactImports.errorCount} + ${batch.errors.length}`,
      })
      .where(byId(accountId, importId))
      .returning();
    return progress;
  });
}

export function listImportErrors(
  db: TDb,
  accountId: string,
  importId: string,
  limit: number,
  offset: number,
) {
  return withTenant(db, accountId, async (tx) => {
    const where = and(
      eq(contactImportErrors.accountId, accountId),
      eq(contactImportErrors.importId, importId),
    );
    const items = await tx
      .select()
      .from(contactImportErrors)
      .where(where)
      .orderBy(asc(contactImportErrors.line))
      .limit(limit)
      .offset(offset);
    const [{ n }] = await tx.select({ n: count() }).from(contactImportErrors).where(where);
    return { items, count: Number(n) };
  });
}

/** Error rows after `afterLine`, in line order (keyset pages for the streamed report). */
export function importErrorsAfter(
  db: TDb,
  accountId: string,
  importId: string,
  afterLine: number,
  limit: number,
) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(contactImportErrors)
      .where(
        and(
          eq(contactImportErrors.accountId, accountId),
          eq(contactImportErrors.importId, importId),
          gt(contactImportErrors.line, afterLine),
        ),
      )
      .orderBy(asc(contactImportErrors.line))
      .limit(limit),
  );
}
