import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant, type TTx } from '../../platform/db/tenant';
import { teamChatMessages, teamChatRoomMembers, teamChatRooms, type TStoredFile } from './team-chat.schema';

export type TMessageRow = typeof teamChatMessages.$inferSelect;

export interface TNewMessage {
  id?: string;
  senderId: string | null;
  content: string;
  files: TStoredFile[];
  tempId: string | null;
  ai?: TMessageRow['ai'];
}

function findByTempId(tx: TTx, accountId: string, senderId: string, tempId: string) {
  return tx
    .select()
    .from(teamChatMessages)
    .where(
      and(
        eq(teamChatMessages.accountId, accountId),
        eq(teamChatMessages.senderId, senderId),
        eq(teamChatMessages.tempId, tempId),
      ),
    );
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Stores a message once per (sender, tempId): a retried send returns the stored row with
 * `duplicate`. The room's last_seq numbers it (the row lock orders a room's sends) and the
 * sender's read position moves to it (sending reads the room).
 */
export async function insertMessage(
  db: TDb,
  accountId: string,
  roomId: string,
  message: TNewMessage,
): Promise<{ row: TMessageRow; duplicate: boolean }> {
  const { senderId, tempId } = message;
  const existing = (tx: TTx) =>
    senderId && tempId ? findByTempId(tx, accountId, senderId, tempId) : Promise.resolve([]);
  try {
    return await withTenant(db, accountId, async (tx) => {
      const [before] = await existing(tx);
      if (before) return { row: before, duplicate: true };
      const [room] = await tx
        .update(teamChatRooms)
        .set({ lastSeq: sql`${teamChatRooms.lastSeq} + 1`, lastMessageAt: new Date() })
        .where(and(eq(teamChatRooms.id, roomId), eq(teamChatRooms.accountId, accountId)))
        .returning({ seq: teamChatRooms.lastSeq });
      const [row] = await tx
        .insert(teamChatMessages)
        .values({ ...message, accountId, roomId, seq: room.seq })
        .returning();
      if (senderId)
        await tx
          .insert(teamChatRoomMembers)
          .values({ roomId, accountId, userId: senderId, readSeq: room.seq })
          .onConflictDoUpdate({
            target: [teamChatRoomMembers.roomId, teamChatRoomMembers.userId],
            set: { readSeq: sql`greatest(${teamChatRoomMembers.readSeq}, ${room.seq})` },
          });
      return { row, duplicate: false };
    });
  } catch (error) {
    // Two sends of one tempId raced: the loser's insert hit the unique index; answer the winner's row.
    if (!isUniqueViolation(error)) throw error;
    const [after] = await withTenant(db, accountId, existing);
    if (!after) throw error;
    return { row: after, duplicate: true };
  }
}

/** A page of a room, newest first: seq below `beforeSeq` and above the user's cleared position. */
export function listMessages(
  db: TDb,
  accountId: string,
  roomId: string,
  options: { beforeSeq?: number; afterSeq: number; limit: number },
) {
  return withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(teamChatMessages)
      .where(
        and(
          eq(teamChatMessages.accountId, accountId),
          eq(teamChatMessages.roomId, roomId),
          gt(teamChatMessages.seq, options.afterSeq),
          options.beforeSeq !== undefined ? lt(teamChatMessages.seq, options.beforeSeq) : undefined,
        ),
      )
      .orderBy(desc(teamChatMessages.seq))
      .limit(options.limit),
  );
}

/** The last `limit` messages of a room, oldest first (the AI's context). */
export async function recentMessages(db: TDb, accountId: string, roomId: string, limit: number) {
  const rows = await listMessages(db, accountId, roomId, { afterSeq: 0, limit });
  return rows.sort((a, b) => a.seq - b.seq);
}

export function findMessageBySeq(db: TDb, accountId: string, roomId: string, seq: number) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(teamChatMessages)
      .where(
        and(
          eq(teamChatMessages.accountId, accountId),
          eq(teamChatMessages.roomId, roomId),
          eq(teamChatMessages.seq, seq),
        ),
      );
    return row;
  });
}

export function deleteRoomMessages(db: TDb, accountId: string, roomId: string) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .delete(teamChatMessages)
      .where(and(eq(teamChatMessages.accountId, accountId), eq(teamChatMessages.roomId, roomId)))
      .returning({ id: teamChatMessages.id });
    return rows.length;
  });
}
