import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import { contactImportChunks, contactImportErrors, contactImports } from './contacts.schema';

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
