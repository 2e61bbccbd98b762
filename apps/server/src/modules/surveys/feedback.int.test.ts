import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/db/columns';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, uniqueIp, until, yearIn } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { setAccountFlags } from '../contacts/contacts.fixtures';
import { type ChatClient, listen } from '../team-chat/team-chat.testing';
import {
  connectVisitor,
  createChannel,
  seedConversation,
  visitorSession,
  webchatBody,
  withAcc,
} from '../inbox/testing/inbox.testing';

let ctx: TTestApp;
let baseUrl: string;
let owner: TSignedUp;
let other: TSignedUp;
let manager: { token: string; userId: string };
let operator: { token: string; userId: string };
let slug: string;
let channelId: string;
const clients: ChatClient[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  baseUrl = await listen(ctx);
  owner = await signUp(ctx);
  other = await signUp(ctx);
  manager = await addMember(ctx, owner, 'manager');
  operator = await addMember(ctx, owner, 'operator');
  const body = webchatBody('Loja');
  slug = body.slug;
  channelId = (await createChannel(ctx, owner, body))._id;
  const tz = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}`, {
    token: owner.token,
    body: { timezone: 'America/Sao_Paulo' },
  });
  expect(tz.statusCode).toBe(200);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ctx?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', path: string, token = owner.token, acc = owner.accountId) =>
  api(ctx.app, method, withAcc(path, acc), { token, lang: 'en' });
const put = (path: string, body: unknown) =>
  api(ctx.app, 'PUT', withAcc(path, owner.accountId), { token: owner.token, body, lang: 'en' });

/** A survey row as the services write it (the report reads rows; the round trips are tested elsewhere). */
async function seedSurvey(s: {
  createdAt: string;
  csat?: number | null;
  nps?: number | null;
  comment?: string | null;
  status?: string;
  operatorId?: string | null;
  name?: string;
  departmentId?: string | null;
  tagId?: string;
}) {
  const { conversationId, contactId } = await seedConversation(ctx, owner.accountId, {
    channelId,
    stage: 'closed',
    name: s.name ?? 'Cliente',
  });
  if (s.tagId)
    await queryRows(ctx, sql`update contacts set tags = array[${s.tagId}]::uuid[] where id = ${contactId}`);
  const answered = s.csat != null || s.nps != null;
  await queryRows(
    ctx,
    sql`insert into survey_requests (id, account_id, conversation_id, contact_id, channel_id, channel_kind,
          operator_id, department_id, trigger, type, lang, status, csat, nps, comment, sent_at, expires_at, answered_at, created_at)
        values (${newId()}, ${owner.accountId}, ${conversationId}, ${contactId}, ${channelId}, 'webchat',
          ${s.operatorId ?? null}, ${s.departmentId ?? null}, 'operator-close', 'both', 'pt-BR', ${s.status ?? (answered ? 'answered' : 'sent')},
          ${s.csat ?? null}, ${s.nps ?? null}, ${s.comment ?? null}, ${s.createdAt}::timestamptz,
          ${s.createdAt}::timestamptz + interval '1 day',
          ${answered ? s.createdAt : null}::timestamptz, ${s.createdAt}::timestamptz)`,
  );
  return conversationId;
}

describe('the feedback report', () => {
  it('an account without answers reports no scores (null), not zero', async () => {
    const res = await call('GET', '/p/surveys/report', other.token, other.accountId);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      sent: 0,
      answered: 0,
      responseRate: null,
      csat: { answers: 0, score: null },
      nps: { answers: 0, score: null },
    });
  });

  it("computes NPS, CSAT, response rate, distributions and groups; dates in the account's time zone", async () => {
    const lastYear = yearIn('America/Sao_Paulo') - 1;
    // Last year's first hours, whenever the test runs: <last year>-01-01T02:00Z is 31 Dec of the
    // year before, 23:00 in São Paulo; 04:00Z is 1 Jan of last year, 01:00.
    await seedSurvey({
      createdAt: `${lastYear}-01-01T02:00:00Z`,
      csat: 5,
      nps: 10,
      operatorId: manager.userId,
    });
    await seedSurvey({
      createdAt: `${lastYear}-01-01T04:00:00Z`,
      csat: 4,
      nps: 9,
      operatorId: manager.userId,
    });
    await seedSurvey({
      createdAt: `${lastYear}-01-01T05:00:00Z`,
      csat: 2,
      nps: 3,
      comment: 'Demorou muito',
      name: 'Rita Souza',
    });
    await seedSurvey({
      createdAt: `${lastYear}-01-01T06:00:00Z`,
      csat: 5,
      nps: 8,
      comment: 'Gostei do atendimento',
    });
    await seedSurvey({ createdAt: `${lastYear}-01-01T07:00:00Z` }); // sent, not answered
    await seedSurvey({ createdAt: `${lastYear}-01-01T08:00:00Z`, status: 'not_sent' });

    const all = (await call('GET', '/p/surveys/report?dateFilter=all')).body.data;
    expect(all).toMatchObject({ sent: 5, answered: 4, notSent: 1, responseRate: 80 });
    expect(all.csat).toMatchObject({ answers: 4, satisfied: 3, score: 75 });
    // promoters 10, 9; passive 8; detractor 3 → 50% − 25% = 25.
    expect(all.nps).toMatchObject({ answers: 4, promoters: 2, passives: 1, detractors: 1, score: 25 });
    expect(all.csat.distribution).toEqual([
      { score: 1, count: 0 },
      { score: 2, count: 1 },
      { score: 3, count: 0 },
      { score: 4, count: 1 },
      { score: 5, count: 2 },
    ]);
    expect(all.trendUnit).toBe('month');
    expect(all.trend.map((t: { period: string }) => t.period)).toEqual([
      `${lastYear - 1}-12`,
      `${lastYear}-01`,
    ]);
    const byOperator = all.byOperator.find((g: { key: string }) => g.key === manager.userId);
    expect(byOperator).toMatchObject({ answered: 2, csat: 100, nps: 100 });

    const inLastYear = (await call('GET', '/p/surveys/report?dateFilter=lastYear')).body.data;
    expect(inLastYear).toMatchObject({ sent: 4, answered: 3, nps: { score: 0 } });
    const thisYear = (await call('GET', '/p/surveys/report?dateFilter=thisYear')).body.data;
    expect(thisYear).toMatchObject({ sent: 0, answered: 0 });
    const byOp = (await call('GET', `/p/surveys/report?operatorId=${manager.userId}`)).body.data;
    expect(byOp).toMatchObject({ sent: 2, answered: 2 });
    // Another account sees none of it.
    expect((await call('GET', '/p/surveys/report', other.token, other.accountId)).body.data.sent).toBe(0);
  });

  it('filters by department and by contact tag, and groups by them', async () => {
    const tagId = newId();
    await queryRows(
      ctx,
      sql`insert into contact_tags (id, account_id, name, color) values (${tagId}, ${owner.accountId}, 'VIP', 'red')`,
    );
    await seedSurvey({ createdAt: '2025-06-01T12:00:00Z', csat: 1, nps: 0, departmentId: 'vendas', tagId });
    const byDept = (await call('GET', '/p/surveys/report?departmentId=vendas')).body.data;
    expect(byDept).toMatchObject({ sent: 1, csat: { score: 0 }, nps: { score: -100 } });
    const byTag = (await call('GET', `/p/surveys/report?tagId=${tagId}`)).body.data;
    expect(byTag).toMatchObject({ sent: 1, answered: 1 });
    const all = (await call('GET', '/p/surveys/report')).body.data;
    expect(all.byTag).toEqual([{ key: tagId, name: 'VIP', sent: 1, answered: 1, csat: 0, nps: -100 }]);
    expect(all.byDepartment.find((g: { key: string }) => g.key === 'vendas')).toMatchObject({ answered: 1 });
    // A bad filter value is a clear validation error, not a 500.
    const bad = await call('GET', '/p/surveys/report?tagId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('a filter without answers has no scores', async () => {
    const res = await call('GET', '/p/surveys/report?channelKind=sms');
    expect(res.body.data.nps.score).toBeNull();
  });

  it('verbatims: comments with their score, searchable, linking to the conversation', async () => {
    const res = await call('GET', '/p/surveys/verbatims?search=demorou');
    expect(res.statusCode).toBe(200);
    expect(res.body.data.count).toBe(1);
    expect(res.body.data.items[0]).toMatchObject({
      comment: 'Demorou muito',
      csat: 2,
      nps: 3,
      contact: { name: 'Rita Souza' },
    });
    expect(res.body.data.items[0].conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('GET', '/p/surveys/verbatims')).body.data.count).toBe(2);
  });

  it('managers see the report; operators are refused; exports follow the download restriction', async () => {
    expect((await call('GET', '/p/surveys/report', manager.token)).statusCode).toBe(200);
    const refused = await call('GET', '/p/surveys/report', operator.token);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/p/surveys/verbatims', operator.token)).statusCode).toBe(403);
    expect((await call('GET', '/p/surveys/settings', manager.token)).statusCode).toBe(403);
    // Another account's member cannot read this account.
    expect((await call('GET', '/p/surveys/report', other.token)).statusCode).toBeGreaterThanOrEqual(403);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: withAcc('/p/surveys/export?format=csv', owner.accountId),
      headers: { authorization: `Bearer ${manager.token}`, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Date,Contact,Channel,Operator,Department,Status,CSAT,NPS,Comment');
    expect(csv.body).toContain('Demorou muito');
    expect(csv.body).toContain('Not sent');

    await setAccountFlags(ctx, owner.accountId, { restrict_report_download: true });
    const blocked = await call('GET', '/p/surveys/export?format=xlsx', manager.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body).toMatchObject({
      code: 'FUNCTION_UNAVAILABLE',
      message: 'Function unavailable. Contact an administrator for more information.',
    });
    const admin = await ctx.app.inject({
      method: 'GET',
      url: withAcc('/p/surveys/export?format=xlsx', owner.accountId),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(admin.statusCode).toBe(200);
    await setAccountFlags(ctx, owner.accountId, { restrict_report_download: false });
  });
});

describe('settings, interval, expiry and sending by hand', () => {
  it('settings: admins save them; bad values are refused with field errors', async () => {
    const bad = await put('/p/surveys/settings', { expiryHours: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const ok = await put('/p/surveys/settings', {
      enabled: true,
      type: 'csat',
      intervalDays: 7,
      manual: true,
    });
    expect(ok.body.data).toMatchObject({ enabled: true, type: 'csat', intervalDays: 7, expiryHours: 24 });
  });

  async function visitorConversation(text: string) {
    const session = await visitorSession(ctx, slug, {}, uniqueIp()['x-forwarded-for']);
    const v = await connectVisitor(baseUrl, slug, session.token);
    clients.push(v);
    await v.waitFor('history');
    const said = await v.call('message' as never, { id: `m-${Date.now()}`, text });
    expect(said.status).toBe(1);
    return { v, conversationId: said.data.conversationId as string };
  }

  it('a contact is not asked twice within the interval; by hand the operator is told why', async () => {
    const { v, conversationId } = await visitorConversation('Oi');
    const sent = await call('POST', `/p/surveys/conversation/${conversationId}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'sent', type: 'csat' });
    await v.waitFor('message', (m: { options?: unknown[] }) => Array.isArray(m.options));
    // Answered in the open conversation: recorded there, survey.answered emitted, no comment asked.
    const answered: Array<{ metric: string; score: number | null; conversationId: string }> = [];
    ctx.app.platform.events.on('survey.answered', (e) => {
      answered.push(e.data);
    });
    const reply = await v.call('message' as never, { id: 'open-answer', text: '4' });
    expect(reply.data.conversationId).toBe(conversationId);
    await until(async () => answered.length > 0);
    expect(answered[0]).toMatchObject({ metric: 'csat', score: 4, conversationId });
    const survey = await call('GET', `/p/surveys/conversation/${conversationId}`);
    expect(survey.body.data).toMatchObject({ status: 'answered', csat: 4 });
    await v.waitFor('message', (m: { body: string }) => m.body === 'Obrigado pela sua avaliação!');
    const again = await call('POST', `/p/surveys/conversation/${conversationId}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.body.code).toBe('SURVEY_RECENTLY_ASKED');
    // Closing afterwards asks nothing more (same contact, within 7 days).
    await api(ctx.app, 'POST', withAcc(`/p/chat/conversation/${conversationId}/close`, owner.accountId), {
      token: owner.token,
      body: { reason: 'Resolvido' },
    });
    // Wait for the listener to have handled the close (its receipt), then check it asked nothing.
    await until(async () => {
      const receipts = await queryRows<{ n: number }>(
        ctx,
        sql`select count(*)::int as n from event_receipts where listener = 'surveys.ask-on-close'`,
      );
      return receipts[0].n >= 1;
    });
    const rows = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from survey_requests where conversation_id = ${conversationId}`,
    );
    expect(rows[0].n).toBe(1);
    // An operator of another account cannot send it.
    expect(
      (await call('POST', `/p/surveys/conversation/${conversationId}/send`, other.token, other.accountId))
        .statusCode,
    ).toBe(404);
  });

  it('an answer after the expiry stays a normal message: a new conversation, no score', async () => {
    await put('/p/surveys/settings', { intervalDays: 0, onOperatorClose: true });
    const { v, conversationId } = await visitorConversation('Olá');
    await api(ctx.app, 'POST', withAcc(`/p/chat/conversation/${conversationId}/close`, owner.accountId), {
      token: owner.token,
      body: { reason: 'Resolvido' },
    });
    await v.waitFor('message', (m: { options?: unknown[] }) => Array.isArray(m.options));
    await queryRows(
      ctx,
      sql`update survey_requests set expires_at = now() - interval '1 minute' where conversation_id = ${conversationId}`,
    );
    await queryRows(
      ctx,
      sql`update conversations set awaiting_reply = jsonb_set(awaiting_reply, '{until}',
            to_jsonb((now() - interval '1 minute')::text)) where id = ${conversationId}`,
    );
    const late = await v.call('message' as never, { id: 'late-1', text: '5' });
    expect(late.data.conversationId).not.toBe(conversationId);
    const survey = await call('GET', `/p/surveys/conversation/${conversationId}`);
    expect(survey.body.data).toMatchObject({ status: 'expired', csat: null });
  });
});
