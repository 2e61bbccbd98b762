import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client';
import type { TTx } from '../../platform/db/tenant';
import { BUCKETS } from './histogram';
import { addDays, type TDay, wholeMonths } from './local-day';

/** Which rows of the roll-ups a figure covers. */
export interface TScope {
  accountId: string;
  from: TDay;
  to: TDay;
  operatorId?: string;
  channelId?: string;
  departmentId?: string;
}

export type TKey = 'channel_id' | 'department_id' | 'operator_id' | 'origin' | 'day';

export interface TSums {
  key: string | null;
  opened: number;
  closed: number;
  messages_in: number;
  messages_out: number;
}

export const HISTOGRAMS = [
  'frt_wall',
  'frt_biz',
  'reply_wall',
  'reply_biz',
  'resolution_wall',
  'resolution_biz',
] as const;
export type THistogramName = (typeof HISTOGRAMS)[number];
export type THistograms = Record<THistogramName, number[]>;

function where(s: TScope, column: 'day' | 'month', from: TDay, to: TDay): SQL {
  const col = sql.raw(column);
  const parts = [sql`account_id = ${s.accountId}`, sql`${col} >= ${from}::date`, sql`${col} <= ${to}::date`];
  if (s.operatorId) parts.push(sql`operator_id = ${s.operatorId}::uuid`);
  if (s.channelId) parts.push(sql`channel_id = ${s.channelId}::uuid`);
  if (s.departmentId) parts.push(sql`department_id = ${s.departmentId}`);
  return sql.join(parts, sql` and `);
}

const COLUMNS = sql.raw(
  'channel_id, department_id, operator_id, origin, opened, closed, messages_in, messages_out, frt_wall, frt_biz, ' +
    'reply_wall, reply_biz, resolution_wall, resolution_biz',
);

/**
 * The rows a scope sums, as a derived table `r` with the columns of dashboard_daily: per day when
 * the figure is per day; otherwise the period's whole months from dashboard_monthly and only the
 * days at its edges from dashboard_daily ("last year" reads 12 months and at most ~60 days).
 */
function rowsOfScope(s: TScope, perDay: boolean): SQL {
  const days = (from: TDay, to: TDay) =>
    sql`select day, ${COLUMNS} from dashboard_daily where ${where(s, 'day', from, to)}`;
  const months = perDay ? null : wholeMonths(s.from, s.to);
  if (!months) return sql`(${days(s.from, s.to)}) r`;
  const parts = [
    sql`select month as day, ${COLUMNS} from dashboard_monthly where ${where(s, 'month', months.from, months.to)}`,
  ];
  if (s.from < months.from) parts.push(days(s.from, addDays(months.from, -1)));
  if (months.to < s.to) parts.push(days(addDays(months.to, 1), s.to));
  return sql`(${sql.join(parts, sql` union all `)}) r`;
}

const keyOf = (key: TKey | null) =>
  key === null
    ? sql`null::text`
    : key === 'day'
      ? sql`to_char(day, 'YYYY-MM-DD')`
      : sql`${sql.raw(key)}::text`;

/** Counters of dashboard_daily summed per key (one row with key null when `key` is null). */
export async function sums(tx: TTx, scope: TScope, key: TKey | null): Promise<TSums[]> {
  return rowsOf<TSums>(
    await tx.execute(sql`
      select ${keyOf(key)} as key, sum(opened)::int as opened, sum(closed)::int as closed,
        sum(messages_in)::int as messages_in, sum(messages_out)::int as messages_out
      from ${rowsOfScope(scope, key === 'day')}
      group by 1 order by 1`),
  );
}

/**
 * The histograms of dashboard_daily summed bucket by bucket, per key: all of them, or only those
 * named in `only` (the others stay empty; unnesting is the costly part).
 */
export async function histograms(
  tx: TTx,
  scope: TScope,
  key: TKey | null,
  only: readonly THistogramName[] = HISTOGRAMS,
): Promise<Map<string | null, THistograms>> {
  const list = sql.raw(only.join(', '));
  const sums = sql.raw(only.map((n, i) => `sum(u.h${i})::int as ${n}`).join(', '));
  const aliases = sql.raw(only.map((_, i) => `h${i}`).join(', '));
  const found = rowsOf<{ key: string | null; i: number } & Record<THistogramName, number>>(
    await tx.execute(sql`
      select ${keyOf(key)} as key, u.i::int as i, ${sums}
      from ${rowsOfScope(scope, key === 'day')}
      cross join lateral unnest(${list}) with ordinality as u(${aliases}, i)
      group by 1, 2`),
  );
  const out = new Map<string | null, THistograms>();
  for (const r of found) {
    let h = out.get(r.key);
    if (!h) {
      h = Object.fromEntries(HISTOGRAMS.map((n) => [n, new Array(BUCKETS).fill(0)])) as THistograms;
      out.set(r.key, h);
    }
    for (const n of only) h[n][Number(r.i) - 1] = Number(r[n] ?? 0);
  }
  return out;
}

