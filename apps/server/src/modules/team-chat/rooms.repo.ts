import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant, type TTx } from '../../platform/db/tenant';
import { teamChatRoomMembers, teamChatRooms } from './team-chat.schema';

export type TRoomRow = typeof teamChatRooms.$inferSelect;
export type TRoomType = TRoomRow['type'];

export const ACCOUNT_ROOM_KEY = 'account';
export const aiRoomKey = (userId: string) => `ai:${userId}`;
export const directRoomKey = (a: string, b: string) => `direct:${[a, b].sort().join(':')}`;

/** The room with `key`, created (with its member rows) when missing. */
async function ensureRoom(tx: TTx, accountId: string, type: TRoomType, key: string, members: string[]) {
  const [created] = await tx
    .insert(teamChatRooms)
    .values({ accountId, type, key })
    .onConflictDoNothing({ target: [teamChatRooms.accountId, teamChatRooms.key] })
    .returning();
  const room =
    created ??
    (
      await tx
        .select()
        .from(teamChatRooms)
        .where(and(eq(teamChatRooms.accountId, accountId), eq(teamChatRooms.key, key)))
    )[0];
  if (members.length)
    await tx
      .insert(teamChatRoomMembers)
      .values(members.map((userId) => ({ roomId: room.id, accountId, userId })))
      .onConflictDoNothing();
  return { room, created: Boolean(created) };
}

/** The account room and the user's AI room, both with the user's member row. */
export function ensureUserRooms(db: TDb, accountId: string, userId: string) {
  return withTenant(db, accountId, async (tx) => ({
    account: (await ensureRoom(tx, accountId, 'account', ACCOUNT_ROOM_KEY, [userId])).room,
    ai: (await ensureRoom(tx, accountId, 'ai', aiRoomKey(userId), [userId])).room,
  }));
}

export function ensureDirectRoom(db: TDb, accountId: string, a: string, b: string) {
  return withTenant(db, accountId, (tx) => ensureRoom(tx, accountId, 'direct', directRoomKey(a, b), [a, b]));
}

export function findRoomByKey(db: TDb, accountId: string, key: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(teamChatRooms)
      .where(and(eq(teamChatRooms.accountId, accountId), eq(teamChatRooms.key, key)));
    return row;
  });
}

export function findRoom(db: TDb, accountId: string, roomId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(teamChatRooms)
      .where(and(eq(teamChatRooms.accountId, accountId), eq(teamChatRooms.id, roomId)));
    return row;
  });
}

/** A room by id alone (a file link carries no account): the caller checks membership next. */
export async function findRoomAnyAccount(db: TDb, roomId: string) {
  const [row] = await db.select().from(teamChatRooms).where(eq(teamChatRooms.id, roomId));
  return row;
}

export interface TRoomOfUser {
  id: string;
  type: TRoomType;
  key: string;
  lastSeq: number;
  readSeq: number;
  clearedSeq: number;
}

/** Every room the user has a member row in, with their read position. */
export function listRoomsOfUser(db: TDb, accountId: string, userId: string): Promise<TRoomOfUser[]> {
  return withTenant(db, accountId, (tx) =>
    tx
      .select({
        id: teamChatRooms.id,
        type: teamChatRooms.type,
        key: teamChatRooms.key,
        lastSeq: teamChatRooms.lastSeq,
        readSeq: teamChatRoomMembers.readSeq,
        clearedSeq: teamChatRoomMembers.clearedSeq,
      })
      .from(teamChatRoomMembers)
      .innerJoin(teamChatRooms, eq(teamChatRooms.id, teamChatRoomMembers.roomId))
      .where(and(eq(teamChatRoomMembers.accountId, accountId), eq(teamChatRoomMembers.userId, userId)))
      .orderBy(teamChatRooms.createdAt),
  );
}

export function findMember(db: TDb, accountId: string, roomId: string, userId: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(teamChatRoomMembers)
      .where(and(eq(teamChatRoomMembers.roomId, roomId), eq(teamChatRoomMembers.userId, userId)));
    return row;
  });
}

/** Marks the room read up to its last message; `clear` also hides everything up to it from the user. */
export function markRoomRead(db: TDb, accountId: string, roomId: string, userId: string, clear = false) {
  return withTenant(db, accountId, async (tx) => {
    const last = sql`(select last_seq from team_chat_rooms where id = ${roomId})`;
    await tx
      .insert(teamChatRoomMembers)
      .values({ roomId, accountId, userId, readSeq: last, clearedSeq: clear ? last : 0 })
      .onConflictDoUpdate({
        target: [teamChatRoomMembers.roomId, teamChatRoomMembers.userId],
        set: {
          readSeq: last,
          updatedAt: new Date(),
          ...(clear ? { clearedSeq: last } : {}),
        },
      });
  });
}
