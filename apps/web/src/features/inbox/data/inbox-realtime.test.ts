import { QueryClient } from '@tanstack/react-query';
import type { TConversation, TConversationList } from '@atende/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationKey, listKey, messagesKey } from './inbox-api';
import { EMPTY_FILTERS, type TMessagesState } from './inbox-cache';
import { InboxRealtime, type TInboxSocket } from './inbox-realtime';
import { ACC, ME, conversation, message, mockApi } from '../inbox-testing';

class FakeSocket implements TInboxSocket {
  connected = false;
  emitted: Array<[string, unknown]> = [];
  private handlers = new Map<string, Array<(...args: any[]) => void>>();
  on(event: string, listener: (...args: any[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
  }
  emit(event: string, payload?: unknown) {
    this.emitted.push([event, payload]);
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
  connect() {}
  disconnect() {}
  removeAllListeners() {
    this.handlers.clear();
  }
}

function setUp(active: string | null = null) {
  const queryClient = new QueryClient();
  const socket = new FakeSocket();
  const read: string[] = [];
  const realtime = new InboxRealtime({
    acc: ACC,
    me: ME,
    manager: false,
    queryClient,
    socket,
    activeConversation: () => active,
    onRead: (id) => read.push(id),
  });
  const waiting = listKey(ACC, 'waiting', EMPTY_FILTERS);
  const attendance = listKey(ACC, 'attendance', EMPTY_FILTERS);
  const list = (items: TConversation[]): TConversationList => ({ items, count: items.length, next: null });
  return { queryClient, socket, realtime, read, waiting, attendance, list };
}

afterEach(() => vi.restoreAllMocks());

describe('inbox realtime', () => {
  it('conversation:updated moves a taken conversation from Waiting to my In attendance', () => {
    const { queryClient, socket, waiting, attendance, list } = setUp();
    const c = conversation();
    queryClient.setQueryData(waiting, list([c]));
    queryClient.setQueryData(attendance, list([]));
    socket.fire('connect');
    socket.fire('conversation:updated', { conversation: { ...c, stage: 'attendance', assigneeId: ME } });
    expect(queryClient.getQueryData<TConversationList>(waiting)?.items).toEqual([]);
    expect(queryClient.getQueryData<TConversationList>(attendance)?.items.map((x) => x._id)).toEqual([c._id]);
    expect(queryClient.getQueryData<TConversation>(conversationKey(ACC, c._id))?.stage).toBe('attendance');
  });

  it('a conversation not cached enters its list as the event brings it, without a read', () => {
    const { queryClient, socket, waiting, list } = setUp();
    const c = conversation({
      contact: { _id: 'x', name: 'Nova Cliente', phone: null, email: null, profilePic: null, tags: [] },
    });
    const { calls } = mockApi(() => undefined);
    queryClient.setQueryData(waiting, list([]));
    socket.fire('conversation:updated', { conversation: c });
    expect(queryClient.getQueryData<TConversationList>(waiting)?.items[0]?.contact.name).toBe('Nova Cliente');
    expect(calls).toEqual([]);
  });

  it("the intake's message:created carries the conversation: its row moves up with the unread count and preview", () => {
    const { queryClient, socket, waiting, list } = setUp();
    const older = conversation({ lastMessageAt: '2026-03-10T12:00:00.000Z' });
    const c = conversation({ lastMessageAt: '2026-03-10T11:00:00.000Z', unreadCount: 0 });
    queryClient.setQueryData(waiting, list([older, c]));
    const reply = message({
      conversationId: c._id,
      body: 'Ainda aí?',
      timestamp: '2026-03-10T12:05:00.000Z',
    });
    socket.fire('message:created', {
      conversationId: c._id,
      message: reply,
      conversation: {
        ...c,
        unreadCount: 1,
        lastMessagePreview: 'Ainda aí?',
        lastMessageAt: reply.timestamp,
        updatedAt: reply.timestamp,
      },
    });
    const items = queryClient.getQueryData<TConversationList>(waiting)?.items;
    expect(items?.map((x) => x._id)).toEqual([c._id, older._id]);
    expect(items?.[0]).toMatchObject({ unreadCount: 1, lastMessagePreview: 'Ainda aí?' });
    expect(queryClient.getQueryData<TConversation>(conversationKey(ACC, c._id))?.unreadCount).toBe(1);
  });

  it('an event that comes late (an older seq) adds its message but keeps the newer conversation', () => {
    const { queryClient, socket, waiting, list } = setUp();
    const c = conversation({ unreadCount: 0 });
    queryClient.setQueryData(waiting, list([c]));
    queryClient.setQueryData<TMessagesState>(messagesKey(ACC, c._id), { items: [], hasOlder: false });
    const first = message({ conversationId: c._id, body: 'um', timestamp: '2026-03-10T12:00:00.000Z' });
    const second = message({ conversationId: c._id, body: 'dois', timestamp: '2026-03-10T12:00:01.000Z' });
    socket.fire('message:created', {
      conversationId: c._id,
      seq: 3,
      message: second,
      conversation: { ...c, unreadCount: 2, lastMessagePreview: 'dois' },
    });
    socket.fire('message:created', {
      conversationId: c._id,
      seq: 2,
      message: first,
      conversation: { ...c, unreadCount: 1, lastMessagePreview: 'um' },
    });
    expect(queryClient.getQueryData<TConversationList>(waiting)?.items[0]).toMatchObject({
      unreadCount: 2,
      lastMessagePreview: 'dois',
    });
    const bodies = queryClient
      .getQueryData<TMessagesState>(messagesKey(ACC, c._id))
      ?.items.map((m) => m.body);
    expect(bodies).toEqual(expect.arrayContaining(['um', 'dois']));
  });

  it('message:created and message:updated go to the open conversation; a customer message there is marked read', () => {
    const c = conversation();
    const { queryClient, socket, read } = setUp(c._id);
    const key = messagesKey(ACC, c._id);
    const mine = message({ conversationId: c._id, author: 'operator', ack: 1 });
    queryClient.setQueryData<TMessagesState>(key, { items: [mine], hasOlder: false });
    socket.fire('typing', { conversationId: c._id, author: 'contact', typing: true });
    const reply = message({
      conversationId: c._id,
      author: 'contact',
      timestamp: '2026-03-10T12:01:00.000Z',
    });
    socket.fire('message:created', { conversationId: c._id, message: reply });
    socket.fire('message:updated', { conversationId: c._id, messageId: mine._id, ack: 3 });
    const state = queryClient.getQueryData<TMessagesState>(key);
    expect(state?.items.map((m) => m._id)).toEqual([mine._id, reply._id]);
    expect(state?.items[0].ack).toBe(3);
    expect(read).toEqual([c._id]);
  });

  it("a customer's photo without a link (the intake's event) reloads the conversation's messages, which sign it", async () => {
    const c = conversation();
    const { queryClient, socket } = setUp(c._id);
    const key = messagesKey(ACC, c._id);
    queryClient.setQueryData<TMessagesState>(key, { items: [], hasOlder: false });
    const photo = message({
      conversationId: c._id,
      author: 'contact',
      kind: 'image',
      media: { mimeType: 'image/jpeg', providerMediaId: 'media-1' },
    });
    socket.fire('message:created', { conversationId: c._id, message: photo });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData<TMessagesState>(key)?.items).toEqual([]);
  });

  it('shows the customer typing until their message arrives', () => {
    const c = conversation();
    const { socket, realtime } = setUp();
    socket.fire('typing', { conversationId: c._id, author: 'contact', typing: true });
    expect(realtime.getState().typing[c._id]).toBe(true);
    socket.fire('message:created', { conversationId: c._id, message: message({ conversationId: c._id }) });
    expect(realtime.getState().typing[c._id]).toBeUndefined();
  });

  it('goes offline on disconnect, and after reconnecting reads what changed since the newest cached change', async () => {
    const { queryClient, socket, realtime, waiting, list } = setUp();
    const c = conversation({
      updatedAt: '2026-03-10T12:00:00.000Z',
      lastMessageAt: '2026-03-10T12:00:00.000Z',
    });
    const key = messagesKey(ACC, c._id);
    const last = message({ conversationId: c._id });
    queryClient.setQueryData(waiting, list([c]));
    queryClient.setQueryData<TMessagesState>(key, { items: [last], hasOlder: false });
    const missed = message({
      conversationId: c._id,
      body: 'Enquanto você estava fora',
      timestamp: '2026-03-10T12:05:00.000Z',
    });
    let online = false;
    const { calls } = mockApi((call) => {
      if (call.path === '/p/chat/conversation/updated')
        return {
          body: online
            ? { items: [{ ...c, unreadCount: 1, updatedAt: '2026-03-10T12:05:00.000Z' }], count: 1 }
            : { items: [], count: 0 },
        };
      if (call.path === `/p/chat/conversation/${c._id}/messages`)
        return { body: online ? { items: [missed], count: 1 } : { items: [], count: 0 } };
      return undefined;
    });
    socket.fire('connect');
    expect(realtime.getState().connection).toBe('connected');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    socket.fire('disconnect', 'transport close');
    expect(realtime.getState().connection).toBe('offline');
    online = true;
    socket.fire('connect');
    await vi.waitFor(() => expect(queryClient.getQueryData<TMessagesState>(key)?.items).toHaveLength(2));
    const [updated, messages] = calls.slice(2);
    expect(updated.path).toBe('/p/chat/conversation/updated');
    expect(updated.query.get('since')).toBe('2026-03-10T12:00:00.000Z');
    expect(messages.query.get('since')).toBe(last._id);
    expect(queryClient.getQueryData<TConversationList>(waiting)?.items[0].unreadCount).toBe(1);
  });

  it('with nothing cached yet, the first connection reads nothing extra', async () => {
    const { socket } = setUp();
    const { calls } = mockApi(() => undefined);
    socket.fire('connect');
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
  });

  it("sends the agent's typing only while connected", () => {
    const { socket, realtime } = setUp();
    realtime.sendTyping('c1', true);
    socket.fire('connect');
    realtime.sendTyping('c1', true);
    expect(socket.emitted).toEqual([['typing', { conversationId: 'c1', typing: true }]]);
  });
});
