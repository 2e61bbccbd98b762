import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client';
import type { TTx } from '../../platform/db/tenant';
import { monthOf, type TDay } from './local-day';

// Reporting is the one place where a module reads other modules' tables (conversations, messages,
// contacts): read-only SQL, inside the account's tenant transaction, never a write and never a
// lock the inbox waits on (plain SELECTs). Everything written here goes to the dashboard_* tables.
// A chatbot's live test's conversation (conversations.test) is no customer's: never counted.

/** How far back a reply looks for the customer's first unanswered message. */
const REPLY_LOOKBACK = '30 days';

export interface TRange {
  from: Date;
  to: Date;
  tz: string;
}

export interface TConversationFact {
  channel_id: string | null;
  department_id: string | null;
  operator_id: string | null;
  origin: string;
  hour: number;
  created_at: Date | string;
  at: Date | string;
}

const iso = (d: Date) => d.toISOString();

/** Conversations opened in the range, with the local hour of their opening. */
export async function openedIn(tx: TTx, accountId: string, r: TRange) {
  return rowsOf<TConversationFact>(
    await tx.execute(sql`
      select channel_id, department_id, assignee_id as operator_id, origin, created_at, created_at as at,
        extract(hour from created_at at time zone ${r.tz})::int as hour
      from conversations
      where account_id = ${accountId} and created_at >= ${iso(r.from)}::timestamptz
        and created_at < ${iso(r.to)}::timestamptz and not test`),
  );
}

/** Conversations closed in the range (their resolution time runs from opening to closing). */
export async function closedIn(tx: TTx, accountId: string, r: TRange) {
  return rowsOf<TConversationFact>(
    await tx.execute(sql`
      select channel_id, department_id, coalesce(assignee_id, closed_by) as operator_id, origin, created_at,
        closed_at as at, extract(hour from closed_at at time zone ${r.tz})::int as hour
      from conversations
      where account_id = ${accountId} and closed_at >= ${iso(r.from)}::timestamptz
        and closed_at < ${iso(r.to)}::timestamptz and not test`),
  );
}

/**
 * Conversations opened by the customer whose first operator message falls in the range: the first
 * response time runs from the opening to it; the operator is the one who answered.
 */
export async function firstResponsesIn(tx: TTx, accountId: string, r: TRange) {
  return rowsOf<TConversationFact>(
    await tx.execute(sql`
      with answered as (
        select conversation_id, min(created_at) as at
        from messages
        where account_id = ${accountId} and author_type = 'operator' and not private
          and created_at >= ${iso(r.from)}::timestamptz and created_at < ${iso(r.to)}::timestamptz
        group by conversation_id
      )
      select c.channel_id, c.department_id, first.author_id as operator_id, c.origin, c.created_at, a.at,
        extract(hour from a.at at time zone ${r.tz})::int as hour
      from answered a
      join conversations c on c.id = a.conversation_id and c.origin = 'inbound'
      cross join lateral (
        select m.author_id, m.created_at from messages m
        where m.conversation_id = a.conversation_id and m.author_type = 'operator' and not m.private
        order by m.created_at limit 1
      ) first
      where first.created_at = a.at`),
  );
}

/**
 * Operators' replies in the range that answer the customer: the reply time runs from the
 * customer's first message after the previous outgoing message (operator or bot) to the reply.
 * `grp` numbers the outgoing messages of a conversation; a customer message and the reply that
 * follows it share the number of outgoing messages before them.
 */
