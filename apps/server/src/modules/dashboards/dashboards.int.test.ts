import {
  DASHBOARD_LIMITS,
  ZDashboardAgents,
  ZDashboardLegacy,
  ZDashboardMain,
  ZDashboardMarketing,
  ZDashboardPerformance,
} from '@atende/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NOT_AUTHORIZED, useTwoAccounts } from '../../testing/app-fixtures';
import { newId } from '../../platform/db/columns';
import { queryRows, until, yearIn } from '../../testing/helpers';
import { api } from '../../testing/test-app';
import { setAccountFlags } from '../contacts/contacts.fixtures';
import { createChannel, member, type TMember, webchatBody, withAcc } from '../inbox/testing/inbox.testing';
import { rowsOf } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { bucketOf } from './histogram';
import { dayOf, monthOf } from './local-day';

const setup = useTwoAccounts();
const { call } = setup;
const UNAVAILABLE = 'Function unavailable. Contact an administrator for more information.';
const NY = 'America/New_York';
const range = 'filter=custom&from=2026-03-06&to=2026-03-09';

let operator: TMember;
let manager: TMember;
let channelId: string;

const rollups = () => setup.ctx.app.services.dashboardRollups;
const acc = () => setup.owner.accountId;

async function conversation(
  accountId: string,
  c: {
    createdAt: string;
    closedAt?: string;
    assigneeId?: string | null;
    origin?: string;
    channelId?: string | null;
  },
) {
  const contactId = newId();
  const id = newId();
  await queryRows(
    setup.ctx,
    sql`insert into contacts (id, account_id, name, type, source, created_at)
        values (${contactId}, ${accountId}, 'Cliente', 'webchat', 'channel', ${c.createdAt}::timestamptz)`,
  );
  await queryRows(
    setup.ctx,
    sql`insert into conversations (id, account_id, contact_id, channel_id, stage, origin, assignee_id, created_at, closed_at)
        values (${id}, ${accountId}, ${contactId}, ${c.channelId ?? null}, ${c.closedAt ? 'closed' : 'attendance'},
          ${c.origin ?? 'inbound'}, ${c.assigneeId ?? null}, ${c.createdAt}::timestamptz, ${c.closedAt ?? null}::timestamptz)`,
  );
  return id;
}

async function message(
  accountId: string,
  conversationId: string,
  m: { at: string; author: 'contact' | 'operator' | 'bot'; authorId?: string; private?: boolean },
) {
  await queryRows(
    setup.ctx,
    sql`insert into messages (id, account_id, conversation_id, author_type, author_id, kind, body, private, created_at)
        values (${newId()}, ${accountId}, ${conversationId}, ${m.author}, ${m.authorId ?? null}, 'text', 'oi',
          ${m.private ?? false}, ${m.at}::timestamptz)`,
  );
}

async function daily(accountId: string, day: string) {
  return queryRows<{
    opened: number;
    closed: number;
    messages_in: number;
    messages_out: number;
    frt_wall: number[];
  }>(
    setup.ctx,
    sql`select sum(opened)::int as opened, sum(closed)::int as closed, sum(messages_in)::int as messages_in,
          sum(messages_out)::int as messages_out, count(*)::int as rows
        from dashboard_daily where account_id = ${accountId} and day = ${day}::date`,
  ).then((r) => r[0]);
}

