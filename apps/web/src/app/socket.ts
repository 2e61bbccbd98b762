import { LIMITS } from '@atende/shared';
import { io, type Socket } from 'socket.io-client';
import { currentAcc, getSession, subscribeSession } from './session';
import { readItem } from './storage';

type TListener = (...args: any[]) => void;

/**
 * A feature's view of the tab's one /attendance connection: its own listeners on the shared
 * socket. `disconnect()` leaves it (the connection closes when the last feature leaves);
 * `removeAllListeners()` removes this feature's listeners only.
 */
export interface TAttendanceSocket {
  readonly connected: boolean;
  on(event: string, listener: TListener): unknown;
  emit(event: string, ...args: any[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

/**
 * Events the server sends once per connection as a snapshot (the team chat's room list): a feature
 * that joins an open connection gets the latest one, as if it had opened the connection itself.
 */
const SNAPSHOT_EVENTS = ['updateUnreadCount'] as const;

interface TShared {
  key: string;
  socket: Socket;
  users: number;
  snapshots: Map<string, unknown[]>;
}

let shared: TShared | null = null;

/**
 * Namespace /attendance (spec §7): handshake auth { accID, userID, token, platform: 'web' }, read
 * again on every reconnection (so a renewed access token is used); connection timeout 80 s,
 * reconnection delay 1 s (spec §9). A new Manager (forceNew), so an account's connection never
 * reuses another account's handshake.
 */
function open(accountId: string, userId: string): TShared {
  const socket = io('/attendance', {
    path: '/socket.io',
    forceNew: true,
    auth: (cb) =>
      cb({ accID: accountId, userID: userId, token: readItem('accessToken') ?? '', platform: 'web' }),
    timeout: LIMITS.teamChat.socketTimeoutMs,
    reconnectionDelay: LIMITS.teamChat.reconnectDelayMs,
    transports: ['websocket', 'polling'],
  });
  const snapshots = new Map<string, unknown[]>();
  socket.on('disconnect', () => snapshots.clear());
  for (const event of SNAPSHOT_EVENTS) socket.on(event, (...args: unknown[]) => snapshots.set(event, args));
  return { key: `${accountId}:${userId}`, socket, users: 0, snapshots };
}

function close(s: TShared): void {
  if (shared === s) shared = null;
  s.socket.removeAllListeners();
  s.socket.disconnect();
}

/**
 * Joins the tab's /attendance connection for an account and user: opened by the first feature
 * that joins, shared by the others (team chat, inbox, contacts import). Joining for another
 * account or user closes the previous connection.
 */
export function joinAttendance(accountId: string, userId: string): TAttendanceSocket {
  const key = `${accountId}:${userId}`;
  if (shared && shared.key !== key) close(shared);
  shared ??= open(accountId, userId);
  const s = shared;
  s.users += 1;
  const mine: Array<[string, TListener]> = [];
  let left = false;
  const registered = (event: string, listener: TListener) =>
    !left && mine.some(([e, l]) => e === event && l === listener);

  const handle: TAttendanceSocket = {
    get connected() {
      return !left && s.socket.connected;
    },
    on(event, listener) {
      if (left) return handle;
      s.socket.on(event, listener);
      mine.push([event, listener]);
      // Joined an open connection: this feature still sees its 'connect' and the snapshots.
      if (event === 'connect' && s.socket.connected) {
        queueMicrotask(() => registered(event, listener) && s.socket.connected && listener());
      } else {
        const snapshot = s.snapshots.get(event);
        if (snapshot) queueMicrotask(() => registered(event, listener) && listener(...snapshot));
      }
      return handle;
    },
    emit(event, ...args) {
      if (!left) s.socket.emit(event, ...args);
      return handle;
    },
    connect() {
      if (!left && shared === s) s.socket.connect();
      return handle;
    },
    removeAllListeners() {
      for (const [event, listener] of mine) s.socket.off(event, listener);
      mine.length = 0;
      return handle;
    },
    disconnect() {
      if (left) return handle;
      handle.removeAllListeners();
      left = true;
      s.users -= 1;
      if (s.users === 0) close(s);
      return handle;
    },
  };
  return handle;
}

// The connection belongs to the current account and user: an account change or sign-out closes it.
subscribeSession(() => {
  if (!shared) return;
  const session = getSession();
  const acc = currentAcc(session);
  const user = session.user?._id;
  if (!acc || !user || shared.key !== `${acc}:${user}`) close(shared);
});
