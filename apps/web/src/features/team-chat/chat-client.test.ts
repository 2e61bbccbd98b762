import type { TTeamChatMessage } from '@atende/shared';
import { describe, expect, it, vi } from 'vitest';
import { type TChatSocket, TeamChatClient } from './chat-client';

const ME = '0190f7a8-0000-7000-8000-000000000001';
const BOB = '0190f7a8-0000-7000-8000-000000000002';
const DIRECT = '0190f7a8-0000-7000-8000-0000000000d1';

class FakeSocket implements TChatSocket {
  connected = true;
  readonly emits: Array<{ event: string; payload: any; ack?: (res: unknown) => void }> = [];
  private readonly handlers = new Map<string, Array<(...args: any[]) => void>>();
  on(event: string, listener: (...args: any[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
  }
  emit(event: string, payload?: unknown, ack?: (res: unknown) => void) {
    this.emits.push({ event, payload, ack });
  }
  connect() {}
  disconnect() {
    this.connected = false;
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  server(event: string, payload: unknown) {
    for (const h of this.handlers.get(event) ?? []) h(payload);
  }
}

const stored = (patch: Partial<TTeamChatMessage>): TTeamChatMessage => ({
  _id: '0190f7a8-0000-7000-8000-00000000f001',
  content: 'oi',
  senderId: ME,
  roomId: DIRECT,
  files: [],
  timestamp: new Date().toISOString(),
  status: 'sent',
  seq: 1,
  tempId: null,
  ...patch,
});

const directRoom = {
  roomId: DIRECT,
  roomName: 'Bruno',
  avatar: null,
  unreadCount: 0,
  users: [ME, BOB],
  type: 'direct' as const,
  lastSeq: 1,
};

describe('TeamChatClient direct rooms', () => {
  it('a first message to a teammate creates the room: the conversation moves to its roomId', () => {
    const socket = new FakeSocket();
    const client = new TeamChatClient({ accountId: 'acc', userId: ME, socket });
    client.setOpen(true);
    client.openMember(BOB);
    expect(client.getState().activeRoom).toBe(`direct:${BOB}`);
    expect(socket.emits[0]).toMatchObject({
      event: 'fetchMessages',
      payload: { directUserId: BOB, limit: 30 },
    });
    socket.emits[0].ack?.({ status: 1, data: { roomId: null, messages: [], nextCursor: null } });

    client.setDraft(`direct:${BOB}`, 'rascunho');
    client.send(`direct:${BOB}`, 'Oi Bruno');
    const send = socket.emits.find((e) => e.event === 'sendMessage')!;
    expect(send.payload).toMatchObject({ directUserId: BOB, content: 'Oi Bruno', files: [] });
    expect(client.getState().messages[`direct:${BOB}`]).toHaveLength(1);

    send.ack?.({ status: 1, data: stored({ content: 'Oi Bruno', tempId: send.payload.tempId }) });
    const state = client.getState();
    expect(state.activeRoom).toBe(DIRECT);
    expect(state.messages[`direct:${BOB}`]).toBeUndefined();
    expect(state.messages[DIRECT].map((m) => [m.content, m.status, m.local])).toEqual([
      ['Oi Bruno', 'sent', undefined],
    ]);
    expect(state.drafts[DIRECT]).toBe('rascunho');

    // Opening the teammate again finds the room.
    socket.server('updateUnreadCount', { rooms: [directRoom], total: 0 });
    client.openRoom(null);
    client.openMember(BOB);
    expect(client.getState().activeRoom).toBe(DIRECT);
    client.dispose();
  });

  it('when the teammate creates the room first, the open `direct:` conversation switches to it', () => {
    const socket = new FakeSocket();
    const client = new TeamChatClient({ accountId: 'acc', userId: ME, socket });
    client.setOpen(true);
    client.openMember(BOB);
    socket.server('sendMessage', stored({ senderId: BOB, content: 'Oi!' }));
    socket.server('updateUnreadCount', { rooms: [{ ...directRoom, unreadCount: 1 }], total: 1 });
    const state = client.getState();
    expect(state.activeRoom).toBe(DIRECT);
    expect(state.messages[DIRECT].map((m) => m.content)).toEqual(['Oi!']);
    // On screen: marked read at once.
    expect(state.total).toBe(0);
    expect(socket.emits.some((e) => e.event === 'updateUnreadCount' && e.payload.roomId === DIRECT)).toBe(
      true,
    );
    client.dispose();
  });

  it('a streamed AI answer in the room on screen is marked read once complete', () => {
    const socket = new FakeSocket();
    const client = new TeamChatClient({ accountId: 'acc', userId: ME, socket });
    const ai = {
      ...directRoom,
      roomId: '0190f7a8-0000-7000-8000-0000000000a2',
      type: 'ai' as const,
      users: [ME],
    };
    socket.server('updateUnreadCount', { rooms: [ai], total: 0 });
    client.setOpen(true);
    client.openRoom(ai.roomId);
    const answer = { _id: '0190f7a8-0000-7000-8000-00000000a001', roomId: ai.roomId, senderId: 'assistant' };
    const reads = () => socket.emits.filter((e) => e.event === 'updateUnreadCount').length;
    const before = reads();
    socket.server('sendMessage', stored({ ...answer, status: 'sending', seq: 0, content: 'Sou' }));
    expect(reads()).toBe(before);
    socket.server('sendMessage', stored({ ...answer, status: 'sent', seq: 2, content: 'Sou o assistente.' }));
    expect(reads()).toBe(before + 1);
    expect(client.getState().total).toBe(0);
    expect(client.getState().messages[ai.roomId].map((m) => m.content)).toEqual(['Sou o assistente.']);
    client.dispose();
  });
});

describe('TeamChatClient roster', () => {
  it('reads the roster over HTTP after each connection, then applies the socket changes on top', async () => {
    const socket = new FakeSocket();
    const members = [
      { userId: ME, name: 'Ana', avatar: null, status: 'online' as const, lastSeen: null },
      { userId: BOB, name: 'Bruno', avatar: null, status: 'offline' as const, lastSeen: null },
    ];
    const loadMembers = vi.fn(async () => ({ full: true as const, members }));
    const client = new TeamChatClient({ accountId: 'acc', userId: ME, socket, loadMembers });
    socket.server('connect', undefined);
    expect(loadMembers).not.toHaveBeenCalled();
    socket.server('updateUnreadCount', { rooms: [], total: 0 });
    socket.server('updateUnreadCount', { rooms: [], total: 0 });
    await vi.waitFor(() => expect(client.getState().members).toEqual(members));
    expect(loadMembers).toHaveBeenCalledTimes(1);

    socket.server('teamMembers', { full: false, members: [{ ...members[1], status: 'online' }] });
    expect(client.getState().members.find((m) => m.userId === BOB)?.status).toBe('online');
  });
});

describe('TeamChatClient clearing a room (issue 13)', () => {
  it('asks the server to clear the room and empties it on success; keeps it when refused', async () => {
    const socket = new FakeSocket();
    const client = new TeamChatClient({ accountId: 'acc', userId: ME, socket });
    client.setOpen(true);
    client.openRoom(DIRECT);
    const fetch = socket.emits.find((e) => e.event === 'fetchMessages')!;
    fetch.ack?.({ status: 1, data: { roomId: DIRECT, messages: [stored({})], nextCursor: null } });
    await vi.waitFor(() => expect(client.getState().messages[DIRECT]).toHaveLength(1));

    const refused = client.clearRoom(DIRECT);
    const first = socket.emits.filter((e) => e.event === 'clearMessages').at(-1)!;
    expect(first.payload).toEqual({ roomId: DIRECT });
    first.ack?.({ status: 0, code: 'NOT_AUTHORIZED' });
    expect(await refused).toBe(false);
    expect(client.getState().messages[DIRECT]).toHaveLength(1);

    const done = client.clearRoom(DIRECT);
    socket.emits
      .filter((e) => e.event === 'clearMessages')
      .at(-1)!
      .ack?.({ status: 1, data: { roomId: DIRECT, cleared: 1 } });
    expect(await done).toBe(true);
    expect(client.getState().messages[DIRECT]).toEqual([]);
  });
});
