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

const emptyHistograms = () =>
  Object.fromEntries(HISTOGRAMS.map((n) => [n, new Array(BUCKETS).fill(0)])) as THistograms;

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

/** A breakdown of dashboard_totals (migration 0042): the account's totals or one key's rows. */
export type TDim = 'all' | 'channel' | 'department' | 'operator' | 'origin';

const DIM_OF_KEY: Record<Exclude<TKey, 'day'>, TDim> = {
  channel_id: 'channel',
  department_id: 'department',
  operator_id: 'operator',
  origin: 'origin',
};

/**
 * Which dashboard_totals rows hold a scope's figures per key: the dim of the key (or of the one
 * filter), restricted to the filter's value. Null when they cannot (two filters at once, or a
 * breakdown by another key than the filter's): those read the channel × operator rows.
 */
export function totalsPick(s: TScope, key: TKey | null): { dim: TDim; key?: string } | null {
  const filters: Array<[TDim, string]> = [];
  if (s.operatorId) filters.push(['operator', s.operatorId]);
  if (s.channelId) filters.push(['channel', s.channelId]);
  if (s.departmentId) filters.push(['department', s.departmentId]);
  if (filters.length > 1) return null;
  const byKey = key === null || key === 'day' ? null : DIM_OF_KEY[key];
  const filter = filters[0];
  if (filter && byKey && byKey !== filter[0]) return null;
  return filter ? { dim: filter[0], key: filter[1] } : { dim: byKey ?? 'all' };
}

const TOTAL_COLUMNS = sql.raw(
  "dim, key, case when dim = 'channel' then key end as channel_id, case when dim = 'department' then key end as department_id, " +
    "case when dim = 'operator' then key end as operator_id, case when dim = 'origin' then key end as origin, " +
    'opened, closed, messages_in, messages_out, frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz, ' +
    'heat_opened, heat_in, active_hours',
);

/**
 * Whole months from the month rows and the days at the edges from the day rows (or every day when
 * the figure is per day), as a derived table `r`; `from` builds each part's select.
 */
function monthsAndDays(
  s: TScope,
  perDay: boolean,
  part: (grain: 'day' | 'month', from: TDay, to: TDay) => SQL,
): SQL {
  const months = perDay ? null : wholeMonths(s.from, s.to);
  if (!months) return sql`(${part('day', s.from, s.to)}) r`;
  const parts = [part('month', months.from, months.to)];
  if (s.from < months.from) parts.push(part('day', s.from, addDays(months.from, -1)));
  if (months.to < s.to) parts.push(part('day', addDays(months.to, 1), s.to));
  return sql`(${sql.join(parts, sql` union all `)}) r`;
}

/** The dashboard_totals rows of the dims (and key) asked for, as a derived table `r`. */
function totalsOfScope(s: TScope, dims: TDim[], key: string | undefined, perDay: boolean): SQL {
  return monthsAndDays(s, perDay, (grain, from, to) => {
    const parts = [
      sql`account_id = ${s.accountId}`,
      dims.length === 1
        ? sql`dim = ${dims[0]}`
        : sql`dim in (${sql.join(
            dims.map((d) => sql`${d}`),
            sql`, `,
          )})`,
      sql`grain = ${grain}`,
      sql`day >= ${from}::date`,
      sql`day <= ${to}::date`,
    ];
    if (key !== undefined) parts.push(sql`key = ${key}`);
    return sql`select day, ${TOTAL_COLUMNS} from dashboard_totals where ${sql.join(parts, sql` and `)}`;
  });
}

/**
 * The rows a scope sums, as a derived table `r` with the columns of dashboard_daily. From
 * dashboard_totals when they hold the figure (a handful of rows: "last year" reads 12 months and at
 * most ~60 days); otherwise per day from dashboard_daily, or the period's whole months from
 * dashboard_monthly and only the days at its edges from dashboard_daily.
 */
