import {
  LIMITS,
  type TFetchMessagesEvent,
  type TMessageSentEvent,
  type TTeamChatAck,
  type TTeamChatMessage,
  type TTeamChatUploadResult,
  type TTeamMembersEvent,
  type TUpdateUnreadCountEvent,
} from '@atende/shared';
import {
  DIRECT_PREFIX,
  addUnread,
  directRoomWith,
  initialChatState,
  mergeMessages,
  moveRoom,
  type TChatState,
  type TRoomKey,
  type TViewMessage,
} from './chat-state';
import { PresenceTracker } from './presence-tracker';
import { SendQueue, type TOutgoing, type TSendEvent } from './send-queue';

/** What the client needs of a socket.io-client socket (a fake one in tests). */
export interface TChatSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  emit(event: string, ...args: any[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

export interface TChatClientOptions {
  accountId: string;
  userId: string;
  socket: TChatSocket;
  /** Renews the access token after 'jwt expired' on connect (api-client's refresh). */
  refreshToken?: () => Promise<boolean>;
  /**
   * The roster with presence (GET /p/team-chat/members); read after each (re)connection, the
   * socket's 'teamMembers' events then carry only the members that change.
   */
  loadMembers?: () => Promise<TTeamMembersEvent>;
}

const PAGE = 30;
let tempCounter = 0;
export function newTempId(): string {
  tempCounter += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `web-${random}-${tempCounter}`;
}

/**
 * The team chat of one account for the signed-in user: the socket's events turned into panel state
 * (rooms and unread counts, members and presence, messages per room), sending through SendQueue
 * and presence pings through PresenceTracker. A new client per account (spec §4).
 */
export class TeamChatClient {
  private state: TChatState;
  private readonly listeners = new Set<() => void>();
  private readonly queue: SendQueue;
  readonly presence: PresenceTracker;
  private readonly roomOfTemp = new Map<string, TRoomKey>();
  private readonly counted = new Set<string>();
  private disposed = false;
  private rosterDue = false;

  constructor(private readonly options: TChatClientOptions) {
    this.state = initialChatState(options.accountId, options.userId);
    const socket = options.socket;
    this.queue = new SendQueue({ socket: () => socket, onChange: (item) => this.onOutgoing(item) });
    this.presence = new PresenceTracker({ ping: () => socket.emit('pingLastSeen', {}) });
    socket.on('connect', () => {
      this.rosterDue = true;
      this.set({ connection: 'connected' });
      this.queue.flush();
      this.presence.start();
      this.resync();
    });
    socket.on('disconnect', (reason: string) => {
      this.set({ connection: 'disconnected' });
      this.queue.disconnected();
      this.presence.stop();
      if (reason === 'io server disconnect' && !this.disposed) socket.connect();
    });
    socket.on('connect_error', (error: Error) => {
      this.set({ connection: 'disconnected' });
      if (error?.message === 'jwt expired' && options.refreshToken)
        void options.refreshToken().then((ok) => ok && !this.disposed && socket.connect());
    });
    socket.on('updateUnreadCount', (e: TUpdateUnreadCountEvent) => this.onRooms(e));
    socket.on('teamMembers', (e: TTeamMembersEvent) => this.onMembers(e));
    socket.on('sendMessage', (m: TTeamChatMessage) => this.onMessage(m));
    socket.on('messageSent', (e: TMessageSentEvent) => this.queue.confirm(e.tempId, e.message));
  }

  getState = (): TChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<TChatState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  setOpen(open: boolean): void {
    this.set({ open });
    if (open && this.state.activeRoom) this.markRead(this.state.activeRoom);
  }

  /** Shows a room: loads its latest page the first time and marks it read. */
  openRoom(key: TRoomKey | null): void {
    this.set({ activeRoom: key });
    if (!key) return;
    if (!this.state.history[key]?.loaded) void this.loadMessages(key);
    this.markRead(key);
  }

  /** The direct room with a teammate (created by the first message when there is none). */
  openMember(userId: string): void {
    const room = directRoomWith(this.state.rooms, this.state.me, userId);
    this.openRoom(room ? room.roomId : `${DIRECT_PREFIX}${userId}`);
  }

  setDraft(key: TRoomKey, text: string): void {
    this.set({ drafts: { ...this.state.drafts, [key]: text } });
  }

  /** Sends a message (the AI room: a question) with already uploaded files. */
  send(key: TRoomKey, content: string, files: TTeamChatUploadResult[] = []): void {
    const text = content.slice(0, LIMITS.teamChat.contentMaxChars);
    if (!text.trim() && files.length === 0) return;
    const tempId = newTempId();
    const ai = this.state.rooms.find((r) => r.roomId === key)?.type === 'ai';
    const target = key.startsWith(DIRECT_PREFIX)
      ? { directUserId: key.slice(DIRECT_PREFIX.length) }
      : { roomId: key };
    const event: TSendEvent = ai ? 'sendMessageGPT' : 'sendMessage';
    const payload = ai
      ? { content: text, tempId }
      : { ...target, content: text, files: files.map((f) => ({ fileId: f.fileId })), tempId };
    this.roomOfTemp.set(tempId, key);
    const local: TViewMessage = {
      _id: tempId,
      tempId,
      content: text,
      senderId: this.state.me,
      roomId: key,
      files: files.map((f) => ({ name: f.name, extension: f.extension, size: f.size, url: '' })),
      timestamp: new Date().toISOString(),
      status: 'sending',
      seq: 0,
      local: true,
    };
    this.set({
      messages: { ...this.state.messages, [key]: mergeMessages(this.state.messages[key], [local]) },
    });
    this.queue.send(event, payload);
  }

  retry(tempId: string): void {
    this.queue.retry(tempId);
  }

  async loadMessages(key: TRoomKey, older = false): Promise<void> {
    const current = this.state.history[key];
    if (current?.loading || (older && !current?.nextCursor)) return;
    this.setHistory(key, { loading: true, failed: false });
    const target = key.startsWith(DIRECT_PREFIX)
      ? { directUserId: key.slice(DIRECT_PREFIX.length) }
      : { roomId: key };
    const before = older ? current?.nextCursor : undefined;
    const res = await this.call<TFetchMessagesEvent>('fetchMessages', {
      ...target,
      limit: PAGE,
      ...(before ? { before } : {}),
    });
    if (res?.status !== 1) {
      this.setHistory(key, { loading: false, failed: true });
      return;
    }
    const page = res.data.messages.slice().reverse();
    this.set({ messages: { ...this.state.messages, [key]: mergeMessages(this.state.messages[key], page) } });
    this.setHistory(key, {
      loading: false,
      loaded: true,
      nextCursor: older || !current?.loaded ? res.data.nextCursor : (current?.nextCursor ?? null),
    });
  }

  /**
   * clearMessages (issue 13): the room's history up to now disappears for this user (the assistant's
   * room is deleted outright); true when the server did it.
   */
  async clearRoom(key: TRoomKey): Promise<boolean> {
    const roomId = key.startsWith(DIRECT_PREFIX)
      ? this.state.rooms.find((r) => r.type === 'direct' && r.users.includes(key.slice(DIRECT_PREFIX.length)))
          ?.roomId
      : key;
    if (!roomId) return false;
    const res = await this.call<{ roomId: string; cleared: number }>('clearMessages', { roomId });
    if (res?.status !== 1) return false;
    this.set({ messages: { ...this.state.messages, [key]: [] } });
    this.setHistory(key, { loading: false, loaded: true, nextCursor: null });
    return true;
  }

  /** pingOffline (sign-out): the others see the user offline at once. */
  goOffline(): void {
    if (this.options.socket.connected) this.options.socket.emit('pingOffline', {});
  }

  dispose(): void {
    this.disposed = true;
    this.queue.dispose();
    this.presence.stop();
    this.options.socket.removeAllListeners();
    this.options.socket.disconnect();
    this.listeners.clear();
  }

  /** Marks a room read when it is on screen (the server answers with the new counts). */
  private markRead(key: TRoomKey): void {
    if (key.startsWith(DIRECT_PREFIX) || !this.state.open) return;
    const room = this.state.rooms.find((r) => r.roomId === key);
    if (room && room.unreadCount > 0) {
      // Shown at once; the server's updateUnreadCount confirms.
      this.set({
        rooms: this.state.rooms.map((r) => (r.roomId === key ? { ...r, unreadCount: 0 } : r)),
        total: Math.max(0, this.state.total - room.unreadCount),
      });
    }
    void this.call('updateUnreadCount', { roomId: key });
  }

  private viewing(roomId: string): boolean {
    return this.state.open && this.state.activeRoom === roomId;
  }

  private onMessage(message: TTeamChatMessage): void {
    const key = message.roomId;
    this.set({
      messages: { ...this.state.messages, [key]: mergeMessages(this.state.messages[key], [message]) },
    });
    if (message.senderId === this.state.me) return;
    // On screen: read (a streamed AI answer once it is complete); elsewhere: one more unread.
    if (this.viewing(key)) {
      if (message.status !== 'sending') this.markRead(key);
      return;
    }
    if (this.counted.has(message._id)) return;
    this.counted.add(message._id);
    this.set(addUnread(this.state, key));
  }

  private onRooms(e: TUpdateUnreadCountEvent): void {
    this.set({ rooms: e.rooms, total: e.total });
    // The first room list after connecting means the server has this user online: read the roster now.
    if (this.rosterDue && this.options.loadMembers) {
      this.rosterDue = false;
      this.options
        .loadMembers()
        .then((roster) => !this.disposed && this.onMembers(roster))
        .catch(() => {
          this.rosterDue = true;
        });
    }
    // The teammate started the direct room that is on screen as `direct:<id>`: use its roomId.
    const active = this.state.activeRoom;
    if (!active?.startsWith(DIRECT_PREFIX)) return;
    const room = directRoomWith(e.rooms, this.state.me, active.slice(DIRECT_PREFIX.length));
    if (!room) return;
    for (const m of this.state.messages[active] ?? [])
      if (m.local && m.tempId) this.roomOfTemp.set(m.tempId, room.roomId);
    this.set(moveRoom(this.state, active, room.roomId));
    this.openRoom(room.roomId);
  }

  private onMembers(e: TTeamMembersEvent): void {
    if (e.full) {
      this.set({ members: e.members });
      return;
    }
    const changed = new Map(e.members.map((m) => [m.userId, m]));
    const members = this.state.members.map((m) => changed.get(m.userId) ?? m);
    for (const m of e.members) if (!this.state.members.some((x) => x.userId === m.userId)) members.push(m);
    this.set({ members });
  }

  private onOutgoing(item: TOutgoing): void {
    const key = this.roomOfTemp.get(item.tempId);
    if (!key) return;
    if (item.status === 'sent' && item.message) {
      this.roomOfTemp.delete(item.tempId);
      this.placeSent(key, item.message);
      return;
    }
    const list = this.state.messages[key] ?? [];
    const messages = list.map((m) =>
      m.local && m.tempId === item.tempId
        ? {
            ...m,
            status: item.status,
            error: item.error,
            serverMessage: item.serverMessage,
            retries: item.retries,
          }
        : m,
    );
    this.set({ messages: { ...this.state.messages, [key]: messages } });
  }

  /** A sent message; a first direct message moves the `direct:` room to its new roomId. */
  private placeSent(key: TRoomKey, message: TTeamChatMessage): void {
    const roomId = message.roomId;
    const moved: Partial<ReturnType<typeof moveRoom>> =
      key === roomId ? {} : moveRoom(this.state, key, roomId);
    const messages = moved.messages ?? this.state.messages;
    this.set({ ...moved, messages: { ...messages, [roomId]: mergeMessages(messages[roomId], [message]) } });
  }

  /** After a reconnect: the room on screen is fetched again, the others when next opened. */
  private resync(): void {
    const history: TChatState['history'] = {};
    for (const [key, h] of Object.entries(this.state.history)) history[key] = { ...h, loaded: false };
    this.set({ history });
    const active = this.state.activeRoom;
    if (active) {
      void this.loadMessages(active);
      this.markRead(active);
    }
  }

  private setHistory(key: TRoomKey, patch: Partial<TChatState['history'][string]>): void {
    const prev = this.state.history[key] ?? {
      loading: false,
      loaded: false,
      nextCursor: null,
      failed: false,
    };
    this.set({ history: { ...this.state.history, [key]: { ...prev, ...patch } } });
  }

  /** Emits with an ack; resolves undefined when offline or after 30 s without one. */
  private call<T>(event: string, payload: unknown): Promise<TTeamChatAck<T> | undefined> {
    const socket = this.options.socket;
    if (!socket.connected) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), LIMITS.teamChat.sendTimeoutMs);
      socket.emit(event, payload, (res: TTeamChatAck<T>) => {
        clearTimeout(timer);
        resolve(res);
      });
    });
  }
}
