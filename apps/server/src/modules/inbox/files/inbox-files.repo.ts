import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { inboxFileChunks, inboxFiles } from './inbox-files.schema';

export type TInboxFileRow = typeof inboxFiles.$inferSelect;
const CHUNK = 1024 * 1024;

/** Stores a file and its 1 MB pieces in one transaction. */
export function insertInboxFile(
  db: TDb,
  accountId: string,
  values: { id: string; uploaderId: string | null; name: string; mimeType: string; data: Buffer },
): Promise<TInboxFileRow> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(inboxFiles)
      .values({
        id: values.id,
        accountId,
        uploaderId: values.uploaderId,
        name: values.name,
        mimeType: values.mimeType,
        size: values.data.byteLength,
      })
      .returning();
    for (let seq = 0, offset = 0; offset < values.data.byteLength || seq === 0; seq++, offset += CHUNK) {
      await tx
        .insert(inboxFileChunks)
        .values({ fileId: values.id, accountId, seq, data: values.data.subarray(offset, offset + CHUNK) });
    }
    return row;
  });
}

export function findInboxFiles(db: TDb, accountId: string, ids: string[]): Promise<TInboxFileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(inboxFiles)
      .where(and(eq(inboxFiles.accountId, accountId), inArray(inboxFiles.id, ids))),
  );
}

/** The file's bytes (pieces in order). */
export function readInboxFile(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [file] = await tx
      .select()
      .from(inboxFiles)
      .where(and(eq(inboxFiles.accountId, accountId), eq(inboxFiles.id, id)));
    if (!file) return undefined;
    const chunks = await tx
      .select({ data: inboxFileChunks.data })
      .from(inboxFileChunks)
      .where(and(eq(inboxFileChunks.accountId, accountId), eq(inboxFileChunks.fileId, id)))
      .orderBy(asc(inboxFileChunks.seq));
    return { file, data: Buffer.concat(chunks.map((c) => c.data)) };
  });
}