function rowsOfScope(s: TScope, key: TKey | null): SQL {
  const perDay = key === 'day';
  const pick = totalsPick(s, key);
  if (pick) return totalsOfScope(s, [pick.dim], pick.key, perDay);
  return monthsAndDays(s, perDay, (grain, from, to) =>
    grain === 'month'
      ? sql`select month as day, ${COLUMNS} from dashboard_monthly where ${where(s, 'month', from, to)}`
      : sql`select day, ${COLUMNS} from dashboard_daily where ${where(s, 'day', from, to)}`,
  );
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
      from ${rowsOfScope(scope, key)}
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
  const pick = key === 'day' ? totalsPick(scope, key) : null;
  if (pick) return dayHistograms(tx, scope, pick, only);
  const list = sql.raw(only.join(', '));
  const sums = sql.raw(only.map((n, i) => `sum(u.h${i})::int as ${n}`).join(', '));
  const aliases = sql.raw(only.map((_, i) => `h${i}`).join(', '));
  const found = rowsOf<{ key: string | null; i: number } & Record<THistogramName, number>>(
    await tx.execute(sql`
      select ${keyOf(key)} as key, u.i::int as i, ${sums}
      from ${rowsOfScope(scope, key)}
      cross join lateral unnest(${list}) with ordinality as u(${aliases}, i)
      group by 1, 2`),
  );
  const out = new Map<string | null, THistograms>();
  for (const r of found) {
    let h = out.get(r.key);
    if (!h) {
      h = emptyHistograms();
      out.set(r.key, h);
    }
    for (const n of only) h[n][Number(r.i) - 1] = Number(r[n] ?? 0);
  }
  return out;
}

/**
 * Per day from dashboard_totals: one row a day holds the day's histograms (one dim and key), read
 * as they are stored, without summing.
 */
