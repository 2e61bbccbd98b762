import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { teamChatFiles } from './team-chat.schema';

export type TNewFile = Omit<typeof teamChatFiles.$inferInsert, 'id' | 'createdAt'>;

export function insertFile(db: TDb, file: TNewFile) {
  return withTenant(db, file.accountId, async (tx) => {
    const [row] = await tx.insert(teamChatFiles).values(file).returning({
      id: teamChatFiles.id,
      name: teamChatFiles.name,
      extension: teamChatFiles.extension,
      size: teamChatFiles.size,
    });
    return row;
  });
}

/** Metadata of files the user uploaded in this account (what a message may attach). */
export function findOwnFiles(db: TDb, accountId: string, uploaderId: string, ids: string[]) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select({
        id: teamChatFiles.id,
        name: teamChatFiles.name,
        extension: teamChatFiles.extension,
        size: teamChatFiles.size,
      })
      .from(teamChatFiles)
      .where(
        and(
          eq(teamChatFiles.accountId, accountId),
          eq(teamChatFiles.uploaderId, uploaderId),
          inArray(teamChatFiles.id, ids),
        ),
      ),
  );
}

export function loadFile(db: TDb, accountId: string, fileId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ mime: teamChatFiles.mime, data: teamChatFiles.data, size: teamChatFiles.size })
      .from(teamChatFiles)
      .where(and(eq(teamChatFiles.accountId, accountId), eq(teamChatFiles.id, fileId)));
    return row;
  });
}
