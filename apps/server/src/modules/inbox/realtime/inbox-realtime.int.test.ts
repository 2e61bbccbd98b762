import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { uniqueIp } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { type ChatClient, listen } from '../../team-chat/team-chat.testing';
import { createDepartment } from '../../departments/departments.testing';
import {
  connectAgent,
  connectVisitor,
  createChannel,
  member,
  type TMember,
  visitorSession,
  webchatBody,
  withAcc,
} from '../testing/inbox.testing';

let ctx: TTestApp;
let baseUrl: string;
let owner: TSignedUp;
let other: TSignedUp;
let ana: TMember;
let sales: TMember;
let support: TMember;
let slug: string;
let salesId: string;
const clients: ChatClient[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  baseUrl = await listen(ctx);
  owner = await signUp(ctx);
  other = await signUp(ctx);
  ana = await member(ctx, owner, 'operator');
  // Issue 13: a transfer takes only the account's departments.
  salesId = await createDepartment(ctx, owner, 'Vendas');
  sales = await member(ctx, owner, 'operator', [salesId]);
  support = await member(ctx, owner, 'operator', [await createDepartment(ctx, owner, 'Suporte')]);
  const body = webchatBody('Chat');
  slug = body.slug;
  await createChannel(ctx, owner, body);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ctx.close();
});

async function agent(user: { userId: string; token: string }, acc = owner.accountId) {
  const client = await connectAgent(baseUrl, user, acc);
  clients.push(client);
  return client;
}
const tokens = new Map<ChatClient, string>();
async function visitor(name: string) {
  const { token } = await visitorSession(ctx, slug, { name }, uniqueIp()['x-forwarded-for']);
  const client = await connectVisitor(baseUrl, slug, token);
  clients.push(client);
  tokens.set(client, token);
  await client.waitFor('history');
  return client;
}
const say = async (v: ChatClient, id: string, text: string) => {
  const res = await v.call('message' as never, { id, text });
  if (res.status !== 1) throw new Error(JSON.stringify(res));
  return res.data as { id: string; conversationId: string };
};
const createdFor =
  (id: string) => (p: { message: { _id: string }; conversation?: Record<string, unknown> }) =>
    p.message._id === id;