/**
 * Several breakdowns of the histograms in one pass over the rows (GROUPING SETS): unnesting the
 * arrays is the costly part, so it is done once for the totals and each key asked for (days,
 * channels, departments). Returns one map per key (null: the totals).
 */
export async function histogramSets(
  tx: TTx,
  scope: TScope,
  keys: Array<'day' | 'channel_id' | 'department_id'>,
): Promise<Map<TKey | null, Map<string | null, THistograms>>> {
  const sets = sql.join([sql`(u.i)`, ...keys.map((k) => sql`(${sql.raw(k)}, u.i)`)], sql`, `);
  // A key outside the grouping sets may be neither selected nor passed to grouping().
  const column = (key: 'day' | 'channel_id' | 'department_id', flag: string, value: SQL, as: string) =>
    keys.includes(key)
      ? sql`grouping(${sql.raw(key)})::int as ${sql.raw(flag)}, ${value} as ${sql.raw(as)}`
      : sql`1 as ${sql.raw(flag)}, null::text as ${sql.raw(as)}`;
  const rows = rowsOf<
    {
      g_day: number;
      g_channel: number;
      g_department: number;
      day: string | null;
      channel: string | null;
      department: string | null;
      i: number;
    } & Record<THistogramName, number>
  >(
    await tx.execute(sql`
      select ${column('day', 'g_day', sql`to_char(day, 'YYYY-MM-DD')`, 'day')},
        ${column('channel_id', 'g_channel', sql`channel_id::text`, 'channel')},
        ${column('department_id', 'g_department', sql`department_id`, 'department')}, u.i::int as i,
        sum(u.a)::int as frt_wall, sum(u.b)::int as frt_biz, sum(u.c)::int as reply_wall,
        sum(u.d)::int as reply_biz, sum(u.e)::int as resolution_wall, sum(u.f)::int as resolution_biz
      from ${rowsOfScope(scope, keys.includes('day'))}
      cross join lateral unnest(frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz)
        with ordinality as u(a, b, c, d, e, f, i)
      group by grouping sets (${sets})`),
  );
  const out = new Map<TKey | null, Map<string | null, THistograms>>();
  for (const r of rows) {
    const set: TKey | null = !r.g_day
      ? 'day'
      : !r.g_channel
        ? 'channel_id'
        : !r.g_department
          ? 'department_id'
          : null;
    const id =
      set === 'day'
        ? r.day
        : set === 'channel_id'
          ? r.channel
          : set === 'department_id'
            ? r.department
            : null;
    let byKey = out.get(set);
    if (!byKey) {
      byKey = new Map();
      out.set(set, byKey);
    }
    let h = byKey.get(id);
    if (!h) {
      h = Object.fromEntries(HISTOGRAMS.map((n) => [n, new Array(BUCKETS).fill(0)])) as THistograms;
      byKey.set(id, h);
    }
    for (const n of HISTOGRAMS) h[n][Number(r.i) - 1] = Number(r[n] ?? 0);
  }
  return out;
}

export interface THeatCell {
  weekday: number;
  hour: number;
  opened: number;
  messages_in: number;
}

/** Opened conversations and customer messages by weekday (0 = Monday) and local hour. */
export async function heatmap(tx: TTx, scope: TScope): Promise<THeatCell[]> {
  return rowsOf<THeatCell>(
    await tx.execute(sql`
      select (extract(isodow from day)::int - 1) as weekday, hour::int as hour, sum(opened)::int as opened,
        sum(messages_in)::int as messages_in
      from dashboard_hourly
      where account_id = ${scope.accountId} and day >= ${scope.from}::date and day <= ${scope.to}::date
      group by 1, 2 order by 1, 2`),
  );
}

/** Per operator: the local hours in which they sent at least one message. */
export async function activeHours(tx: TTx, scope: TScope): Promise<Map<string, number>> {
  const rows = rowsOf<{ operator_id: string; hours: number }>(
    await tx.execute(sql`
      select operator_id::text as operator_id, count(*)::int as hours
      from dashboard_hourly
      where account_id = ${scope.accountId} and day >= ${scope.from}::date and day <= ${scope.to}::date
        and operator_id is not null and messages_out > 0
      group by 1`),
  );
  return new Map(rows.map((r) => [r.operator_id, Number(r.hours)]));
}

