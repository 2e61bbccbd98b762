import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows, uniqueIp } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { type ChatClient, listen } from '../../team-chat/team-chat.testing';
import {
  connectAgent,
  connectVisitor,
  createChannel,
  member,
  seedConversation,
  smsBody,
  type TMember,
  visitorSession,
  webchatBody,
  withAcc,
} from '../testing/inbox.testing';

let ctx: TTestApp;
let baseUrl: string;
const clients: ChatClient[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  baseUrl = await listen(ctx);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ctx.close();
});

async function online(user: { userId: string; token: string }, acc: string) {
  const client = await connectAgent(baseUrl, user, acc);
  clients.push(client);
  return client;
}
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  owner: TSignedUp,
  body?: unknown,
  token = owner.token,
) => api(ctx.app, method, withAcc(path, owner.accountId), { token, body, lang: 'en' });
const assigneeOf = async (id: string) =>
  (
    await queryRows<{ assignee_id: string | null }>(
      ctx,
      sql`select assignee_id from conversations where id = ${id}`,
    )
  )[0].assignee_id;

async function team(capacity: number) {
  const owner = await signUp(ctx);
  const ana = await member(ctx, owner, 'operator');
  const bruno = await member(ctx, owner, 'operator');
  const carla = await member(ctx, owner, 'operator');
  for (const m of [ana, bruno, carla])
    expect((await call('POST', '/p/chat/distribution/members', owner, { userId: m.userId })).statusCode).toBe(
      200,
    );
  await call('PUT', '/p/chat/settings', owner, { operatorCapacity: capacity });
  const channelId = (await createChannel(ctx, owner, smsBody()))._id;
  return { owner, ana, bruno, carla, channelId };
}

describe('automatic distribution', () => {
  it('round-robin among online queue members, least recently assigned first; offline members get none', async () => {
    const { owner, ana, bruno, carla, channelId } = await team(10);
    await online(ana, owner.accountId);
    await online(bruno, owner.accountId);
    const distribution = ctx.app.services.distribution;
    const order: Array<string | null> = [];
    for (let i = 0; i < 4; i++) {
      const { conversationId } = await seedConversation(ctx, owner.accountId, { channelId });
      // The connections' own retry job may have taken it first: the stored assignee tells.
      await distribution.assign(owner.accountId, conversationId);
      order.push(await assigneeOf(conversationId));
    }
    expect(order).toEqual([ana.userId, bruno.userId, ana.userId, bruno.userId]);
    expect(order).not.toContain(carla.userId);
    const members = (await call('GET', '/p/chat/distribution', owner)).body.data as Array<{
      userId: string;
      online: boolean;
      openConversations: number;
    }>;
    expect(members.find((m) => m.userId === ana.userId)).toMatchObject({
      online: true,
      openConversations: 2,
    });
    expect(members.find((m) => m.userId === carla.userId)).toMatchObject({
      online: false,
      openConversations: 0,
    });
  });

  it('respects the per-operator capacity, also when many conversations are distributed at once', async () => {
    const { owner, ana, bruno, channelId } = await team(2);
    await online(ana, owner.accountId);
    await online(bruno, owner.accountId);
    const ids = [];
    for (let i = 0; i < 8; i++)
      ids.push((await seedConversation(ctx, owner.accountId, { channelId })).conversationId);
    // Distributed at once (the connections' own retry job may join in): 4 places, 4 assigned.
    await Promise.all(ids.map((id) => ctx.app.services.distribution.assign(owner.accountId, id)));
    const [waiting] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from conversations where account_id = ${owner.accountId} and stage = 'waiting'`,
    );
    expect(Number(waiting.n)).toBe(4);
    const loads = await queryRows<{ assignee_id: string; n: number }>(
      ctx,
      sql`select assignee_id, count(*)::int as n from conversations
          where account_id = ${owner.accountId} and stage = 'attendance' group by 1 order by 1`,
    );
    expect(loads.map((l) => Number(l.n))).toEqual([2, 2]);
    expect(new Set(loads.map((l) => l.assignee_id))).toEqual(new Set([ana.userId, bruno.userId]));
  });

  it('end to end: a new web chat conversation is assigned on arrival; a freed place takes the next waiting one', async () => {
    const { owner, ana, channelId: _sms } = await team(1);
    const slugBody = webchatBody('Dist');
    await createChannel(ctx, owner, slugBody);
    const anaC = await online(ana, owner.accountId);
    const talk = async (name: string, id: string) => {
      const { token } = await visitorSession(ctx, slugBody.slug, { name }, uniqueIp()['x-forwarded-for']);
      const v = await connectVisitor(baseUrl, slugBody.slug, token);
      clients.push(v);
      const res = await v.call('message' as never, { id, text: `Olá, sou ${name}` });
      return res.data as { conversationId: string };
    };
    const first = await talk('Primeiro', 'a-1');
    const assigned = await anaC.waitFor(
      'conversation:updated',
      (p: { conversation: { _id: string; assigneeId: string; stage: string } }) =>
        p.conversation._id === first.conversationId && p.conversation.assigneeId === ana.userId,
    );
    expect(assigned.conversation.stage).toBe('attendance');
    const second = await talk('Segundo', 'b-1');
    // Ana is full (capacity 1); bruno and carla are offline: the second waits.
    const waiting = await call('GET', '/p/chat/conversation/list?tab=waiting', owner);
    expect(waiting.body.data.items.map((c: { _id: string }) => c._id)).toContain(second.conversationId);
    expect(await assigneeOf(second.conversationId)).toBeNull();
    const closed = await call(
      'POST',
      `/p/chat/conversation/${first.conversationId}/close`,
      owner,
      { reason: 'Resolvido' },
      ana.token,
    );
    expect(closed.statusCode).toBe(200);
    await anaC.waitFor(
      'conversation:updated',
      (p: { conversation: { _id: string; assigneeId: string } }) =>
        p.conversation._id === second.conversationId && p.conversation.assigneeId === ana.userId,
    );
  });

  it('an operator coming online gets the waiting conversations', async () => {
    const { owner, bruno, channelId } = await team(5);
    const { conversationId } = await seedConversation(ctx, owner.accountId, { channelId });
    expect(await ctx.app.services.distribution.assign(owner.accountId, conversationId)).toBeNull();
    const brunoC = await online(bruno, owner.accountId);
    await brunoC.waitFor(
      'conversation:updated',
      (p: { conversation: { _id: string; assigneeId: string } }) =>
        p.conversation._id === conversationId && p.conversation.assigneeId === bruno.userId,
    );
  });

  it('admins manage the queue; others cannot; non-members are refused', async () => {
    const { owner, ana, carla } = await team(5);
    const removed = await call('DELETE', `/p/chat/distribution/members/${carla.userId}`, owner);
    expect(removed.body.data.map((m: { userId: string }) => m.userId)).not.toContain(carla.userId);
    const stranger = await signUp(ctx);
    const refused = await call('POST', '/p/chat/distribution/members', owner, { userId: stranger.userId });
    expect(refused.statusCode).toBe(404);
    expect(refused.body.code).toBe('MEMBER_NOT_FOUND');
    const manager: TMember = await member(ctx, owner, 'manager');
    expect((await call('GET', '/p/chat/distribution', owner, undefined, ana.token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/p/chat/distribution/members', owner, { userId: ana.userId }, manager.token))
        .statusCode,
    ).toBe(403);
    const foreign = await call('GET', '/p/chat/distribution', owner, undefined, stranger.token);
    expect(foreign.statusCode).toBe(404);
  });
});