export async function repliesIn(tx: TTx, accountId: string, r: TRange) {
  return rowsOf<TConversationFact>(
    await tx.execute(sql`
      with convs as (
        select distinct conversation_id from messages
        where account_id = ${accountId} and author_type = 'operator' and not private
          and created_at >= ${iso(r.from)}::timestamptz and created_at < ${iso(r.to)}::timestamptz
      ), m as (
        select m.conversation_id, m.author_type, m.author_id, m.created_at,
          count(*) filter (where m.author_type in ('operator', 'bot')) over (
            partition by m.conversation_id order by m.created_at, m.id
            rows between unbounded preceding and 1 preceding) as grp
        from messages m join convs using (conversation_id)
        where m.account_id = ${accountId} and not m.private and m.author_type in ('contact', 'operator', 'bot')
          and m.created_at >= ${iso(r.from)}::timestamptz - interval '${sql.raw(REPLY_LOOKBACK)}'
          and m.created_at < ${iso(r.to)}::timestamptz
      ), waits as (
        select conversation_id, grp, min(created_at) as since from m where author_type = 'contact'
        group by conversation_id, grp
      )
      select c.channel_id, c.department_id, m.author_id as operator_id, c.origin, w.since as created_at,
        m.created_at as at, extract(hour from m.created_at at time zone ${r.tz})::int as hour
      from m
      join waits w on w.conversation_id = m.conversation_id and w.grp = m.grp
      join conversations c on c.id = m.conversation_id
      where m.author_type = 'operator' and m.created_at >= ${iso(r.from)}::timestamptz`),
  );
}

export interface TMessageCount {
  channel_id: string | null;
  department_id: string | null;
  operator_id: string | null;
  origin: string;
  hour: number;
  inbound: number;
  outbound: number;
}

/** Messages of the range by dimension and local hour (in: customer; out: operators and bots). */
export async function messageCounts(tx: TTx, accountId: string, r: TRange) {
  return rowsOf<TMessageCount>(
    await tx.execute(sql`
      select c.channel_id, c.department_id,
        case when m.author_type = 'operator' then m.author_id else c.assignee_id end as operator_id,
        c.origin, extract(hour from m.created_at at time zone ${r.tz})::int as hour,
        count(*) filter (where m.author_type = 'contact')::int as inbound,
        count(*) filter (where m.author_type in ('operator', 'bot'))::int as outbound
      from messages m join conversations c on c.id = m.conversation_id and not c.test
      where m.account_id = ${accountId} and not m.private and m.author_type in ('contact', 'operator', 'bot')
        and m.created_at >= ${iso(r.from)}::timestamptz and m.created_at < ${iso(r.to)}::timestamptz
      group by 1, 2, 3, 4, 5`),
  );
}

export interface TContactCount {
  source: string | null;
  phase_id: string | null;
  new_contacts: number;
  phase_entries: number;
  opt_outs: number;
}

/** New contacts by source and phase, phase entries and opt-outs of the range. */
export async function contactCounts(tx: TTx, accountId: string, r: TRange) {
  return rowsOf<TContactCount>(
    await tx.execute(sql`
      select source, phase_id, sum(new_contacts)::int as new_contacts, sum(phase_entries)::int as phase_entries,
        sum(opt_outs)::int as opt_outs
      from (
        select source, phase_id, count(*)::int as new_contacts, 0 as phase_entries, 0 as opt_outs
        from contacts
        where account_id = ${accountId} and merged_into is null and not test
          and created_at >= ${iso(r.from)}::timestamptz and created_at < ${iso(r.to)}::timestamptz
        group by source, phase_id
        union all
        select null, phase_id, 0, count(*) filter (where kind = 'phase')::int, count(*) filter (where kind = 'opt_out')::int
        from dashboard_contact_events
        where account_id = ${accountId} and at >= ${iso(r.from)}::timestamptz and at < ${iso(r.to)}::timestamptz
        group by phase_id
      ) u
      group by source, phase_id`),
  );
}

export interface TDailyRow {
  channelId: string | null;
  departmentId: string | null;
  operatorId: string | null;
  origin: string;
  opened: number;
  closed: number;
  messagesIn: number;
  messagesOut: number;
  frtWall: number[];
  frtBiz: number[];
  replyWall: number[];
  replyBiz: number[];
  resolutionWall: number[];
  resolutionBiz: number[];
}

export interface THourlyRow {
  hour: number;
  operatorId: string | null;
  opened: number;
  messagesIn: number;
  messagesOut: number;
}

const CHUNK = 500;

/**
 * Replaces the day's roll-up rows (delete then insert, in the caller's transaction). Returns
 * whether the day's dashboard_daily rows changed (it had some before or has some now): only then
 * does its month need merging again.
 */
