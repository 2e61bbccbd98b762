import type { TAccountDetails } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from './session';
import { joinAttendance } from './socket';

const fake = vi.hoisted(() => {
  class FakeSocket {
    connected = false;
    closed = false;
    readonly handlers = new Map<string, Array<(...args: any[]) => void>>();
    on(event: string, listener: (...args: any[]) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
      return this;
    }
    off(event: string, listener: (...args: any[]) => void) {
      this.handlers.set(
        event,
        (this.handlers.get(event) ?? []).filter((l) => l !== listener),
      );
      return this;
    }
    emit() {
      return this;
    }
    fire(event: string, ...args: unknown[]) {
      for (const listener of this.handlers.get(event) ?? []) listener(...args);
    }
    connect() {
      this.connected = true;
      this.fire('connect');
      return this;
    }
    disconnect() {
      this.connected = false;
      this.closed = true;
      return this;
    }
    removeAllListeners() {
      this.handlers.clear();
      return this;
    }
  }
  return { FakeSocket, sockets: [] as InstanceType<typeof FakeSocket>[] };
});

vi.mock('socket.io-client', () => ({
  io: vi.fn(() => {
    const socket = new fake.FakeSocket();
    fake.sockets.push(socket);
    return socket;
  }),
}));

const ME = 'user-1';
const account = (id: string) => ({ acc: { _id: id, name: 'Loja' } }) as unknown as TAccountDetails;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  fake.sockets.length = 0;
  resetSession({ token: 't', status: 'ready', account: account('acc-1'), user: { _id: ME } as never });
});

afterEach(() => resetSession({ token: null, status: 'anonymous', account: null }));

describe('joinAttendance', () => {
  it('opens one connection per tab for every feature; the last one to leave closes it', () => {
    const chat = joinAttendance('acc-1', ME);
    const inbox = joinAttendance('acc-1', ME);
    expect(fake.sockets).toHaveLength(1);
    chat.disconnect();
    expect(fake.sockets[0].closed).toBe(false);
    inbox.disconnect();
    expect(fake.sockets[0].closed).toBe(true);
  });

  it('a feature that joins an open connection gets its connect and the latest room list', async () => {
    const chat = joinAttendance('acc-1', ME);
    const socket = fake.sockets[0];
    socket.connect();
    socket.fire('updateUnreadCount', { rooms: [], total: 3 });
    const seen: unknown[] = [];
    const later = joinAttendance('acc-1', ME);
    later.on('connect', () => seen.push('connect'));
    later.on('updateUnreadCount', (e: { total: number }) => seen.push(e.total));
    await flush();
    expect(seen).toEqual(['connect', 3]);
    chat.disconnect();
    later.disconnect();
  });

  it('removeAllListeners removes only the feature’s own listeners', () => {
    const chat = joinAttendance('acc-1', ME);
    const inbox = joinAttendance('acc-1', ME);
    const chatEvents: string[] = [];
    chat.on('sendMessage', () => chatEvents.push('chat'));
    inbox.on('message:created', () => undefined);
    inbox.removeAllListeners();
    fake.sockets[0].fire('sendMessage', {});
    expect(chatEvents).toEqual(['chat']);
    chat.disconnect();
    inbox.disconnect();
  });

  it('an account change or sign-out closes the connection; the new account gets a new one', () => {
    joinAttendance('acc-1', ME);
    resetSession({ token: 't', status: 'ready', account: account('acc-2'), user: { _id: ME } as never });
    expect(fake.sockets[0].closed).toBe(true);
    joinAttendance('acc-2', ME);
    expect(fake.sockets).toHaveLength(2);
    resetSession({ token: null, status: 'anonymous', account: null });
    expect(fake.sockets[1].closed).toBe(true);
  });
});
