import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { createDepartment } from '../../departments/departments.testing';
import {
  createChannel,
  member,
  seedConversation,
  smsBody,
  type TMember,
  withAcc,
} from '../testing/inbox.testing';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
let ana: TMember;
let bruno: TMember;
let manager: TMember;
let channelId: string;
let salesId: string;
let financeId: string;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx);
  other = await signUp(ctx);
  ana = await member(ctx, owner, 'operator');
  bruno = await member(ctx, owner, 'operator');
  manager = await member(ctx, owner, 'manager');
  channelId = (await createChannel(ctx, owner, smsBody()))._id;
  salesId = await createDepartment(ctx, owner, 'Vendas');
  financeId = await createDepartment(ctx, owner, 'Financeiro');
});
afterAll(async () => {
  await ctx.close();
});

const act = (id: string, action: string, token: string, body?: unknown, acc = owner.accountId) =>
  api(ctx.app, 'POST', withAcc(`/p/chat/conversation/${id}/${action}`, acc), { token, body, lang: 'en' });
const seed = (extra: Partial<Parameters<typeof seedConversation>[2]> = {}) =>
  seedConversation(ctx, owner.accountId, { channelId, ...extra });
const messagesOf = async (id: string) =>
  queryRows<{
    author_type: string;
    body: string;
    private: boolean;
    template: Record<string, unknown> | null;
  }>(
    ctx,
    sql`select author_type, body, private, template from messages where conversation_id = ${id} order by created_at, id`,
  );