beforeAll(async () => {
  const { ctx, owner } = setup;
  operator = await member(ctx, owner, 'operator');
  manager = await member(ctx, owner, 'manager');
  channelId = (await createChannel(ctx, owner, webchatBody()))._id;
  const tz = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}`, {
    token: owner.token,
    body: { timezone: NY },
  });
  expect(tz.statusCode).toBe(200);
  // Attendance hours Monday to Friday 09:00–18:00 (New York).
  const work = [{ start: '09:00', end: '18:00' }];
  const hours = await call('PUT', '/p/chat/settings', {
    body: {
      hoursEnabled: true,
      hours: {
        monday: work,
        tuesday: work,
        wednesday: work,
        thursday: work,
        friday: work,
        saturday: [],
        sunday: [],
      },
    },
  });
  expect(hours.statusCode).toBe(200);

  const a = acc();
  const op = operator.userId;
  // Friday 6 March 17:50 EST; answered Monday 9 March 09:10 EDT (after the change to summer time).
  const friday = await conversation(a, { createdAt: '2026-03-06T22:50:00Z', assigneeId: op, channelId });
  await message(a, friday, { at: '2026-03-06T22:50:00Z', author: 'contact' });
  await message(a, friday, { at: '2026-03-09T13:10:00Z', author: 'operator', authorId: op });
  // Saturday 7 March 23:30 EST (04:30Z on the 8th): belongs to the 7th.
  await conversation(a, { createdAt: '2026-03-08T04:30:00Z', channelId });
  // Sunday 8 March 00:30 EST: answered after 10 minutes, a second question answered after 2, closed at 02:30 EST.
  const sunday = await conversation(a, {
    createdAt: '2026-03-08T05:30:00Z',
    closedAt: '2026-03-08T07:30:00Z',
    assigneeId: op,
    channelId,
  });
  await message(a, sunday, { at: '2026-03-08T05:30:00Z', author: 'contact' });
  await message(a, sunday, { at: '2026-03-08T05:35:00Z', author: 'contact' });
  await message(a, sunday, { at: '2026-03-08T05:40:00Z', author: 'operator', authorId: op });
  await message(a, sunday, { at: '2026-03-08T05:41:00Z', author: 'operator', authorId: op, private: true });
  await message(a, sunday, { at: '2026-03-08T06:00:00Z', author: 'contact' });
  await message(a, sunday, { at: '2026-03-08T06:02:00Z', author: 'operator', authorId: op });
  // Sunday 8 March 23:30 EDT (03:30Z on the 9th): the 23-hour day still holds it.
  await conversation(a, { createdAt: '2026-03-09T03:30:00Z', channelId, origin: 'campaign' });
  // Monday 9 March 00:30 EDT.
  await conversation(a, { createdAt: '2026-03-09T04:30:00Z', channelId, origin: 'outbound' });
  // The other account's conversation on the same day (isolation).
  await conversation(setup.other.accountId, { createdAt: '2026-03-08T15:00:00Z' });
  for (const day of ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'])
    await rollups().buildDay(a, day);
  // Built here too, so its figures do not depend on whether the fan-out's cron (:05 and :35 of
  // each hour) fired while this file ran.
  await rollups().buildDay(setup.other.accountId, '2026-03-08');
});

describe('daily roll-ups', () => {
  it('counts each conversation on its local day across the daylight-saving change', async () => {
    expect(await daily(acc(), '2026-03-06')).toMatchObject({ opened: 1, messages_in: 1, messages_out: 0 });
    expect(await daily(acc(), '2026-03-07')).toMatchObject({ opened: 1 });
    expect(await daily(acc(), '2026-03-08')).toMatchObject({
      opened: 2,
      closed: 1,
      messages_in: 3,
      messages_out: 2,
    });
    expect(await daily(acc(), '2026-03-09')).toMatchObject({ opened: 1, messages_out: 1 });
    const hours = await queryRows<{ hour: number; opened: number }>(
      setup.ctx,
      sql`select hour, sum(opened)::int as opened from dashboard_hourly
          where account_id = ${acc()} and day = '2026-03-08' and opened > 0 group by hour order by hour`,
    );
    expect(hours).toEqual([
      { hour: 0, opened: 1 },
      { hour: 23, opened: 1 },
    ]);
  });

  it('measures first response, reply and resolution in wall-clock time and inside attendance hours', async () => {
    const res = await call('GET', `/p/dashboards/performance?${range}`, { token: manager.token });
    expect(res.statusCode).toBe(200);
    const { firstResponse, reply, resolution } = res.body.data.totals;
    // First responses: 600 s (Sunday) and Friday 17:50 → Monday 09:10 (224,400 s wall; 1,200 s in hours).
    expect(firstResponse.wall.count).toBe(2);
    expect(bucketOf(firstResponse.wall.median)).toBe(bucketOf(600));
    expect(bucketOf(firstResponse.wall.p90)).toBe(bucketOf(224_400));
    expect(bucketOf(firstResponse.business.p90)).toBe(bucketOf(1200));
    expect(bucketOf(firstResponse.business.median)).toBe(0); // Sunday: no attendance hours
    // Replies: 600 s from the first unanswered message, then 120 s; the private note is no reply.
    expect(reply.wall.count).toBe(3);
    expect(bucketOf(reply.wall.median)).toBe(bucketOf(600));
    expect(resolution.wall.count).toBe(1);
    expect(bucketOf(resolution.wall.median)).toBe(bucketOf(7200));
  });

  it('replaces a day when it is built again, and a late event rebuilds its day', async () => {
    const before = await daily(acc(), '2026-03-08');
    await rollups().buildDay(acc(), '2026-03-08');
    expect(await daily(acc(), '2026-03-08')).toEqual(before);
    // (The tests below count it.) A conversation of the 8th recorded after the day was built (an import): the day is marked and rebuilt.
    await conversation(acc(), { createdAt: '2026-03-08T18:00:00Z', channelId });
    await rollups().invalidate(acc(), ['2026-03-08']);
    await until(async () => (await daily(acc(), '2026-03-08')).opened === 3);
    await until(async () => {
      const state = await queryRows<{ n: number }>(
        setup.ctx,
        sql`select cardinality(dirty_days)::int as n from dashboard_rollups where account_id = ${acc()}`,
      );
      return state[0].n === 0;
    });
  });

  it('records phase entries and opt-outs from contact events, rebuilding a day already built', async () => {
    const phases = await call('GET', '/p/chat/inbox/phases');
    const phase = phases.body.data[1];
    const contact = await call('POST', '/p/chat/contact', {
      body: { data: { name: 'Lia', phone: '11 91234-5678' } },
    });
    const today = dayOf(new Date(), NY);
    // As if today were already built (the event's job ran after the day's roll-up): it is built again.
    await rollups().buildDay(acc(), today);
    await queryRows(
      setup.ctx,
      sql`update dashboard_rollups set built_through = ${today}::date where account_id = ${acc()}`,
    );
    const updated = await call('PUT', `/p/chat/contact/${contact.body.data._id}`, {
      body: { data: { name: 'Lia', phase: phase._id, optOut: true }, acc: acc() },
    });
    expect(updated.statusCode).toBe(200);
    const row = await until(async () => {
      const rows = await queryRows<{ phase_entries: number; opt_outs: number; new_contacts: number }>(
        setup.ctx,
        sql`select sum(phase_entries)::int as phase_entries, sum(opt_outs)::int as opt_outs,
              sum(new_contacts)::int as new_contacts
            from dashboard_contacts_daily where account_id = ${acc()} and day = ${today}::date`,
      );
      // The contact event's job queues behind the previous test's rebuild of a late day.
      return rows[0].phase_entries === 1 && rows[0].opt_outs === 1 ? rows[0] : null;
    }, 40_000);
    expect(row.new_contacts).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe('dashboard APIs', () => {
  it('main: the operator’s own figures, today’s queue and the getting-started checklist', async () => {
    const res = await call('GET', `/p/dashboards/main?${range}`, { token: operator.token });
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.period).toMatchObject({
      filter: 'custom',
      from: '2026-03-06',
      to: '2026-03-09',
      timezone: NY,
    });
    expect(data.period.previous).toEqual({ from: '2026-03-02', to: '2026-03-05' });
    expect(data.mine).toMatchObject({ opened: 2, closed: 1, messagesOut: 3 });
    expect(data.minePrevious).toMatchObject({ opened: 0 });
    // No tab of anyone's is connected here; the reader, active by this very request, is online.
    expect(data.live).toMatchObject({ open: expect.any(Number), mine: 1, operatorsOnline: 1 });
    expect(data.checklist).toMatchObject({ channel: true, team: true, chatbot: false });
    expect(data.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-03-06',
      '2026-03-08',
      '2026-03-09',
    ]);
    const bad = await call('GET', '/p/dashboards/main?filter=custom&from=2026-03-09');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.fields![0]).toMatchObject({ path: expect.stringContaining('from'), key: 'required' });
    const lastYear = await call('GET', '/p/dashboards/main?filter=lastYear');
    // Last year from 1 January, never before the first day with data (spec §9: September 2025).
    const january = `${yearIn(NY) - 1}-01-01`;
    const since = DASHBOARD_LIMITS.dataSince;
    expect(lastYear.body.data.period.from).toBe(january < since ? since : january);
  });

  it('legacy: the account’s totals for managers, their own for operators', async () => {
    const all = await call('GET', `/p/dashboards/legacy?${range}`, { token: manager.token });
    expect(all.body.data.totals).toMatchObject({ opened: 6, closed: 1, messagesIn: 4 });
    const own = await call('GET', `/p/dashboards/legacy?${range}`, { token: operator.token });
    expect(own.body.data.totals).toMatchObject({ opened: 2 });
  });

  it('marketing: contacts by source and conversations by origin', async () => {
    const res = await call('GET', `/p/dashboards/marketing?${range}`, { token: manager.token });
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.totals).toMatchObject({ newContacts: 6, campaignConversations: 1, outboundConversations: 1 });
    expect(data.bySource).toEqual([{ source: 'channel', count: 6 }]);
    expect(data.byOrigin).toEqual(
      expect.arrayContaining([
        { origin: 'campaign', opened: 1 },
        { origin: 'inbound', opened: 4 },
      ]),
    );
  });

  it('performance: heatmap, channels, targets set by admins', async () => {
    const denied = await call('PUT', '/p/dashboards/targets', {
      token: manager.token,
      body: { firstResponseSeconds: 900, resolutionSeconds: null },
    });
    expect(denied.statusCode).toBe(403);
    const set = await call('PUT', '/p/dashboards/targets', {
      body: { firstResponseSeconds: 900, resolutionSeconds: 86_400 },
    });
    expect(set.body.data).toEqual({ firstResponseSeconds: 900, resolutionSeconds: 86_400 });
    const res = await call('GET', `/p/dashboards/performance?${range}`, { token: manager.token });
    const data = res.body.data;
    expect(data.targets).toEqual({ firstResponseSeconds: 900, resolutionSeconds: 86_400 });
    // Business-hours first responses: 0 s (Sunday) and 1,200 s; the target is 900 s.
    expect(data.withinTarget.firstResponse).toBe(0.5);
    // Sunday 8 March 00:xx: weekday 6 (Monday = 0), hour 0.
    expect(data.heatmap).toEqual(expect.arrayContaining([{ weekday: 6, hour: 0, opened: 1, messagesIn: 2 }]));
    expect(data.byChannel).toEqual([expect.objectContaining({ id: channelId, kind: 'webchat', opened: 6 })]);
  });

  it('agents: one row per operator with their times, and exports follow the download blocks', async () => {
    const res = await call('GET', `/p/dashboards/agents?${range}`, { token: manager.token });
    const row = res.body.data.rows.find((r: { operatorId: string }) => r.operatorId === operator.userId);
    expect(row).toMatchObject({
      closed: 1,
      messagesOut: 3,
      activeHours: 3,
      closedPerHour: 0.33,
      online: false,
    });
    expect(row.firstResponse.count).toBe(2);
    const file = await setup.ctx.app.inject({
      method: 'GET',
      url: withAcc(`/p/dashboards/export?${range}&table=agents&format=csv`, acc()),
      headers: { authorization: `Bearer ${manager.token}`, 'accept-language': 'en' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Operator,Opened,Closed');
    await setAccountFlags(setup.ctx, acc(), { restrict_report_download: true });
    const blocked = await call('GET', `/p/dashboards/export?${range}&table=agents&format=xlsx`, {
      token: manager.token,
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'FUNCTION_UNAVAILABLE', message: UNAVAILABLE });
    const pt = await call('GET', `/p/dashboards/export?${range}&table=days&format=csv`, {
      token: operator.token,
      lang: 'pt-BR',
    });
    expect(pt.body.message).toBe('Função indisponível. Contate um administrador para mais informações.');
    const admin = await setup.ctx.app.inject({
      method: 'GET',
      url: withAcc(`/p/dashboards/export?${range}&table=agents&format=xlsx`, acc()),
      headers: { authorization: `Bearer ${setup.owner.token}` },
    });
    expect(admin.statusCode).toBe(200);
    await setAccountFlags(setup.ctx, acc(), { restrict_report_download: false });
  });

  it('refuses operators on the manager dashboards and keeps accounts apart', async () => {
    for (const path of ['marketing', 'performance', 'agents']) {
      const res = await call('GET', `/p/dashboards/${path}?${range}`, { token: operator.token });
      expect(res.statusCode).toBe(403);
      expect(res.body.message).toBe(NOT_AUTHORIZED);
    }
    const exportAgents = await call('GET', `/p/dashboards/export?${range}&table=agents`, {
      token: operator.token,
    });
    expect(exportAgents.statusCode).toBe(403);
    // The other account's owner: their own figures (one conversation), never this account's.
    const other = await call('GET', `/p/dashboards/legacy?${range}`, {
      token: setup.other.token,
      acc: setup.other.accountId,
    });
    expect(other.body.data.totals).toMatchObject({ opened: 1 });
    const foreign = await call('GET', `/p/dashboards/legacy?${range}`, { token: setup.other.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.data).toBeUndefined();
  });
});

describe('long periods (whole months pre-merged)', () => {
  const feb = 'filter=custom&from=2026-02-01&to=2026-02-28';
  // 1 Feb – 9 Mar reads February from dashboard_monthly and March's days; 2 Feb – 9 Mar only days.
  const merged = 'filter=custom&from=2026-02-01&to=2026-03-09';
  const daysOnly = 'filter=custom&from=2026-02-02&to=2026-03-09';

  beforeAll(async () => {
    const a = acc();
    const op = operator.userId;
    // Tuesday 10 February 10:00 EST: answered after 5 minutes, closed after an hour.
    const tuesday = await conversation(a, {
      createdAt: '2026-02-10T15:00:00Z',
      closedAt: '2026-02-10T16:00:00Z',
      assigneeId: op,
      channelId,
    });
    await message(a, tuesday, { at: '2026-02-10T15:00:00Z', author: 'contact' });
    await message(a, tuesday, { at: '2026-02-10T15:05:00Z', author: 'operator', authorId: op });
    // Friday 20 February 21:00 EST, unanswered.
    const friday = await conversation(a, { createdAt: '2026-02-21T02:00:00Z', channelId });
    await message(a, friday, { at: '2026-02-21T02:00:00Z', author: 'contact' });
    await conversation(setup.other.accountId, { createdAt: '2026-02-10T15:00:00Z' });
    await rollups().buildDay(a, '2026-02-10');
    await rollups().buildDay(a, '2026-02-20');
    await rollups().buildDay(setup.other.accountId, '2026-02-10');
  });

  it('gives the same figures from the merged month as from its days', async () => {
    const month = await call('GET', `/p/dashboards/performance?${feb}`, { token: manager.token });
    expect(month.statusCode).toBe(200);
    expect(month.body.data.totals).toMatchObject({ opened: 2, closed: 1, messagesIn: 2, messagesOut: 1 });
    expect(month.body.data.totals.firstResponse.wall).toMatchObject({ count: 1 });
    expect(bucketOf(month.body.data.totals.firstResponse.wall.median)).toBe(bucketOf(300));
    expect(bucketOf(month.body.data.totals.resolution.wall.median)).toBe(bucketOf(3600));
    for (const page of ['performance', 'agents', 'marketing', 'legacy']) {
      const a = await call('GET', `/p/dashboards/${page}?${merged}`, { token: manager.token });
      const b = await call('GET', `/p/dashboards/${page}?${daysOnly}`, { token: manager.token });
      expect(a.statusCode).toBe(200);
      const { period: _a, previous: _pa, days: _da, ...figuresA } = a.body.data;
      const { period: _b, previous: _pb, days: _db, ...figuresB } = b.body.data;
      expect(figuresA).toEqual(figuresB);
    }
    const own = await call('GET', `/p/dashboards/main?${merged}`, { token: operator.token });
    expect(own.body.data.mine).toMatchObject({ opened: 3, closed: 2, messagesOut: 4 });
    expect(own.body.data.mine.firstResponse.wall.count).toBe(3);
  });

  it('follows a late event into the merged month, and keeps accounts apart', async () => {
    await conversation(acc(), { createdAt: '2026-02-20T18:00:00Z', channelId });
    await rollups().invalidate(acc(), ['2026-02-20']);
    await until(async () => {
      const res = await call('GET', `/p/dashboards/legacy?${feb}`, { token: manager.token });
      return res.body.data.totals.opened === 3;
    });
    const other = await call('GET', `/p/dashboards/legacy?${feb}`, {
      token: setup.other.token,
      acc: setup.other.accountId,
    });
    expect(other.body.data.totals).toMatchObject({ opened: 1 });
  });
});

describe('pre-aggregated totals (dashboard_totals)', () => {
  type TRow = {
    grain: string;
    day: string;
    dim: string;
    key: string | null;
    opened: number;
    closed: number;
    messages_in: number;
    messages_out: number;
    hists: number[][];
    heat_opened: number[];
    heat_in: number[];
    active_hours: number;
  };
  const HISTS = ['frt_wall', 'frt_biz', 'reply_wall', 'reply_biz', 'resolution_wall', 'resolution_biz'];
  const add = (a: number[], b: number[]) => {
    const out = a.length >= b.length ? [...a] : [...b];
    for (let i = 0; i < Math.min(a.length, b.length); i++) out[i] = a[i] + b[i];
    return out;
  };
  const sample = (h: number[]) => (h.some((n) => n > 0) ? h : []);

  /** The totals as summed here from the account's dashboard_daily and dashboard_hourly rows. */
  async function expected(accountId: string) {
    const days = await queryRows<Record<string, unknown>>(
      setup.ctx,
      sql`select to_char(day, 'YYYY-MM-DD') as day, channel_id::text as channel, department_id as department,
            operator_id::text as operator, origin, opened, closed, messages_in, messages_out, frt_wall, frt_biz,
            reply_wall, reply_biz, resolution_wall, resolution_biz
          from dashboard_daily where account_id = ${accountId}`,
    );
    const hours = await queryRows<{
      day: string;
      hour: number;
      operator: string | null;
      opened: number;
      messages_in: number;
      messages_out: number;
    }>(
      setup.ctx,
      sql`select to_char(day, 'YYYY-MM-DD') as day, hour, operator_id::text as operator, opened, messages_in, messages_out
          from dashboard_hourly where account_id = ${accountId}`,
    );
    const out = new Map<string, TRow>();
    const rowOf = (grain: string, day: string, dim: string, key: string | null) => {
      const id = `${grain}|${day}|${dim}|${key}`;
      let r = out.get(id);
      if (!r) {
        r = {
          grain,
          day,
          dim,
          key,
          opened: 0,
          closed: 0,
          messages_in: 0,
          messages_out: 0,
          hists: HISTS.map(() => []),
          heat_opened: [],
          heat_in: [],
          active_hours: 0,
        };
        out.set(id, r);
      }
      return r;
    };
    const grains = (day: string) => [
      ['day', day],
      ['month', monthOf(day)],
    ];
    for (const d of days)
      for (const [grain, at] of grains(d.day as string))
        for (const [dim, key] of [
          ['all', null],
          ['channel', d.channel],
          ['department', d.department],
          ['operator', d.operator],
          ['origin', d.origin],
        ] as Array<[string, string | null]>) {
          const r = rowOf(grain, at, dim, key);
          r.opened += Number(d.opened);
          r.closed += Number(d.closed);
          r.messages_in += Number(d.messages_in);
          r.messages_out += Number(d.messages_out);
          r.hists = r.hists.map((h, i) => add(h, (d[HISTS[i]] as number[]).map(Number)));
        }
    for (const h of hours)
      for (const [grain, at] of grains(h.day)) {
        const all = rowOf(grain, at, 'all', null);
        const cell = (((new Date(`${h.day}T12:00:00Z`).getUTCDay() + 6) % 7) * 24 + Number(h.hour)) as number;
        const grid = (a: number[]) => (a.length ? a : new Array(168).fill(0));
        all.heat_opened = grid(all.heat_opened);
        all.heat_in = grid(all.heat_in);
        all.heat_opened[cell] += Number(h.opened);
        all.heat_in[cell] += Number(h.messages_in);
        if (h.operator && Number(h.messages_out) > 0)
          rowOf(grain, at, 'operator', h.operator).active_hours += 1;
      }
    for (const r of out.values()) r.hists = r.hists.map(sample);
    return [...out.values()].sort((a, b) =>
      `${a.grain}|${a.day}|${a.dim}|${a.key}`.localeCompare(`${b.grain}|${b.day}|${b.dim}|${b.key}`),
    );
  }

  async function stored(accountId: string) {
    const rows = await queryRows<Record<string, unknown>>(
      setup.ctx,
      sql`select grain, to_char(day, 'YYYY-MM-DD') as day, dim, key, opened, closed, messages_in, messages_out,
            frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz, heat_opened, heat_in, active_hours
          from dashboard_totals where account_id = ${accountId}`,
    );
    return rows
      .map(
        (r): TRow => ({
          grain: r.grain as string,
          day: r.day as string,
          dim: r.dim as string,
          key: (r.key as string | null) ?? null,
          opened: Number(r.opened),
          closed: Number(r.closed),
          messages_in: Number(r.messages_in),
          messages_out: Number(r.messages_out),
          hists: HISTS.map((n) => (r[n] as number[]).map(Number)),
          heat_opened: (r.heat_opened as number[]).map(Number),
          heat_in: (r.heat_in as number[]).map(Number),
          active_hours: Number(r.active_hours),
        }),
      )
      .sort((a, b) =>
        `${a.grain}|${a.day}|${a.dim}|${a.key}`.localeCompare(`${b.grain}|${b.day}|${b.dim}|${b.key}`),
      );
  }

  it('hold, per day and per month, the sums of the day rows of each breakdown', async () => {
    for (const accountId of [acc(), setup.other.accountId]) {
      const want = await expected(accountId);
      expect(want.length).toBeGreaterThan(0);
      expect(await stored(accountId)).toEqual(want);
    }
  });

  it('count the conversations of each local day as the raw rows do', async () => {
    const raw = await queryRows<{ day: string; n: number }>(
      setup.ctx,
      sql`select to_char((created_at at time zone ${NY})::date, 'YYYY-MM-DD') as day, count(*)::int as n
          from conversations where account_id = ${acc()}
            and created_at >= '2026-03-06T05:00:00Z' and created_at < '2026-03-10T04:00:00Z'
          group by 1 order by 1`,
    );
    const totals = await queryRows<{ day: string; n: number }>(
      setup.ctx,
      sql`select to_char(day, 'YYYY-MM-DD') as day, opened as n from dashboard_totals
          where account_id = ${acc()} and grain = 'day' and dim = 'all' and day between '2026-03-06' and '2026-03-09'
          order by day`,
    );
    expect(totals).toEqual(raw);
    expect(totals.map((t) => t.day)).toEqual(['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09']);
  });

  it('answer each dashboard exactly to its schema (served without the serializer parse)', async () => {
    const schemas = {
      main: ZDashboardMain,
      legacy: ZDashboardLegacy,
      marketing: ZDashboardMarketing,
      performance: ZDashboardPerformance,
      agents: ZDashboardAgents,
    };
    for (const [page, schema] of Object.entries(schemas)) {
      const res = await call('GET', `/p/dashboards/${page}?filter=custom&from=2026-02-01&to=2026-03-09`, {
        token: manager.token,
      });
      expect(res.statusCode).toBe(200);
      expect((schema as z.ZodType).parse(res.body.data)).toEqual(res.body.data);
    }
  });

  it('are visible to their own account only', async () => {
    const db = setup.ctx.app.platform.database.db;
    const seen = await withTenant(db, setup.other.accountId, (tx) =>
      tx.execute(sql`select distinct account_id::text as account_id from dashboard_totals`),
    );
    expect(rowsOf(seen)).toEqual([{ account_id: setup.other.accountId }]);
    const [other] = await queryRows<{ opened: number }>(
      setup.ctx,
      sql`select sum(opened)::int as opened from dashboard_totals
          where account_id = ${setup.other.accountId} and grain = 'day' and dim = 'all'`,
    );
    // Its own two conversations (8 March and 10 February), none of this account's.
    expect(other.opened).toBe(2);
  });
});
