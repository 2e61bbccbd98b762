import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { startTestApp, type TTestApp } from '../../../testing/test-app';
import { createDepartment } from '../../departments/departments.testing';
import { createChannel, seedConversation, smsBody } from '../testing/inbox.testing';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
let channelId: string;
let salesId: string;
let foreignId: string;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx);
  other = await signUp(ctx);
  channelId = (await createChannel(ctx, owner, smsBody()))._id;
  salesId = await createDepartment(ctx, owner, 'Vendas');
  foreignId = await createDepartment(ctx, other, 'Compras');
});
afterAll(async () => {
  await ctx.close();
});

const inFlow = () => seedConversation(ctx, owner.accountId, { channelId, stage: 'flow' });
const stateOf = async (id: string) => {
  const [row] = await queryRows<{ stage: string; department_id: string | null }>(
    ctx,
    sql`select stage, department_id from conversations where id = ${id}`,
  );
  const lines = await queryRows<{ body: string; template: Record<string, unknown> | null }>(
    ctx,
    sql`select body, template from messages where conversation_id = ${id} and author_type = 'system' order by created_at, id`,
  );
  return { ...row, line: lines.at(-1) };
};

describe("a bot's hand-over", () => {
  it('to a department: the conversation waits in it, and the line names it (never its id)', async () => {
    const { conversationId } = await inFlow();
    const done = await ctx.app.services.inbox.actions.botHandover(
      owner.accountId,
      conversationId,
      { departmentId: salesId, operatorId: null },
      'Menu',
    );
    expect(done).toBe(true);
    const state = await stateOf(conversationId);
    expect(state).toMatchObject({ stage: 'waiting', department_id: salesId });
    expect(state.line?.template).toMatchObject({
      system: 'transferred',
      actor: 'Menu',
      department: 'Vendas',
    });
    expect(state.line?.body).toContain('Vendas');
    expect(state.line?.body).not.toContain(salesId);
  });

  it("to a department the account does not have (deleted, or another account's): the general queue", async () => {
    for (const departmentId of [foreignId, '0195f000-0000-7000-8000-00000000dead']) {
      const { conversationId } = await inFlow();
      await ctx.app.services.inbox.actions.botHandover(
        owner.accountId,
        conversationId,
        { departmentId, operatorId: null },
        'Menu',
      );
      const state = await stateOf(conversationId);
      expect(state).toMatchObject({ stage: 'waiting', department_id: null });
      expect(state.line?.template).toMatchObject({ system: 'handover', actor: 'Menu' });
    }
  });
});

describe("an automation's transfer", () => {
  it('names the department in the conversation', async () => {
    const { conversationId } = await seedConversation(ctx, owner.accountId, { channelId });
    await ctx.app.services.inbox.automatic.assign(
      owner.accountId,
      conversationId,
      { operatorId: null, departmentId: salesId },
      'test',
      'en',
    );
    const state = await stateOf(conversationId);
    expect(state).toMatchObject({ stage: 'waiting', department_id: salesId });
    expect(state.line?.template).toMatchObject({ system: 'transferred', department: 'Vendas' });
  });
});