describe('take', () => {
  it('two operators at once: exactly one wins, the other hears the conversation was taken', async () => {
    for (let round = 0; round < 5; round++) {
      const { conversationId } = await seed();
      const [a, b] = await Promise.all([
        act(conversationId, 'take', ana.token),
        act(conversationId, 'take', bruno.token),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      const winner = a.statusCode === 200 ? a : b;
      expect(loser.body).toMatchObject({
        status: 0,
        code: 'CONVERSATION_TAKEN',
        message: 'This conversation was already taken or closed',
      });
      expect(winner.body.data).toMatchObject({ stage: 'attendance', _id: conversationId });
      const [row] = await queryRows<{ assignee_id: string }>(
        ctx,
        sql`select assignee_id from conversations where id = ${conversationId}`,
      );
      expect(row.assignee_id).toBe(winner === a ? ana.userId : bruno.userId);
      const system = (await messagesOf(conversationId)).filter((m) => m.author_type === 'system');
      expect(system).toHaveLength(1);
    }
  });

  it('a closed conversation cannot be taken; the pt-BR text is the catalogue one', async () => {
    const { conversationId } = await seed({ stage: 'closed' });
    const res = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${conversationId}/take`, owner.accountId),
      {
        token: ana.token,
        lang: 'pt-BR',
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe('Esta conversa já foi assumida ou encerrada');
  });

  it('records the take in the activity log', async () => {
    const { conversationId } = await seed();
    await act(conversationId, 'take', ana.token);
    const [row] = await queryRows<{ n: number; user_id: string }>(
      ctx,
      sql`select count(*)::int as n, max(user_id::text) as user_id from activity_log
          where action = 'conversation.taken' and target = ${conversationId}`,
    );
    expect(row.user_id).toBe(ana.userId);
    expect(Number(row.n)).toBe(1);
  });
});

describe('transfer', () => {
  it('an operator transfers their own conversation to another operator, with a note', async () => {
    const { conversationId } = await seed({ stage: 'attendance', assigneeId: ana.userId });
    const res = await act(conversationId, 'transfer', ana.token, {
      operatorId: bruno.userId,
      note: 'Cliente VIP',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ stage: 'attendance', assigneeId: bruno.userId });
    const system = (await messagesOf(conversationId)).find((m) => m.author_type === 'system');
    expect(system?.body).toContain('Cliente VIP');
    expect(system?.private).toBe(true);
    expect(system?.template).toMatchObject({ system: 'transferred', note: 'Cliente VIP' });
  });

  it("refuses another operator's conversation: conversation belongs to another operator", async () => {
    const { conversationId } = await seed({ stage: 'attendance', assigneeId: ana.userId });
    const res = await act(conversationId, 'transfer', bruno.token, { operatorId: bruno.userId });
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatchObject({
      code: 'CONVERSATION_OTHER_OPERATOR',
      message: 'This conversation belongs to another operator',
    });
    const waiting = await seed();
    const unassigned = await act(waiting.conversationId, 'transfer', bruno.token, { departmentId: salesId });
    expect(unassigned.body.code).toBe('CONVERSATION_OTHER_OPERATOR');
  });

  it('managers transfer any; to a department it goes back to waiting; unknown members and empty targets are refused', async () => {
    const { conversationId } = await seed({ stage: 'attendance', assigneeId: ana.userId });
    const toDept = await act(conversationId, 'transfer', manager.token, { departmentId: financeId });
    expect(toDept.body.data).toMatchObject({
      stage: 'waiting',
      assigneeId: null,
      departmentId: financeId,
    });
    const unknown = await act(conversationId, 'transfer', manager.token, { operatorId: other.userId });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.code).toBe('MEMBER_NOT_FOUND');
    const empty = await act(conversationId, 'transfer', manager.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body.fields![0]).toMatchObject({ path: 'operatorId', key: 'selectRequired' });
    const [log] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from activity_log where action = 'conversation.transferred' and target = ${conversationId}`,
    );
    expect(Number(log.n)).toBe(1);
  });
});

describe('transfer to a department (issue 13)', () => {
  it("refuses a department that is not one of the account's (made up, or another account's): 404, nothing changes", async () => {
    const { conversationId } = await seed({ stage: 'attendance', assigneeId: ana.userId });
    const theirs = await createDepartment(ctx, other, 'Vendas deles');
    for (const departmentId of ['vendas', '00000000-0000-4000-8000-000000000000', theirs]) {
      const res = await act(conversationId, 'transfer', manager.token, { departmentId });
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatchObject({ code: 'DEPARTMENT_NOT_FOUND', message: 'Department not found' });
    }
    const pt = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${conversationId}/transfer`, owner.accountId),
      {
        token: manager.token,
        body: { departmentId: theirs },
        lang: 'pt-BR',
      },
    );
    expect(pt.body.message).toBe('Departamento não encontrado');
    const [row] = await queryRows<{ stage: string; assignee_id: string | null }>(
      ctx,
      sql`select stage, assignee_id from conversations where id = ${conversationId}`,
    );
    expect(row).toEqual({ stage: 'attendance', assignee_id: ana.userId });
  });
});

describe('close and reopen', () => {
  it('closes with one of the account reasons (and sub-reason); unknown reasons are refused', async () => {
    const reasons = await signUp(ctx);
    const ch = (await createChannel(ctx, reasons, smsBody()))._id;
    await api(ctx.app, 'POST', withAcc('/p/chat/closing-reasons', reasons.accountId), {
      token: reasons.token,
      body: { name: 'Resolvido', subReasons: ['Dúvida'] },
    });
    const { conversationId } = await seedConversation(ctx, reasons.accountId, {
      channelId: ch,
      stage: 'attendance',
      assigneeId: reasons.userId,
    });
    const close = (body: unknown) => act(conversationId, 'close', reasons.token, body, reasons.accountId);
    const missing = await close({});
    expect(missing.statusCode).toBe(400);
    expect(missing.body.fields).toEqual([
      { path: 'reason', key: 'selectRequired', message: 'Select field is required' },
    ]);
    const unknown = await close({ reason: 'Inexistente' });
    expect(unknown.body.fields).toEqual([{ path: 'reason', key: 'invalid', message: 'Invalid value' }]);
    const badSub = await close({ reason: 'Resolvido', subReason: 'Outro' });
    expect(badSub.body.fields).toEqual([{ path: 'subReason', key: 'invalid', message: 'Invalid value' }]);
    const ok = await close({ reason: 'resolvido', subReason: 'dúvida' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data).toMatchObject({
      stage: 'closed',
      closeReason: 'Resolvido',
      closeSubReason: 'Dúvida',
      unreadCount: 0,
    });
    const again = await close({ reason: 'Resolvido' });
    expect(again.statusCode).toBe(409);
    expect(again.body.code).toBe('CONVERSATION_TAKEN');
    const [log] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from activity_log where action = 'conversation.closed' and target = ${conversationId}`,
    );
    expect(Number(log.n)).toBe(1);
  });

  it('operators close only their own (or unassigned waiting) conversations', async () => {
    const { conversationId } = await seed({ stage: 'attendance', assigneeId: ana.userId });
    const res = await act(conversationId, 'close', bruno.token, { reason: 'Qualquer' });
    expect(res.statusCode).toBe(403);
    expect(res.body.code).toBe('CONVERSATION_OTHER_OPERATOR');
    const waiting = await seed();
    expect((await act(waiting.conversationId, 'close', bruno.token, { reason: 'Spam' })).statusCode).toBe(
      200,
    );
  });

  it('reopens a closed conversation into attendance with the caller; not while the contact has another open one', async () => {
    const closed = await seed({ stage: 'closed', assigneeId: ana.userId });
    await queryRows(
      ctx,
      sql`update conversations set closed_by = ${ana.userId} where id = ${closed.conversationId}`,
    );
    const res = await act(closed.conversationId, 'reopen', ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      stage: 'attendance',
      assigneeId: ana.userId,
      closedAt: null,
      closeReason: null,
    });
    const open = await act(closed.conversationId, 'reopen', ana.token);
    expect(open.statusCode).toBe(409);
    expect(open.body).toMatchObject({
      code: 'ACTIVE_CONVERSATION_EXISTS',
      details: { conversationId: closed.conversationId },
    });
    // Someone else's open conversation: the same refusal, without an id they could not open.
    const byBruno = await act(closed.conversationId, 'reopen', bruno.token);
    expect(byBruno.body.code).toBe('ACTIVE_CONVERSATION_EXISTS');
    expect(byBruno.body).not.toHaveProperty('details');

    const old = await seed({ stage: 'closed' });
    const waiting = await seed({ contactId: old.contactId, stage: 'waiting' });
    const conflict = await act(old.conversationId, 'reopen', manager.token);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.body).toEqual({
      status: 0,
      code: 'ACTIVE_CONVERSATION_EXISTS',
      message: 'An active conversation already exists with this number',
      details: { conversationId: waiting.conversationId },
    });
    // An operator cannot reopen someone else's history.
    const foreign = await seed({ stage: 'closed', assigneeId: ana.userId });
    expect((await act(foreign.conversationId, 'reopen', bruno.token)).statusCode).toBe(404);
  });
});

