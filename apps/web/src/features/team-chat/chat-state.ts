import type { TTeamChatMessage, TTeamChatRoom, TTeamMember } from '@atende/shared';
import type { TSendError } from './send-queue';

/** A room's key: its roomId, or `direct:<userId>` for a direct room not created yet. */
export type TRoomKey = string;
export const DIRECT_PREFIX = 'direct:';

/** A message as the panel shows it: stored, streaming (AI), or local (not acked yet). */
export interface TViewMessage extends TTeamChatMessage {
  local?: boolean;
  error?: TSendError;
  serverMessage?: string;
  retries?: number;
}

export interface TRoomHistory {
  loading: boolean;
  loaded: boolean;
  nextCursor: string | null;
  failed: boolean;
}

export type TConnection = 'connecting' | 'connected' | 'disconnected';

export interface TChatState {
  connection: TConnection;
  me: string;
  accountId: string;
  rooms: TTeamChatRoom[];
  total: number;
  members: TTeamMember[];
  messages: Record<TRoomKey, TViewMessage[]>;
  history: Record<TRoomKey, TRoomHistory>;
  activeRoom: TRoomKey | null;
  open: boolean;
  drafts: Record<TRoomKey, string>;
}

export function initialChatState(accountId: string, me: string): TChatState {
  return {
    connection: 'connecting',
    me,
    accountId,
    rooms: [],
    total: 0,
    members: [],
    messages: {},
    history: {},
    activeRoom: null,
    open: false,
    drafts: {},
  };
}

const LAST = Number.MAX_SAFE_INTEGER;
const order = (m: TViewMessage) => (m.seq > 0 && !m.local ? m.seq : LAST);

/** Oldest first: stored messages by sequence, then the ones not stored yet by time. */
export function sortMessages(list: TViewMessage[]): TViewMessage[] {
  return [...list].sort((a, b) => order(a) - order(b) || a.timestamp.localeCompare(b.timestamp));
}

/**
 * Adds or replaces messages of one room: by _id, and a stored message replaces the local one with
 * its tempId. A streamed AI answer keeps its place while its text grows.
 */
export function mergeMessages(list: TViewMessage[] = [], incoming: TViewMessage[]): TViewMessage[] {
  const byId = new Map(list.map((m) => [m._id, m]));
  for (const message of incoming) {
    if (!message.local && message.tempId) {
      for (const [id, m] of byId) if (m.local && m.tempId === message.tempId) byId.delete(id);
    }
    byId.set(message._id, message);
  }
  return sortMessages([...byId.values()]);
}

/** The direct room of `me` with `userId`, when it exists. */
export function directRoomWith(rooms: TTeamChatRoom[], me: string, userId: string) {
  return rooms.find((r) => r.type === 'direct' && r.users.includes(userId) && r.users.includes(me));
}

/** The teammate of a direct room (or of a `direct:` key). */
export function otherUserOf(state: TChatState, key: TRoomKey): string | null {
  if (key.startsWith(DIRECT_PREFIX)) return key.slice(DIRECT_PREFIX.length);
  const room = state.rooms.find((r) => r.roomId === key);
  if (room?.type !== 'direct') return null;
  return room.users.find((u) => u !== state.me) ?? null;
}

/** Adds `n` unread messages to one room (and the total), until the server's next count. */
export function addUnread(state: TChatState, roomId: string, n = 1): Pick<TChatState, 'rooms' | 'total'> {
  if (!state.rooms.some((r) => r.roomId === roomId)) return { rooms: state.rooms, total: state.total };
  return {
    rooms: state.rooms.map((r) => (r.roomId === roomId ? { ...r, unreadCount: r.unreadCount + n } : r)),
    total: state.total + n,
  };
}

/** A `direct:<userId>` room got its roomId: its messages, history, draft and focus move there. */
export function moveRoom(
  state: TChatState,
  from: TRoomKey,
  to: TRoomKey,
): Pick<TChatState, 'messages' | 'history' | 'drafts' | 'activeRoom'> {
  const { [from]: movedMessages = [], ...messages } = state.messages;
  const { [from]: movedHistory, ...history } = state.history;
  const { [from]: movedDraft, ...drafts } = state.drafts;
  return {
    messages: { ...messages, [to]: mergeMessages(messages[to], movedMessages) },
    history: {
      ...history,
      [to]: history[to] ?? movedHistory ?? { loading: false, loaded: true, nextCursor: null, failed: false },
    },
    drafts: { ...drafts, [to]: drafts[to] || movedDraft || '' },
    activeRoom: state.activeRoom === from ? to : state.activeRoom,
  };
}