export async function replaceDay(
  tx: TTx,
  accountId: string,
  day: TDay,
  rows: { daily: TDailyRow[]; hourly: THourlyRow[]; contacts: TContactCount[] },
) {
  // The rows change: a new version for the figures read from them (rollup-cache.ts).
  await tx.execute(
    sql`update dashboard_rollups set updated_at = clock_timestamp() where account_id = ${accountId}`,
  );
  const removed = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with gone as (delete from dashboard_daily where account_id = ${accountId} and day = ${day}::date returning 1)
      select count(*)::int as n from gone`),
  );
  await tx.execute(sql`delete from dashboard_hourly where account_id = ${accountId} and day = ${day}::date`);
  await tx.execute(
    sql`delete from dashboard_contacts_daily where account_id = ${accountId} and day = ${day}::date`,
  );
  const arr = (h: number[]) => sql`${`{${h.join(',')}}`}::int[]`;
  for (let i = 0; i < rows.daily.length; i += CHUNK) {
    const values = rows.daily.slice(i, i + CHUNK).map(
      (r) => sql`(${accountId}, ${day}::date, ${r.channelId}::uuid, ${r.departmentId}, ${r.operatorId}::uuid,
        ${r.origin}, ${r.opened}, ${r.closed}, ${r.messagesIn}, ${r.messagesOut}, ${arr(r.frtWall)},
        ${arr(r.frtBiz)}, ${arr(r.replyWall)}, ${arr(r.replyBiz)}, ${arr(r.resolutionWall)}, ${arr(r.resolutionBiz)})`,
    );
    await tx.execute(sql`
      insert into dashboard_daily (account_id, day, channel_id, department_id, operator_id, origin, opened, closed,
        messages_in, messages_out, frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz)
      values ${sql.join(values, sql`, `)}`);
  }
  for (let i = 0; i < rows.hourly.length; i += CHUNK) {
    const values = rows.hourly
      .slice(i, i + CHUNK)
      .map(
        (r) =>
          sql`(${accountId}, ${day}::date, ${r.hour}, ${r.operatorId}::uuid, ${r.opened}, ${r.messagesIn}, ${r.messagesOut})`,
      );
    await tx.execute(sql`
      insert into dashboard_hourly (account_id, day, hour, operator_id, opened, messages_in, messages_out)
      values ${sql.join(values, sql`, `)}`);
  }
  for (let i = 0; i < rows.contacts.length; i += CHUNK) {
    const values = rows.contacts
      .slice(i, i + CHUNK)
      .map(
        (r) =>
          sql`(${accountId}, ${day}::date, ${r.source}, ${r.phase_id}::uuid, ${r.new_contacts}, ${r.phase_entries}, ${r.opt_outs})`,
      );
    await tx.execute(sql`
      insert into dashboard_contacts_daily (account_id, day, source, phase_id, new_contacts, phase_entries, opt_outs)
      values ${sql.join(values, sql`, `)}`);
  }
  return Number(removed[0]?.n ?? 0) > 0 || rows.daily.length > 0;
}

/**
 * Rebuilds the account's dashboard_monthly rows of the month of `day` from its dashboard_daily
 * rows (in the caller's transaction, after the day was replaced): counters summed, histograms added
 * bucket by bucket (a histogram without samples stays '{}').
 */
export async function mergeMonth(tx: TTx, accountId: string, day: TDay) {
  const month = monthOf(day);
  await tx.execute(
    sql`delete from dashboard_monthly where account_id = ${accountId} and month = ${month}::date`,
  );
  await tx.execute(sql`
    insert into dashboard_monthly (account_id, month, channel_id, department_id, operator_id, origin, opened, closed,
      messages_in, messages_out, frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz)
    with days as (
      select * from dashboard_daily
      where account_id = ${accountId} and day >= ${month}::date
        and day < (${month}::date + interval '1 month')::date
    ), counts as (
      select channel_id, department_id, operator_id, origin, sum(opened)::int as opened, sum(closed)::int as closed,
        sum(messages_in)::int as messages_in, sum(messages_out)::int as messages_out
      from days group by 1, 2, 3, 4
    ), buckets as (
      select channel_id, department_id, operator_id, origin, u.i,
        coalesce(sum(u.a), 0)::int as a, coalesce(sum(u.b), 0)::int as b, coalesce(sum(u.c), 0)::int as c,
        coalesce(sum(u.d), 0)::int as d, coalesce(sum(u.e), 0)::int as e, coalesce(sum(u.f), 0)::int as f
      from days
      cross join lateral unnest(frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz)
        with ordinality as u(a, b, c, d, e, f, i)
      group by 1, 2, 3, 4, 5
    ), hists as (
      select channel_id, department_id, operator_id, origin,
        case when sum(a) > 0 then array_agg(a order by i) end as frt_wall,
        case when sum(b) > 0 then array_agg(b order by i) end as frt_biz,
        case when sum(c) > 0 then array_agg(c order by i) end as reply_wall,
        case when sum(d) > 0 then array_agg(d order by i) end as reply_biz,
        case when sum(e) > 0 then array_agg(e order by i) end as resolution_wall,
        case when sum(f) > 0 then array_agg(f order by i) end as resolution_biz
      from buckets group by 1, 2, 3, 4
    )
    select ${accountId}, ${month}::date, c.channel_id, c.department_id, c.operator_id, c.origin, c.opened, c.closed,
      c.messages_in, c.messages_out, coalesce(h.frt_wall, '{}'), coalesce(h.frt_biz, '{}'),
      coalesce(h.reply_wall, '{}'), coalesce(h.reply_biz, '{}'), coalesce(h.resolution_wall, '{}'),
      coalesce(h.resolution_biz, '{}')
    from counts c
    left join hists h on h.channel_id is not distinct from c.channel_id
      and h.department_id is not distinct from c.department_id and h.operator_id is not distinct from c.operator_id
      and h.origin = c.origin`);
}

/**
 * Rebuilds the account's dashboard_totals day rows of [from, to] from dashboard_daily and
 * dashboard_hourly (SQL function of migration 0042, in the caller's transaction).
 */
export async function buildTotals(tx: TTx, accountId: string, from: TDay, to: TDay) {
  await tx.execute(sql`select dashboard_build_totals(${accountId}::uuid, ${from}::date, ${to}::date)`);
}

/** Rebuilds the account's dashboard_totals month rows of the month of `day` from its day rows. */
export async function mergeTotals(tx: TTx, accountId: string, day: TDay) {
  await tx.execute(sql`select dashboard_merge_totals(${accountId}::uuid, ${monthOf(day)}::date)`);
}

export interface TRollupState {
  built_through: string | null;
  dirty_days: string[] | string;
  /** Moves whenever the account's roll-up rows change (rollup-cache.ts). */
  version: string;
}

export async function rollupState(tx: TTx, accountId: string): Promise<TRollupState | null> {
  const rows = rowsOf<TRollupState>(
    await tx.execute(sql`
      select to_char(built_through, 'YYYY-MM-DD') as built_through,
        coalesce(array(select to_char(d, 'YYYY-MM-DD') from unnest(dirty_days) d order by d), '{}') as dirty_days,
        to_char(built_through, 'YYYY-MM-DD') || '@' || (extract(epoch from updated_at) * 1000000)::bigint::text as version
      from dashboard_rollups where account_id = ${accountId}`),
  );
  return rows[0] ?? null;
}

export async function setBuiltThrough(tx: TTx, accountId: string, day: TDay) {
  await tx.execute(sql`
    insert into dashboard_rollups (account_id, built_through) values (${accountId}, ${day}::date)
    on conflict (account_id) do update set built_through = greatest(dashboard_rollups.built_through, excluded.built_through),
      updated_at = now()`);
}

export async function markDirty(tx: TTx, accountId: string, days: TDay[]) {
  const list = `{${days.join(',')}}`;
  await tx.execute(sql`
    insert into dashboard_rollups (account_id, dirty_days) values (${accountId}, ${list}::date[])
    on conflict (account_id) do update set dirty_days = array(
      select distinct d from unnest(dashboard_rollups.dirty_days || excluded.dirty_days) d order by d),
      updated_at = now()`);
}

export async function clearDirty(tx: TTx, accountId: string, day: TDay) {
  await tx.execute(sql`
    update dashboard_rollups set dirty_days = array_remove(dirty_days, ${day}::date), updated_at = now()
    where account_id = ${accountId}`);
}