async function dayHistograms(
  tx: TTx,
  scope: TScope,
  pick: { dim: TDim; key?: string },
  only: readonly THistogramName[],
): Promise<Map<string | null, THistograms>> {
  const rows = rowsOf<{ key: string } & Record<THistogramName, number[] | null>>(
    await tx.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as key, ${sql.raw(only.join(', '))}
      from ${totalsOfScope(scope, [pick.dim], pick.key, true)}`),
  );
  const out = new Map<string | null, THistograms>();
  for (const r of rows) {
    const h = emptyHistograms();
    for (const n of only) for (const [i, v] of (r[n] ?? []).entries()) h[n][i] = Number(v);
    out.set(r.key, h);
  }
  return out;
}

/**
 * histogramSets of the whole account from dashboard_totals: the 'all' rows and the rows of each
 * key's dim, summed bucket by bucket per dim and key in one pass.
 */
async function totalHistogramSets(
  tx: TTx,
  scope: TScope,
  keys: Array<'channel_id' | 'department_id'>,
): Promise<Map<TKey | null, Map<string | null, THistograms>>> {
  const dims: TDim[] = ['all', ...keys.map((k) => DIM_OF_KEY[k])];
  const rows = rowsOf<{ dim: TDim; key: string | null; i: number } & Record<THistogramName, number>>(
    await tx.execute(sql`
      select dim, key, u.i::int as i, sum(u.a)::int as frt_wall, sum(u.b)::int as frt_biz,
        sum(u.c)::int as reply_wall, sum(u.d)::int as reply_biz, sum(u.e)::int as resolution_wall,
        sum(u.f)::int as resolution_biz
      from ${totalsOfScope(scope, dims, undefined, false)}
      cross join lateral unnest(frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz)
        with ordinality as u(a, b, c, d, e, f, i)
      group by 1, 2, 3`),
  );
  const setOf = (dim: TDim): TKey | null =>
    dim === 'all' ? null : (keys.find((k) => DIM_OF_KEY[k] === dim) ?? null);
  const out = new Map<TKey | null, Map<string | null, THistograms>>();
  for (const r of rows) {
    const set = setOf(r.dim);
    const id = r.dim === 'all' ? null : r.key;
    let byKey = out.get(set);
    if (!byKey) {
      byKey = new Map();
      out.set(set, byKey);
    }
    let h = byKey.get(id);
    if (!h) {
      h = emptyHistograms();
      byKey.set(id, h);
    }
    for (const n of HISTOGRAMS) h[n][Number(r.i) - 1] = Number(r[n] ?? 0);
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
  if (!scope.operatorId && !scope.channelId && !scope.departmentId && !keys.includes('day'))
    return totalHistogramSets(tx, scope, keys as Array<'channel_id' | 'department_id'>);
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
      from ${rowsOfScope(scope, keys.includes('day') ? 'day' : null)}
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
      h = emptyHistograms();
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

/**
 * Opened conversations and customer messages by weekday (0 = Monday) and local hour, from the
 * heatmap cells of the account's totals (dashboard_totals 'all': cell = weekday * 24 + hour).
 */
export async function heatmap(tx: TTx, scope: TScope): Promise<THeatCell[]> {
  const all: TScope = { accountId: scope.accountId, from: scope.from, to: scope.to };
  return rowsOf<THeatCell>(
    await tx.execute(sql`
      select ((u.i - 1) / 24)::int as weekday, ((u.i - 1) % 24)::int as hour, sum(u.o)::int as opened,
        sum(u.m)::int as messages_in
      from ${totalsOfScope(all, ['all'], undefined, false)}
      cross join lateral unnest(heat_opened, heat_in) with ordinality as u(o, m, i)
      group by 1, 2 having sum(u.o) > 0 or sum(u.m) > 0 order by 1, 2`),
  );
}

/** Per operator: the local hours in which they sent at least one message. */
export async function activeHours(tx: TTx, scope: TScope): Promise<Map<string, number>> {
  const all: TScope = { accountId: scope.accountId, from: scope.from, to: scope.to };
  const rows = rowsOf<{ operator_id: string; hours: number }>(
    await tx.execute(sql`
      select key as operator_id, sum(active_hours)::int as hours
      from ${totalsOfScope(all, ['operator'], undefined, false)}
      where key is not null group by 1 having sum(active_hours) > 0`),
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

/** Tables of other modules found so far (a table, once created, stays: asked until it is there). */
const present = new Set<string>();

async function tableExists(tx: TTx, table: 'departments' | 'chatbots'): Promise<boolean> {
  if (present.has(table)) return true;
  const found = rowsOf<{ t: string | null }>(
    await tx.execute(sql`select to_regclass(${`public.${table}`})::text as t`),
  );
  if (found[0]?.t) present.add(table);
  return Boolean(found[0]?.t);
}

export async function names(
  tx: TTx,
  table: 'users' | 'channels' | 'contact_phases' | 'departments',
  ids: string[],
) {
  if (ids.length === 0) return new Map<string, { name: string; extra: string | null }>();
  // Ids of uuid columns through their primary key; department keys are text (any value).
  const list = `{${ids.map((id) => `"${id.replace(/["\\]/g, '')}"`).join(',')}}`;
  const match =
    table === 'departments' ? sql`id::text = any(${list}::text[])` : sql`id = any(${list}::uuid[])`;
  const extra = table === 'channels' ? sql`kind` : table === 'contact_phases' ? sql`color` : sql`null::text`;
  if (table === 'departments' && !(await tableExists(tx, 'departments'))) return new Map();
  const rows = rowsOf<{ id: string; name: string; extra: string | null }>(
    await tx.execute(
      sql`select id::text as id, name, ${extra} as extra from ${sql.raw(table)} where ${match}`,
    ),
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, extra: r.extra }]));
}

export interface TOpenCount {
  assignee_id: string | null;
  stage: string;
  n: number;
}

/**
 * Open conversations now, by assignee and stage: one pass over the inbox's open conversations by
 * assignee index (index-only), for the account's counts and every user's own, less a chatbot's
 * open live tests (conversations.test, their own small index): not customers'.
 */
export async function openCounts(tx: TTx, accountId: string): Promise<TOpenCount[]> {
  return rowsOf<TOpenCount>(
    await tx.execute(sql`
      select assignee_id, stage, sum(n)::int as n from (
        select assignee_id::text as assignee_id, stage, count(*) as n
        from conversations where account_id = ${accountId} and stage <> 'closed'
        group by 1, 2
        union all
        select assignee_id::text, stage, -count(*)
        from conversations where account_id = ${accountId} and test and stage <> 'closed'
        group by 1, 2
      ) counts
      group by 1, 2 having sum(n) > 0`),
  );
}

/** The getting-started facts: a live channel, a published chatbot (when chatbots exist), a teammate. */
export async function checklist(tx: TTx, accountId: string) {
  const rows = rowsOf<{ channel: boolean; team: boolean }>(
    await tx.execute(sql`
      select exists(select 1 from channels where account_id = ${accountId} and deleted_at is null) as channel,
        ((select count(*) from account_members where account_id = ${accountId}) > 1
          or exists(select 1 from invitations where account_id = ${accountId})) as team`),
  );
  const { channel, team } = rows[0];
  let chatbot = false;
  if (await tableExists(tx, 'chatbots')) {
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