describe('notes and read marks', () => {
  it('a private note is stored for the team, idempotent on its client id', async () => {
    const { conversationId } = await seed({ stage: 'attendance', assigneeId: ana.userId });
    const first = await act(conversationId, 'note', ana.token, { text: 'Ligar amanhã', clientId: 'n-1' });
    expect(first.statusCode).toBe(200);
    expect(first.body.data).toMatchObject({
      private: true,
      body: 'Ligar amanhã',
      author: 'operator',
      uid: 'n-1',
    });
    const retry = await act(conversationId, 'note', ana.token, { text: 'Ligar amanhã', clientId: 'n-1' });
    expect(retry.body.data._id).toBe(first.body.data._id);
    const notes = (await messagesOf(conversationId)).filter((m) => m.author_type === 'operator');
    expect(notes).toHaveLength(1);
    const empty = await act(conversationId, 'note', ana.token, { text: ' ' });
    expect(empty.body.fields).toEqual([
      { path: 'text', key: 'messageEmpty', message: 'Message cannot be empty' },
    ]);
  });

  it('marking read sets the unread count to 0', async () => {
    const { conversationId } = await seed({ stage: 'attendance', assigneeId: ana.userId });
    await queryRows(ctx, sql`update conversations set unread_count = 7 where id = ${conversationId}`);
    const res = await act(conversationId, 'read', ana.token);
    expect(res.body.data.unreadCount).toBe(0);
  });
});

describe('isolation and roles', () => {
  it("another account's ids answer 404 for every action", async () => {
    const { conversationId } = await seed();
    for (const action of ['take', 'reopen', 'read']) {
      const res = await act(conversationId, action, other.token, undefined, other.accountId);
      expect(res.statusCode).toBe(404);
      expect(res.body.code).toBe('CONVERSATION_NOT_FOUND');
    }
    const close = await act(conversationId, 'close', other.token, { reason: 'x' }, other.accountId);
    expect(close.statusCode).toBe(404);
    const note = await act(conversationId, 'note', other.token, { text: 'x' }, other.accountId);
    expect(note.statusCode).toBe(404);
    // Nor can another account's member act on it through the owner's account.
    const through = await act(conversationId, 'take', other.token);
    expect(through.statusCode).toBe(404);
    expect(through.body.code).toBe('ACC_INVALID_USER');
    const get = await api(
      ctx.app,
      'GET',
      withAcc(`/p/chat/conversation/${conversationId}`, other.accountId),
      {
        token: other.token,
      },
    );
    expect(get.statusCode).toBe(404);
  });
});
