import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { createDepartment } from '../departments/departments.testing';
import { connectVisitor, createChannel, visitorSession, webchatBody } from '../inbox/testing/inbox.testing';
import { listen } from '../team-chat/team-chat.testing';
import { publishedBot } from './testing/chatbots.testing';

let ctx: TTestApp;
let baseUrl: string;
let owner: TSignedUp;
let slug: string;
let departmentId: string;
let botId: string;

const call = (method: 'GET' | 'POST', path: string) =>
  api(ctx.app, method, `${path}${path.includes('?') ? '&' : '?'}acc=${owner.accountId}`, {
    token: owner.token,
  });

/** A greeting, then the hand-over to the Suporte department. */
function handoverFlow(department: string) {
  return {
    version: 1,
    variables: [],
    events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g1',
        title: 'Início',
        position: { x: 100, y: 0 },
        blocks: [
          { id: 'hello', type: 'text', text: 'Vou te passar para o Suporte.' },
          { id: 'handover', type: 'transfer', departmentId: department },
        ],
      },
    ],
    edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  };
}

const usage = async () =>
  (await call('GET', `/g/acc/${owner.accountId}`)).body.data.accFinancial.usage.conversations as number;

const waiting = async () =>
  (
    await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from conversations
          where account_id = ${owner.accountId} and stage = 'waiting'`,
    )
  )[0].n;

async function conversation(id: string) {
  const [row] = await queryRows<{ stage: string; counted: boolean; department_id: string | null }>(
    ctx,
    sql`select stage, counted, department_id from conversations where id = ${id}`,
  );
  return row;
}

beforeAll(async () => {
  ctx = await startTestApp();
  baseUrl = await listen(ctx);
  owner = await signUp(ctx, { plan: 'pro' });
  const channel = await createChannel(ctx, owner, webchatBody('Site'));
  slug = channel.externalId;
  departmentId = await createDepartment(ctx, owner, 'Suporte');
  botId = await publishedBot(ctx, owner, [channel._id], handoverFlow(departmentId));
});

afterAll(async () => {
  await ctx?.close();
});

describe("the editor's live test never reaches the inbox", () => {
  it('a test reaching a hand-over ends the test: no queue, no usage, and the console is told where it would go', async () => {
    const usedBefore = await usage();
    const test = await call('POST', `/p/chatbots/${botId}/test`);
    expect(test.statusCode, JSON.stringify(test.body)).toBe(200);
    const visitor = await connectVisitor(baseUrl, test.body.data.slug, test.body.data.token);
    try {
      const ack = await visitor.call('message' as never, { id: 'm1', text: 'oi' });
      expect(ack.status).toBe(1);
      const conversationId = ack.data.conversationId as string;
      await visitor.waitFor('message', (m: { body: string }) => m.body === 'Vou te passar para o Suporte.');
      const closed = await visitor.waitFor<{ conversationId: string }>('closed');
      expect(closed.conversationId).toBe(conversationId);

      const outcome = await call('GET', `/p/chatbots/${botId}/test/${conversationId}`);
      expect(outcome.statusCode).toBe(200);
      expect(outcome.body.data).toEqual({ handover: { departmentId, operatorId: null } });
      // Not in the queue (nor closed: no survey, no close automations), not counted.
      expect(await conversation(conversationId)).toEqual({
        stage: 'flow',
        counted: false,
        department_id: null,
      });
      // The turn ends just after the console is told.
      await until(async () => {
        const [session] = await queryRows<{ status: string }>(
          ctx,
          sql`select status from chatbot_sessions where conversation_id = ${conversationId}`,
        );
        return session.status === 'transferred';
      });
      expect(await waiting()).toBe(0);
      expect(await usage()).toBe(usedBefore);
    } finally {
      visitor.close();
    }
  });

  it("a test that has not handed over has no hand-over; another account's bot is not found", async () => {
    const test = await call('POST', `/p/chatbots/${botId}/test`);
    const visitor = await connectVisitor(baseUrl, test.body.data.slug, test.body.data.token);
    try {
      // A conversation of the account that is not this bot's test.
      const other = await call('GET', `/p/chatbots/${botId}/test/00000000-0000-4000-8000-000000000000`);
      expect(other.statusCode).toBe(200);
      expect(other.body.data).toEqual({ handover: null });
      const stranger = await signUp(ctx, { plan: 'pro' });
      const foreign = await api(
        ctx.app,
        'GET',
        `/p/chatbots/${botId}/test/00000000-0000-4000-8000-000000000000?acc=${stranger.accountId}`,
        { token: stranger.token },
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body.code).toBe('CHATBOT_NOT_FOUND');
    } finally {
      visitor.close();
    }
  });

  it("a real visitor's hand-over still reaches the queue and counts in the usage", async () => {
    const usedBefore = await usage();
    const session = await visitorSession(ctx, slug);
    const visitor = await connectVisitor(baseUrl, slug, session.token);
    try {
      const ack = await visitor.call('message' as never, { id: 'r1', text: 'oi' });
      expect(ack.status).toBe(1);
      const conversationId = ack.data.conversationId as string;
      await visitor.waitFor('message', (m: { body: string }) => m.body === 'Vou te passar para o Suporte.');
      const row = await until(async () => {
        const c = await conversation(conversationId);
        return c.stage === 'waiting' ? c : undefined;
      });
      expect(row).toEqual({ stage: 'waiting', counted: true, department_id: departmentId });
      expect(await waiting()).toBe(1);
      expect(await usage()).toBe(usedBefore + 1);
    } finally {
      visitor.close();
    }
  });
});
