import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeWhatsApp } from '../../../testing/fake-whatsapp';
import { startWhatsAppApp, stopWhatsAppApp } from '../../../testing/app-fixtures';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows, until } from '../../../testing/helpers';
import { api, type TTestApp } from '../../../testing/test-app';
import { customerWritesOnWhatsApp, type TTestChannel } from '../testing/intake.testing';
import {
  createChannel,
  member,
  seedConversation,
  smsBody,
  type TMember,
  withAcc,
} from '../testing/inbox.testing';

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let other: TSignedUp;
let channel: TTestChannel;
let ana: TMember;
let bruno: TMember;
let manager: TMember;

beforeAll(async () => {
  ({ ctx, fake, owner, channel } = await startWhatsAppApp());
  other = await signUp(ctx);
  ana = await member(ctx, owner, 'operator');
  bruno = await member(ctx, owner, 'operator');
  manager = await member(ctx, owner, 'manager');
});
afterAll(() => stopWhatsAppApp({ ctx, fake }));

const act = (id: string, action: string, token: string, body?: unknown, lang: 'en' | 'pt-BR' = 'en') =>
  api(ctx.app, 'POST', withAcc(`/p/chat/conversation/${id}/${action}`, owner.accountId), {
    token,
    body,
    lang,
  });
const list = (tab: string, token: string, extra = '', acc = owner.accountId) =>
  api(ctx.app, 'GET', `/p/chat/conversation/list?acc=${acc}&tab=${tab}${extra}`, { token });
const stateOf = async (id: string) =>
  (
    await queryRows<{ stage: string; assignee_id: string | null; hold_until: Date | null }>(
      ctx,
      sql`select stage, assignee_id, hold_until from conversations where id = ${id}`,
    )
  )[0];
const systemLines = async (id: string) =>
  (
    await queryRows<{ body: string; template: { system: string } }>(
      ctx,
      sql`select body, template from messages where conversation_id = ${id} and author_type = 'system'
          order by created_at, id`,
    )
  ).map((m) => m.template.system);
