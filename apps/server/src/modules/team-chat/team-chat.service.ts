import { rooms } from '../../platform/rooms';
import {
  LIMITS,
  type TFetchMessagesEvent,
  type TTeamChatRoom,
  type TUpdateUnreadCountEvent,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { findOwnFiles } from './files.repo';
import { deleteRoomMessages, insertMessage, listMessages } from './messages.repo';
import { presentMessage } from './team-chat.presenter';
import {
  directRoomKey,
  ensureDirectRoom,
  ensureUserRooms,
  findMember,
  findRoom,
  findRoomByKey,
  listRoomsOfUser,
  markRoomRead,
  type TRoomRow,
} from './rooms.repo';
import type { TeamDirectory } from './team-directory';

export interface TChatActor {
  accountId: string;
  userId: string;
}

export interface TRoomTarget {
  roomId?: string;
  directUserId?: string;
}

/** Cuts content to the spec's 2047 characters (code points, so no emoji is split in half). */
export function truncateContent(content: string): string {
  const max = LIMITS.teamChat.contentMaxChars;
  if (content.length <= max) return content;
  return Array.from(content).slice(0, max).join('');
}

/** Who may read and write a room: the account room everyone in it, a direct room its two, an AI room its owner. */
export function canUseRoom(room: Pick<TRoomRow, 'type' | 'key'>, userId: string): boolean {
  if (room.type === 'account') return true;
  if (room.type === 'ai') return room.key === `ai:${userId}`;
  return room.key.split(':').slice(1).includes(userId);
}

/** The user ids of a direct or AI room (the account room is everyone). */
export function roomUsers(room: Pick<TRoomRow, 'type' | 'key'>): string[] {
  return room.key.split(':').slice(1);
}

/** Rooms, messages, unread counts: every access check of the team chat lives here. */
export class TeamChatService {
  /** Rooms never change type, key or account: cached by id for the access check of every event. */
  private readonly roomCache = new Map<string, TRoomRow>();

  constructor(
    private readonly db: TDb,
    readonly directory: TeamDirectory,
  ) {}

  /** On connection: the account room and the user's AI room exist. */
  async connect(actor: TChatActor) {
    return ensureUserRooms(this.db, actor.accountId, actor.userId);
  }

  /** The room of `target` if the actor may use it; a direct room is created when `create`. */
  async resolveRoom(
    actor: TChatActor,
    target: TRoomTarget,
    create = false,
  ): Promise<{ room: TRoomRow | undefined; created: boolean }> {
    if (target.roomId) {
      const cacheKey = `${actor.accountId}:${target.roomId}`;
      let room = this.roomCache.get(cacheKey);
      if (!room) {
        room = await findRoom(this.db, actor.accountId, target.roomId);
        if (room) {
          if (this.roomCache.size > 10_000) this.roomCache.clear();
          this.roomCache.set(cacheKey, room);
        }
      }
      if (!room || !canUseRoom(room, actor.userId)) throw new AppError('TEAM_CHAT_ROOM_NOT_FOUND');
      return { room, created: false };
    }
    const other = target.directUserId!;
    if (other === actor.userId || !(await this.directory.isMember(actor.accountId, other)))
      throw new AppError('TEAM_CHAT_ROOM_NOT_FOUND');
    if (!create)
      return {
        room: await findRoomByKey(this.db, actor.accountId, directRoomKey(actor.userId, other)),
        created: false,
      };
    return ensureDirectRoom(this.db, actor.accountId, actor.userId, other);
  }

  /** Stores a message (idempotent on tempId); files must be the sender's own uploads in this account. */
  async send(
    actor: TChatActor,
    payload: TRoomTarget & { content: string; files: Array<{ fileId: string }>; tempId: string },
  ) {
    const { room, created } = await this.resolveRoom(actor, payload, true);
    if (!room) throw new AppError('TEAM_CHAT_ROOM_NOT_FOUND');
    if (room.type === 'ai') throw new AppError('TEAM_CHAT_ROOM_NOT_FOUND');
    const ids = [...new Set(payload.files.map((f) => f.fileId))];
    const found = ids.length ? await findOwnFiles(this.db, actor.accountId, actor.userId, ids) : [];
    if (found.length !== ids.length) throw new AppError('TEAM_CHAT_FILE_NOT_FOUND');
    const byId = new Map(found.map((f) => [f.id, f]));
    const { row, duplicate } = await insertMessage(this.db, actor.accountId, room.id, {
      senderId: actor.userId,
      content: truncateContent(payload.content),
      files: ids.map((id) => {
        const f = byId.get(id)!;
        return { fileId: f.id, name: f.name, extension: f.extension, size: f.size };
      }),
      tempId: payload.tempId,
    });
    return { room, created, duplicate, message: presentMessage(row) };
  }

  /** A page of messages, newest first, without what the actor cleared. */
  async fetch(
    actor: TChatActor,
    payload: TRoomTarget & { before?: string; limit: number },
  ): Promise<TFetchMessagesEvent> {
    const { room } = await this.resolveRoom(actor, payload);
    if (!room) return { roomId: null, messages: [], nextCursor: null };
    const member = await findMember(this.db, actor.accountId, room.id, actor.userId);
    const rows = await listMessages(this.db, actor.accountId, room.id, {
      beforeSeq: payload.before === undefined ? undefined : Number(payload.before),
      afterSeq: member?.clearedSeq ?? 0,
      limit: payload.limit + 1,
    });
    const page = rows.slice(0, payload.limit);
    return {
      roomId: room.id,
      messages: page.map((r) => presentMessage(r)),
      nextCursor: rows.length > payload.limit ? String(page[page.length - 1].seq) : null,
    };
  }

  async markRead(actor: TChatActor, roomId: string) {
    const { room } = await this.resolveRoom(actor, { roomId });
    await markRoomRead(this.db, actor.accountId, room!.id, actor.userId);
  }

  /**
   * The AI room: its history is deleted (it is the caller's alone). Other rooms: history up to
   * now is hidden from the caller only (others keep it). Either way the room is read.
   */
  async clear(actor: TChatActor, roomId: string) {
    const { room } = await this.resolveRoom(actor, { roomId });
    const before = await findMember(this.db, actor.accountId, room!.id, actor.userId);
    if (room!.type === 'ai') {
      const cleared = await deleteRoomMessages(this.db, actor.accountId, room!.id);
      await markRoomRead(this.db, actor.accountId, room!.id, actor.userId);
      return { roomId: room!.id, cleared };
    }
    await markRoomRead(this.db, actor.accountId, room!.id, actor.userId, true);
    const after = await findMember(this.db, actor.accountId, room!.id, actor.userId);
    return { roomId: room!.id, cleared: (after?.clearedSeq ?? 0) - (before?.clearedSeq ?? 0) };
  }

  /** Every room of the user with names, avatars and unread counts (the updateUnreadCount event). */
  async rooms(actor: TChatActor): Promise<TUpdateUnreadCountEvent> {
    const [rows, team, bundle, lang] = await Promise.all([
      listRoomsOfUser(this.db, actor.accountId, actor.userId),
      this.directory.team(actor.accountId),
      this.directory.account(actor.accountId),
      this.directory.langOf(actor.accountId, actor.userId),
    ]);
    const byId = new Map(team.map((m) => [m.userId, m]));
    const rooms: TTeamChatRoom[] = rows.map((r) => {
      const unreadCount = Math.max(0, r.lastSeq - Math.max(r.readSeq, r.clearedSeq));
      const base = { roomId: r.id, type: r.type, unreadCount, lastSeq: r.lastSeq };
      if (r.type === 'account')
        return {
          ...base,
          roomName: bundle?.account.name ?? '',
          avatar: null,
          users: team.map((m) => m.userId),
        };
      if (r.type === 'ai')
        return {
          ...base,
          roomName: lang === 'en' ? 'AI assistant' : 'Assistente de IA',
          avatar: null,
          users: [actor.userId],
        };
      const users = roomUsers(r);
      const other = byId.get(users.find((u) => u !== actor.userId) ?? '');
      return { ...base, roomName: other?.name ?? '', avatar: other?.avatar ?? null, users };
    });
    return { rooms, total: rooms.reduce((n, r) => n + r.unreadCount, 0) };
  }

  /** Socket.IO rooms a message of `room` goes to. */
  static targets(accountId: string, room: Pick<TRoomRow, 'type' | 'key'>): string[] {
    if (room.type === 'account') return [rooms.account(accountId)];
    return roomUsers(room).map((u) => userRoom(accountId, u));
  }
}

/** The Socket.IO room of one user's sockets in one account (user:<id> spans every account). */
export const userRoom = rooms.teamChatUser;
