import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io';
import { addMember, signUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { roomOf, useTeamChat } from './team-chat.testing';

const chat = useTeamChat();
const { connect } = chat;

describe('team chat: sending in the account room', () => {
  it('acks the stored message, tells the sender messageSent and delivers sendMessage to the others', async () => {
    const alice = await connect(chat.owner);
    const bobClient = await connect(chat.bob);
    const room = roomOf(alice, 'account');
    expect(roomOf(bobClient, 'account').roomId).toBe(room.roomId);

    const ack = await alice.call('sendMessage', {
      roomId: room.roomId,
      content: 'Bom dia, equipe!',
      tempId: 't-1',
    });
    expect(ack.status).toBe(1);
    const message = (ack as { data: any }).data;
    expect(message).toMatchObject({
      content: 'Bom dia, equipe!',
      senderId: chat.owner.userId,
      roomId: room.roomId,
      status: 'sent',
      files: [],
      tempId: 't-1',
    });
    const sent = await alice.waitFor('messageSent', (e: any) => e.tempId === 't-1');
    expect(sent.message._id).toBe(message._id);
    const received = await bobClient.waitFor('sendMessage', (m: any) => m._id === message._id);
    expect(received.content).toBe('Bom dia, equipe!');
    expect(alice.received('sendMessage', (m: any) => m._id === message._id)).toEqual([]);
  });

  it('truncates content to 2047 characters', async () => {
    const alice = await connect(chat.owner);
    const ack = await alice.call('sendMessage', {
      roomId: roomOf(alice, 'account').roomId,
      content: 'x'.repeat(3000),
      tempId: 't-long',
    });
    expect(ack.status === 1 && (ack.data as any).content.length).toBe(2047);
  });

  it('refuses an empty message and a payload without a room with VALIDATION_FAILED', async () => {
    const alice = await connect(chat.owner);
    const roomId = roomOf(alice, 'account').roomId;
    expect(await alice.call('sendMessage', { roomId, content: '  ', tempId: 't-empty' })).toMatchObject({
      status: 0,
      code: 'VALIDATION_FAILED',
    });
    expect(await alice.call('sendMessage', { content: 'hi', tempId: 't-noroom' })).toMatchObject({
      status: 0,
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('team chat: direct rooms', () => {
  it('creates the room on the first message; only the two members receive it', async () => {
    const alice = await connect(chat.owner);
    const bobClient = await connect(chat.bob);
    const carolClient = await connect(chat.carol);
    const bobMark = bobClient.mark();
    const ack = await alice.call('sendMessage', {
      directUserId: chat.bob.userId,
      content: 'Só para você',
      tempId: 'd-1',
    });
    expect(ack.status).toBe(1);
    const message = (ack as { data: any }).data;
    const got = await bobClient.waitFor('sendMessage', (m: any) => m._id === message._id);
    expect(got.content).toBe('Só para você');
    const rooms = await bobClient.waitFor(
      'updateUnreadCount',
      (e: any) => e.rooms.some((r: any) => r.type === 'direct'),
      {
        after: bobMark,
      },
    );
    const direct = rooms.rooms.find((r: any) => r.type === 'direct');
    expect(direct).toMatchObject({ roomId: message.roomId, roomName: 'Test User', unreadCount: 1 });
    expect(direct.users.sort()).toEqual([chat.owner.userId, chat.bob.userId].sort());

    // A follow-up by room id reaches bob; carol (same account) never sees either.
    const second = await alice.call('sendMessage', {
      roomId: message.roomId,
      content: 'segunda',
      tempId: 'd-2',
    });
    await bobClient.waitFor('sendMessage', (m: any) => m._id === (second as any).data._id);
    const carolFetch = await carolClient.call('fetchMessages', { roomId: message.roomId });
    expect(carolFetch).toMatchObject({ status: 0, code: 'TEAM_CHAT_ROOM_NOT_FOUND' });
    expect(carolClient.received('sendMessage', (m: any) => m.roomId === message.roomId)).toEqual([]);
  });

  it('refuses a direct room with someone outside the account', async () => {
    const alice = await connect(chat.owner);
    const ack = await alice.call('sendMessage', {
      directUserId: chat.stranger.userId,
      content: 'oi',
      tempId: 'd-x',
    });
    expect(ack).toMatchObject({
      status: 0,
      code: 'TEAM_CHAT_ROOM_NOT_FOUND',
      message: 'Sala de chat não encontrada',
    });
  });
});

describe("team chat: another account's rooms", () => {
  it('refuses to send to, read or mark read a room of another account', async () => {
    const alice = await connect(chat.owner);
    const accountRoom = roomOf(alice, 'account').roomId;
    const outsider = await connect(chat.stranger, chat.stranger.accountId);
    for (const [event, payload] of [
      ['sendMessage', { roomId: accountRoom, content: 'intruso', tempId: 'x-1' }],
      ['fetchMessages', { roomId: accountRoom }],
      ['updateUnreadCount', { roomId: accountRoom }],
      ['clearMessages', { roomId: accountRoom }],
    ] as const) {
      expect(await outsider.call(event, payload)).toMatchObject({
        status: 0,
        code: 'TEAM_CHAT_ROOM_NOT_FOUND',
      });
    }
    const [{ n }] = await queryRows<{ n: number }>(
      chat.ctx,
      sql`select count(*)::int as n from team_chat_messages where content = 'intruso'`,
    );
    expect(n).toBe(0);
  });

  it("refuses another user's AI room", async () => {
    const alice = await connect(chat.owner);
    const bobClient = await connect(chat.bob);
    const bobAi = roomOf(bobClient, 'ai').roomId;
    expect(await alice.call('fetchMessages', { roomId: bobAi })).toMatchObject({
      status: 0,
      code: 'TEAM_CHAT_ROOM_NOT_FOUND',
    });
  });
});

describe('team chat: history', () => {
  it('pages newest first with a cursor, and clearMessages hides history from the caller only', async () => {
    const account = await signUp(chat.ctx);
    const member = await addMember(chat.ctx, account, 'manager');
    const a = await connect(account, account.accountId);
    const roomId = roomOf(a, 'account').roomId;
    for (let i = 1; i <= 5; i++)
      expect((await a.call('sendMessage', { roomId, content: `m${i}`, tempId: `h-${i}` })).status).toBe(1);
    const first = await a.call('fetchMessages', { roomId, limit: 2 });
    expect(first.status === 1 && first.data.messages.map((m: any) => m.content)).toEqual(['m5', 'm4']);
    const second = await a.call('fetchMessages', {
      roomId,
      limit: 2,
      before: (first as any).data.nextCursor,
    });
    expect((second as any).data.messages.map((m: any) => m.content)).toEqual(['m3', 'm2']);
    const third = await a.call('fetchMessages', {
      roomId,
      limit: 2,
      before: (second as any).data.nextCursor,
    });
    expect((third as any).data).toMatchObject({ nextCursor: null });
    expect((third as any).data.messages.map((m: any) => m.content)).toEqual(['m1']);
    await a.waitFor('fetchMessages', (e: any) => e.nextCursor === null && e.roomId === roomId);

    const m = await connect(member, account.accountId);
    expect(await m.call('clearMessages', { roomId })).toEqual({ status: 1, data: { roomId, cleared: 5 } });
    expect((await m.call('fetchMessages', { roomId })).status === 1).toBe(true);
    expect(((await m.call('fetchMessages', { roomId })) as any).data.messages).toEqual([]);
    expect(((await a.call('fetchMessages', { roomId })) as any).data.messages).toHaveLength(5);
  });
});

describe('team chat: unread counts', () => {
  it('counts per room and user, and marking read pushes the counts to every socket of that user', async () => {
    const account = await signUp(chat.ctx);
    const member = await addMember(chat.ctx, account, 'operator');
    const a = await connect(account, account.accountId);
    const roomId = roomOf(a, 'account').roomId;
    await a.call('sendMessage', { roomId, content: 'um', tempId: 'u-1' });
    await a.call('sendMessage', { roomId, content: 'dois', tempId: 'u-2' });
    await a.call('sendMessage', { directUserId: member.userId, content: 'três', tempId: 'u-3' });

    const tab1 = await connect(member, account.accountId);
    const tab2 = await connect(member, account.accountId);
    const counts = tab1.received('updateUnreadCount')[0];
    expect(roomOf(tab1, 'account').unreadCount).toBe(2);
    expect(roomOf(tab1, 'direct').unreadCount).toBe(1);
    expect(roomOf(tab1, 'ai').unreadCount).toBe(0);
    expect(counts.total).toBe(3);
    // The sender has read what they sent.
    expect(roomOf(a, 'account').unreadCount).toBe(0);

    const mark = tab2.mark();
    const ack = await tab1.call('updateUnreadCount', { roomId });
    expect(ack.status === 1 && ack.data.total).toBe(1);
    const pushed = await tab2.waitFor('updateUnreadCount', () => true, { after: mark });
    expect(pushed.total).toBe(1);
    expect(pushed.rooms.find((r: any) => r.roomId === roomId).unreadCount).toBe(0);
  });
});

describe('team chat: retries against a server that drops acks', () => {
  it('stores a retried send once (idempotent on tempId) and the others receive it once', async () => {
    let drops = 2;
    chat.ctx.app.platform.realtime.onConnection((socket: Socket) => {
      socket.use((packet, next) => {
        if (packet[0] === 'sendMessage' && (packet[1] as any)?.tempId === 'retry-1' && drops > 0) {
          drops -= 1;
          packet[packet.length - 1] = () => undefined; // the server handles it, the ack is lost
        }
        next();
      });
    });
    const alice = await connect(chat.owner);
    const bobClient = await connect(chat.bob);
    const roomId = roomOf(alice, 'account').roomId;
    const payload = { roomId, content: 'entregue uma vez', tempId: 'retry-1' };

    // The client's protocol (spec §4): wait for the ack, retry with the same tempId.
    let ack: any;
    let attempts = 0;
    while (!ack && attempts < 4) {
      attempts += 1;
      ack = await alice.call('sendMessage', payload, 1_000).catch(() => undefined);
    }
    expect(attempts).toBe(3);
    expect(ack).toMatchObject({ status: 1, data: { content: 'entregue uma vez', tempId: 'retry-1' } });
    await bobClient.waitFor('sendMessage', (m: any) => m.tempId === 'retry-1');
    const rows = await queryRows<{ id: string }>(
      chat.ctx,
      sql`select id from team_chat_messages where temp_id = 'retry-1'`,
    );
    expect(rows).toEqual([{ id: ack.data._id }]);
    // A later message proves bob's stream moved on without a second copy.
    const after = await alice.call('sendMessage', { roomId, content: 'depois', tempId: 'retry-2' });
    await bobClient.waitFor('sendMessage', (m: any) => m._id === after.data._id);
    expect(bobClient.received('sendMessage', (m: any) => m.tempId === 'retry-1')).toHaveLength(1);
  });
});