export interface TContactSums {
  key: string | null;
  new_contacts: number;
  phase_entries: number;
  opt_outs: number;
}

/** dashboard_contacts_daily summed per key ('source', 'phase_id', 'day' or null for totals). */
export async function contactSums(
  tx: TTx,
  scope: TScope,
  key: 'source' | 'phase_id' | 'day' | null,
): Promise<TContactSums[]> {
  return rowsOf<TContactSums>(
    await tx.execute(sql`
      select ${key === 'source' || key === 'phase_id' ? sql`${sql.raw(key)}::text` : keyOf(key as TKey | null)} as key,
        sum(new_contacts)::int as new_contacts, sum(phase_entries)::int as phase_entries, sum(opt_outs)::int as opt_outs
      from dashboard_contacts_daily
      where account_id = ${scope.accountId} and day >= ${scope.from}::date and day <= ${scope.to}::date
      group by 1 order by 1`),
  );
}

// Names and live figures read from other modules' tables (reporting: read-only SQL, see
// rollup.repo.ts).

export async function names(
  tx: TTx,
  table: 'users' | 'channels' | 'contact_phases' | 'departments',
  ids: string[],
) {
  if (ids.length === 0) return new Map<string, { name: string; extra: string | null }>();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const extra = table === 'channels' ? sql`kind` : table === 'contact_phases' ? sql`color` : sql`null::text`;
  if (table === 'departments') {
    const exists = rowsOf<{ t: string | null }>(
      await tx.execute(sql`select to_regclass('public.departments')::text as t`),
    );
    if (!exists[0]?.t) return new Map();
  }
  const rows = rowsOf<{ id: string; name: string; extra: string | null }>(
    await tx.execute(
      sql`select id::text as id, name, ${extra} as extra from ${sql.raw(table)} where id::text in (${list})`,
    ),
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, extra: r.extra }]));
}

export interface TLiveCounts {
  open: number;
  waiting: number;
  attendance: number;
  flow: number;
  mine: number;
}

/** Open conversations now, by stage, and the user's own (the inbox's open-conversations index). */
export async function liveCounts(tx: TTx, accountId: string, userId: string): Promise<TLiveCounts> {
  const rows = rowsOf<TLiveCounts>(
    await tx.execute(sql`
      select count(*)::int as open, count(*) filter (where stage = 'waiting')::int as waiting,
        count(*) filter (where stage = 'attendance')::int as attendance,
        count(*) filter (where stage = 'flow')::int as flow,
        count(*) filter (where assignee_id = ${userId})::int as mine
      from conversations where account_id = ${accountId} and stage <> 'closed'`),
  );
  return rows[0];
}

/** The getting-started facts: a live channel, a published chatbot (when chatbots exist), a teammate. */
export async function checklist(tx: TTx, accountId: string) {
  const rows = rowsOf<{ channel: boolean; team: boolean; bots: string | null }>(
    await tx.execute(sql`
      select exists(select 1 from channels where account_id = ${accountId} and deleted_at is null) as channel,
        ((select count(*) from account_members where account_id = ${accountId}) > 1
          or exists(select 1 from invitations where account_id = ${accountId})) as team,
        to_regclass('public.chatbots')::text as bots`),
  );
  const { channel, team, bots } = rows[0];
  let chatbot = false;
  if (bots) {
    const published = rowsOf<{ ok: boolean }>(
      await tx.execute(
        sql`select exists(select 1 from chatbots where account_id = ${accountId} and published_version is not null) as ok`,
      ),
    );
    chatbot = Boolean(published[0]?.ok);
  }
  return { channel: Boolean(channel), team: Boolean(team), chatbot };
}

export async function targetsRow(tx: TTx, accountId: string) {
  const rows = rowsOf<{ first_response_seconds: number | null; resolution_seconds: number | null }>(
    await tx.execute(
      sql`select first_response_seconds, resolution_seconds from dashboard_targets where account_id = ${accountId}`,
    ),
  );
  return rows[0] ?? { first_response_seconds: null, resolution_seconds: null };
}

export async function saveTargets(
  tx: TTx,
  accountId: string,
  t: { firstResponseSeconds: number | null; resolutionSeconds: number | null },
) {
  await tx.execute(sql`
    insert into dashboard_targets (account_id, first_response_seconds, resolution_seconds)
    values (${accountId}, ${t.firstResponseSeconds}, ${t.resolutionSeconds})
    on conflict (account_id) do update set first_response_seconds = excluded.first_response_seconds,
      resolution_seconds = excluded.resolution_seconds, updated_at = now()`);
}
