// Test support for the team chat integration tests: socket.io-client clients that record every
// event and let a test wait for one (no sleeps), and a listening test app.
import type { TTeamChatAck, TTeamChatClientEvents, TTeamChatServerEvents } from '@atende/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { startTestApp, type TTestApp } from '../../testing/test-app';

type TEvent = { event: string; payload: any };

export class ChatClient {
  readonly events: TEvent[] = [];
  private waiters: Array<{ test: (e: TEvent, i: number) => boolean; resolve: (e: TEvent) => void }> = [];
  /** The roster read over HTTP right after connecting (GET /p/team-chat/members). */
  roster: any[] = [];

  constructor(readonly socket: Socket<TTeamChatServerEvents, TTeamChatClientEvents>) {
    socket.onAny((event: string, payload: unknown) => {
      const entry = { event, payload };
      const index = this.events.push(entry) - 1;
      for (const w of [...this.waiters])
        if (w.test(entry, index)) {
          this.waiters = this.waiters.filter((x) => x !== w);
          w.resolve(entry);
        }
    });
  }

  /** Position to wait after (`waitFor(..., { after: mark })` ignores earlier events). */
  mark(): number {
    return this.events.length;
  }

  /** The first `event` (already received or arriving) whose payload matches. */
  waitFor<T = any>(
    event: string,
    match: (payload: T) => boolean = () => true,
    options: { after?: number; timeoutMs?: number } = {},
  ): Promise<T> {
    const after = options.after ?? 0;
    const test = (e: TEvent, i: number) => i >= after && e.event === event && match(e.payload);
    const found = this.events.find(test);
    if (found) return Promise.resolve(found.payload);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${event} event arrived`)),
        options.timeoutMs ?? 10_000,
      );
      this.waiters.push({
        test,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e.payload);
        },
      });
    });
  }

  received(event: string, match: (payload: any) => boolean = () => true): any[] {
    return this.events.filter((e) => e.event === event && match(e.payload)).map((e) => e.payload);
  }

  /** Emits with an acknowledgement (rejects after `timeoutMs` without one); the ack is a TTeamChatAck. */
  async call(event: keyof TTeamChatClientEvents, payload?: unknown, timeoutMs = 10_000): Promise<any> {
    const s = this.socket as unknown as Socket;
    return (await s.timeout(timeoutMs).emitWithAck(event, payload)) as TTeamChatAck<any>;
  }

  close() {
    this.socket.disconnect();
  }
}

export async function listen(ctx: TTestApp): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A connected client that has received its first room list (updateUnreadCount), with the roster read over HTTP. */
export async function connectChat(
  baseUrl: string,
  user: { userId: string; token: string },
  accountId: string,
  headers: Record<string, string> = {},
): Promise<ChatClient> {
  const socket = io(`${baseUrl}/attendance`, {
    auth: { accID: accountId, userID: user.userId, token: user.token, platform: 'web' },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: headers,
  });
  const client = new ChatClient(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  await client.waitFor('updateUnreadCount');
  const res = await fetch(`${baseUrl}/p/team-chat/members?acc=${accountId}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  client.roster = ((await res.json()) as { data: { members: any[] } }).data.members;
  return client;
}

/** The room of `type` in the client's latest room list. */
export function roomOf(client: ChatClient, type: 'account' | 'ai' | 'direct') {
  const lists = client.received('updateUnreadCount');
  const rooms = lists[lists.length - 1].rooms as Array<{ type: string; roomId: string; unreadCount: number }>;
  const room = rooms.find((r) => r.type === type);
  if (!room) throw new Error(`no ${type} room`);
  return room;
}

export interface TTeamChat {
  ctx: TTestApp;
  /** The listening app's base URL. */
  url: string;
  owner: TSignedUp;
  /** Two operators of the owner's account. */
  bob: { userId: string; token: string };
  carol: { userId: string; token: string };
  /** A user with an account of their own. */
  stranger: TSignedUp;
  /** A connected client of `user` in the owner's account (or `accountId`), closed after the file's tests. */
  connect(user: { userId: string; token: string }, accountId?: string): Promise<ChatClient>;
}

/**
 * The file's listening app with an owner, two operators and a stranger. Started before the file's
 * tests; it and the clients it connected are closed after them: read it inside them.
 */
export function useTeamChat(): TTeamChat {
  const clients: ChatClient[] = [];
  const chat = {
    connect: async (user, accountId = chat.owner.accountId) => {
      const client = await connectChat(chat.url, user, accountId);
      clients.push(client);
      return client;
    },
  } as TTeamChat;
  beforeAll(async () => {
    chat.ctx = await startTestApp();
    chat.url = await listen(chat.ctx);
    chat.owner = await signUp(chat.ctx);
    chat.bob = await addMember(chat.ctx, chat.owner, 'operator');
    chat.carol = await addMember(chat.ctx, chat.owner, 'operator');
    chat.stranger = await signUp(chat.ctx);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await chat.ctx?.close();
  });
  return chat;
}