describe('inbox realtime (/attendance)', () => {
  it('a web chat visitor message reaches the operators who may see it, never another department nor another account', async () => {
    const [anaC, salesC, supportC, ownerC, outsider] = await Promise.all([
      agent(ana),
      agent(sales),
      agent(support),
      agent(owner),
      agent(other, other.accountId),
    ]);
    const maria = await visitor('Maria');
    const first = await say(maria, 'm-1', 'Quero comprar');
    for (const c of [anaC, salesC, supportC, ownerC]) {
      const event = await c.waitFor('message:created', createdFor(first.id));
      expect(event).toMatchObject({
        conversationId: first.conversationId,
        message: { body: 'Quero comprar', author: 'contact' },
      });
    }
    // A manager routes it to sales: support's operator no longer sees its messages.
    const routed = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${first.conversationId}/transfer`, owner.accountId),
      {
        token: owner.token,
        body: { departmentId: salesId },
      },
    );
    expect(routed.statusCode).toBe(200);
    const moved = await supportC.waitFor(
      'conversation:updated',
      (p: { conversation: { _id: string; departmentId: string; stage: string } }) =>
        p.conversation._id === first.conversationId && p.conversation.departmentId === salesId,
    );
    expect(moved.conversation.stage).toBe('waiting');
    const second = await say(maria, 'm-2', 'Ainda quero comprar');
    await salesC.waitFor('message:created', createdFor(second.id));
    await anaC.waitFor('message:created', createdFor(second.id));
    // Another visitor (no department yet) is seen by all: once support got it, it would have had m-2 before.
    const joao = await visitor('João');
    const sentinel = await say(joao, 'j-1', 'Olá');
    await supportC.waitFor('message:created', createdFor(sentinel.id));
    expect(supportC.received('message:created', createdFor(second.id))).toEqual([]);
    expect(outsider.received('message:created')).toEqual([]);
    expect(outsider.received('conversation:updated')).toEqual([]);
  });

  it('a taken conversation leaves the other operators: they hear conversation:updated, then no more messages', async () => {
    const [anaC, salesC] = await Promise.all([agent(ana), agent(sales)]);
    const v = await visitor('Pedro');
    const m1 = await say(v, 'p-1', 'Oi');
    await salesC.waitFor('message:created', createdFor(m1.id));
    const take = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${m1.conversationId}/take`, owner.accountId),
      {
        token: ana.token,
      },
    );
    expect(take.statusCode).toBe(200);
    const update = await salesC.waitFor(
      'conversation:updated',
      (p: { conversation: { _id: string; stage: string; assigneeId: string } }) =>
        p.conversation._id === m1.conversationId && p.conversation.stage === 'attendance',
    );
    expect(update.conversation.assigneeId).toBe(ana.userId);
    const m2 = await say(v, 'p-2', 'Só para a Ana');
    await anaC.waitFor('message:created', createdFor(m2.id));
    const sentinel = await say(await visitor('Outro'), 'o-1', 'Olá');
    await salesC.waitFor('message:created', createdFor(sentinel.id));
    expect(salesC.received('message:created', createdFor(m2.id))).toEqual([]);
  });

  it('the intake and the agent side send one conversation shape: the list row, with its contact and channel kind', async () => {
    const ownerC = await agent(owner);
    const v = await visitor('Rita');
    const m1 = await say(v, 'r-1', 'Olá');
    const opened = await ownerC.waitFor(
      'conversation:updated',
      (p: { conversation: { _id: string } }) => p.conversation._id === m1.conversationId,
    );
    const created = await ownerC.waitFor('message:created', createdFor(m1.id));
    const listed = await api(
      ctx.app,
      'GET',
      withAcc(`/p/chat/conversation/${m1.conversationId}`, owner.accountId),
      { token: owner.token },
    );
    // As the conversation is read alone (and as the list has it).
    expect(created.conversation).toEqual(listed.body.data);
    expect(opened.conversation).toEqual(listed.body.data);
    expect(created.conversation).toMatchObject({
      contact: { name: 'Rita' },
      channelKind: 'webchat',
      unreadCount: 1,
      lastMessagePreview: 'Olá',
    });
    const take = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${m1.conversationId}/take`, owner.accountId),
      { token: owner.token },
    );
    expect(take.statusCode).toBe(200);
    const taken = await ownerC.waitFor(
      'conversation:updated',
      (p: { conversation: { _id: string; stage: string } }) =>
        p.conversation._id === m1.conversationId && p.conversation.stage === 'attendance',
    );
    expect(Object.keys(created.conversation ?? {}).sort()).toEqual(Object.keys(taken.conversation).sort());
    // A later customer message carries the conversation as the agent side left it.
    const m2 = await say(v, 'r-2', 'Tudo bem?');
    const next = await ownerC.waitFor('message:created', createdFor(m2.id));
    expect(next.conversation).toMatchObject({
      stage: 'attendance',
      assigneeId: owner.userId,
      contact: { name: 'Rita' },
      lastMessagePreview: 'Tudo bem?',
    });
  });

  it('operator replies reach the visitor (ack 1 when delivered, 3 when seen); typing goes both ways', async () => {
    const anaC = await agent(ana);
    const v = await visitor('Lia');
    const m1 = await say(v, 'l-1', 'Bom dia');
    await anaC.waitFor('message:created', createdFor(m1.id));
    (v.socket as unknown as { emit: (e: string, p?: unknown) => void }).emit('typing', { typing: true });
    const typing = await anaC.waitFor(
      'typing',
      (p: { conversationId: string }) => p.conversationId === m1.conversationId,
    );
    expect(typing).toEqual({ conversationId: m1.conversationId, author: 'contact', typing: true });

    const reply = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${m1.conversationId}/messages`, owner.accountId),
      {
        token: ana.token,
        body: { clientId: 'r-1', text: 'Bom dia! Como posso ajudar?' },
      },
    );
    expect(reply.statusCode).toBe(200);
    const messageId = reply.body.data[0]._id;
    const got = await v.waitFor('message', (m: { id: string }) => m.id === messageId);
    expect(got).toMatchObject({
      author: 'operator',
      body: 'Bom dia! Como posso ajudar?',
      authorName: 'Member',
    });
    await anaC.waitFor(
      'message:updated',
      (p: { messageId: string; ack: number }) => p.messageId === messageId && p.ack === 1,
    );
    (v.socket as unknown as { emit: (e: string) => void }).emit('seen');
    await anaC.waitFor(
      'message:updated',
      (p: { messageId: string; ack: number }) => p.messageId === messageId && p.ack === 3,
    );

    (anaC.socket as unknown as { emit: (e: string, p: unknown) => void }).emit('typing', {
      conversationId: m1.conversationId,
      typing: true,
    });
    expect(await v.waitFor('typing')).toEqual({ typing: true, name: 'Member' });

    // A private note never reaches the visitor; the history on reconnect has the reply but not the note.
    await api(ctx.app, 'POST', withAcc(`/p/chat/conversation/${m1.conversationId}/note`, owner.accountId), {
      token: ana.token,
      body: { text: 'nota secreta' },
    });
    const again = await connectVisitor(baseUrl, slug, tokens.get(v)!);
    clients.push(again);
    const history = await again.waitFor<{ items: Array<{ body: string; author: string }> }>('history');
    expect(history.items.map((m) => [m.author, m.body])).toEqual([
      ['contact', 'Bom dia'],
      ['operator', 'Bom dia! Como posso ajudar?'],
    ]);
    expect(v.received('message').map((m: { body: string }) => m.body)).not.toContain('nota secreta');
  });
});