/** The hold timers (pg-boss jobs) written for a conversation. */
const timerJobs = async (id: string) =>
  (
    await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from pgboss.job where name = 'inbox.hold-resume'
          and data->>'conversationId' = ${id}`,
    )
  )[0].n;
const inAttendance = (assigneeId: string) =>
  seedConversation(ctx, owner.accountId, { channelId: channel.id, stage: 'attendance', assigneeId });
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('putting a conversation on hold', () => {
  it('until the customer’s next message: leaves In attendance for the hold tab, and the reply brings it back', async () => {
    const phone = '5511960013001';
    expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'Oi')).toBe(200);
    const [open] = await queryRows<{ id: string }>(
      ctx,
      sql`select c.id from conversations c join contacts k on k.id = c.contact_id
          where c.account_id = ${owner.accountId} and k.phone like ${`%${phone.slice(-8)}`}`,
    );
    expect((await act(open.id, 'take', ana.token)).statusCode).toBe(200);

    const held = await act(open.id, 'hold', ana.token, {});
    expect(held.statusCode).toBe(200);
    expect(held.body.data).toMatchObject({
      _id: open.id,
      stage: 'hold',
      assigneeId: ana.userId,
      holdUntil: null,
    });
    const holdTab = await list('hold', ana.token);
    expect(holdTab.body.data.items.map((c: { _id: string }) => c._id)).toContain(open.id);
    const attendance = await list('attendance', ana.token);
    expect(attendance.body.data.items.map((c: { _id: string }) => c._id)).not.toContain(open.id);
    const data = await api(ctx.app, 'GET', `/p/chat/inbox/${owner.accountId}`, { token: ana.token });
    expect(data.body.data.counts.hold).toBe(1);

    expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'Voltei')).toBe(200);
    await until(async () => (await stateOf(open.id)).stage === 'attendance');
    expect(await stateOf(open.id)).toMatchObject({
      stage: 'attendance',
      assignee_id: ana.userId,
      hold_until: null,
    });
    expect(await systemLines(open.id)).toEqual(['taken', 'heldUntilReply', 'customerReplied']);
  });

  it('until a time: the timer gives it back to its operator; the system line says when', async () => {
    const { conversationId } = await inAttendance(ana.userId);
    const res = await act(conversationId, 'hold', ana.token, { until: soon(1500) }, 'pt-BR');
    expect(res.statusCode).toBe(200);
    expect(res.body.data.stage).toBe('hold');
    const [line] = await queryRows<{ body: string }>(
      ctx,
      sql`select body from messages where conversation_id = ${conversationId} and author_type = 'system'`,
    );
    expect(line.body).toMatch(/colocou a conversa em espera até \d{2}\/\d{2}\/\d{4}/);
    await until(async () => (await stateOf(conversationId)).stage === 'attendance', 20_000);
    expect(await stateOf(conversationId)).toMatchObject({ assignee_id: ana.userId, hold_until: null });
    expect(await systemLines(conversationId)).toEqual(['held', 'holdEnded']);
  });

  it('resumed early by its operator: the pending timer changes nothing when it fires', async () => {
    const { conversationId } = await inAttendance(ana.userId);
    const until1 = soon(60_000);
    expect((await act(conversationId, 'hold', ana.token, { until: until1 })).statusCode).toBe(200);
    expect(await timerJobs(conversationId)).toBe(1);
    const resumed = await act(conversationId, 'resume', ana.token);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.body.data).toMatchObject({ stage: 'attendance', assigneeId: ana.userId, holdUntil: null });
    // The timer's job, run as pg-boss would at that moment: a no-op now.
    expect(
      await ctx.app.services.inbox.hold.resumeDue({
        accountId: owner.accountId,
        conversationId,
        until: until1,
      }),
    ).toBe(false);
    // Resuming again answers the conversation as it is.
    expect((await act(conversationId, 'resume', ana.token)).statusCode).toBe(200);
    expect(await systemLines(conversationId)).toEqual(['held', 'resumed']);
  });

  it('a later hold replaces the earlier one: only the latest time resumes it', async () => {
    const { conversationId } = await inAttendance(ana.userId);
    const first = soon(60_000);
    const second = soon(120_000);
    await act(conversationId, 'hold', ana.token, { until: first });
    await act(conversationId, 'hold', ana.token, { until: second });
    const hold = ctx.app.services.inbox.hold;
    expect(await hold.resumeDue({ accountId: owner.accountId, conversationId, until: first })).toBe(false);
    expect((await stateOf(conversationId)).stage).toBe('hold');
    expect(await hold.resumeDue({ accountId: owner.accountId, conversationId, until: second })).toBe(true);
    expect(await hold.resumeDue({ accountId: owner.accountId, conversationId, until: second })).toBe(false);
    expect((await stateOf(conversationId)).stage).toBe('attendance');
  });

  it('refuses a moment in the past and a conversation not in attendance, with the catalogue texts', async () => {
    const { conversationId } = await inAttendance(ana.userId);
    const past = await act(conversationId, 'hold', ana.token, { until: soon(-60_000) });
    expect(past.statusCode).toBe(400);
    expect(past.body).toMatchObject({ code: 'HOLD_TIME_PAST', message: 'Choose a moment in the future' });
    const waiting = await seedConversation(ctx, owner.accountId, { channelId: channel.id });
    const res = await act(waiting.conversationId, 'hold', manager.token, {}, 'pt-BR');
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({
      code: 'HOLD_NOT_IN_ATTENDANCE',
      message: 'Só uma conversa em atendimento pode ser colocada em espera',
    });
    const bad = await act(conversationId, 'hold', ana.token, { until: 'amanhã' });
    expect(bad.statusCode).toBe(400);
    expect((await stateOf(conversationId)).stage).toBe('attendance');
  });

  it('roles: another operator cannot hold or resume it; a manager can and sees every hold', async () => {
    const { conversationId } = await inAttendance(ana.userId);
    const byBruno = await act(conversationId, 'hold', bruno.token, {});
    expect(byBruno.statusCode).toBe(404);
    expect(byBruno.body.code).toBe('CONVERSATION_NOT_FOUND');
    expect((await act(conversationId, 'hold', manager.token, {})).statusCode).toBe(200);
    expect((await act(conversationId, 'resume', bruno.token)).statusCode).toBe(404);
    const brunoTab = await list('hold', bruno.token);
    expect(brunoTab.body.data.items.map((c: { _id: string }) => c._id)).not.toContain(conversationId);
    const managerTab = await list('hold', manager.token, '&scope=all');
    expect(managerTab.body.data.items.map((c: { _id: string }) => c._id)).toContain(conversationId);
    expect(managerTab.body.data.items[0]).toHaveProperty('holdUntil');
    expect((await act(conversationId, 'resume', manager.token)).statusCode).toBe(200);
    expect((await stateOf(conversationId)).assignee_id).toBe(ana.userId);
  });

  it('closed while on hold: out of the hold tab, its time cleared, the timer a no-op', async () => {
    const { conversationId } = await inAttendance(ana.userId);
    const until = soon(60_000);
    await act(conversationId, 'hold', ana.token, { until });
    const closed = await act(conversationId, 'close', ana.token, { reason: 'RESOLVED' });
    expect(closed.statusCode).toBe(200);
    expect(closed.body.data).toMatchObject({ stage: 'closed', holdUntil: null });
    const hold = ctx.app.services.inbox.hold;
    expect(await hold.resumeDue({ accountId: owner.accountId, conversationId, until })).toBe(false);
    expect((await stateOf(conversationId)).stage).toBe('closed');
    const tab = await list('hold', ana.token);
    expect(tab.body.data.items.map((c: { _id: string }) => c._id)).not.toContain(conversationId);
  });

  it('inactivity closing spares a hold that ends ahead; a hold until the next message may close', async () => {
    const acc = await signUp(ctx);
    const ch = (await createChannel(ctx, acc, smsBody()))._id;
    await api(ctx.app, 'PUT', withAcc('/p/chat/settings', acc.accountId), {
      token: acc.token,
      body: { downtimeDays: 3 },
    });
    const old = new Date(Date.now() - 4 * 86_400_000);
    const seedHeld = async (holdUntil: Date | null) => {
      const { conversationId } = await seedConversation(ctx, acc.accountId, {
        channelId: ch,
        stage: 'hold',
        assigneeId: acc.userId,
        lastMessageAt: old,
      });
      await queryRows(
        ctx,
        sql`update conversations set hold_until = ${holdUntil?.toISOString() ?? null}::timestamptz where id = ${conversationId}`,
      );
      return conversationId;
    };
    const ahead = await seedHeld(new Date(Date.now() + 86_400_000));
    const untilReply = await seedHeld(null);
    await ctx.app.services.inbox.inactivity.run();
    expect((await stateOf(ahead)).stage).toBe('hold');
    expect((await stateOf(untilReply)).stage).toBe('closed');
  });

  it('another account neither sees nor holds it', async () => {
    const { conversationId } = await inAttendance(ana.userId);
    const res = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${conversationId}/hold`, other.accountId),
      { token: other.token, body: {} },
    );
    expect(res.statusCode).toBe(404);
    expect((await stateOf(conversationId)).stage).toBe('attendance');
    const tab = await list('hold', other.token, '&scope=all', other.accountId);
    expect(tab.body.data.items).toEqual([]);
  });
});
