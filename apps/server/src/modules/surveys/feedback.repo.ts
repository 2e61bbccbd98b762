import { type SQL, sql } from 'drizzle-orm';
import type { TFeedbackQuery } from '@atende/shared';
import { rowsOf, type TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { TDateRange } from '../../platform/local-dates';
import { containsPattern } from '../../platform/search-term';

/** The report's filters: the period (account time zone, on when the survey was asked) and groups. */
export interface TFeedbackFilter {
  range: TDateRange | null;
  query: TFeedbackQuery;
}

/** Counts a group of surveys is summed up from (scores are computed from them). */
export interface TCounts {
  sent: number;
  answered: number;
  not_sent: number;
  csat_answers: number;
  csat_satisfied: number;
  promoters: number;
  passives: number;
  detractors: number;
}

const COUNTS = sql`
  count(*) filter (where r.status <> 'not_sent')::int as sent,
  count(*) filter (where r.status = 'answered')::int as answered,
  count(*) filter (where r.status = 'not_sent')::int as not_sent,
  count(r.csat)::int as csat_answers,
  count(*) filter (where r.csat >= 4)::int as csat_satisfied,
  count(*) filter (where r.nps >= 9)::int as promoters,
  count(*) filter (where r.nps between 7 and 8)::int as passives,
  count(*) filter (where r.nps <= 6)::int as detractors`;

function whereOf(accountId: string, f: TFeedbackFilter): SQL {
  const parts: SQL[] = [sql`r.account_id = ${accountId}`];
  if (f.range)
    parts.push(
      sql`r.created_at >= ${f.range.from.toISOString()} and r.created_at < ${f.range.to.toISOString()}`,
    );
  const q = f.query;
  if (q.operatorId) parts.push(sql`r.operator_id = ${q.operatorId}`);
  if (q.departmentId) parts.push(sql`r.department_id = ${q.departmentId}`);
  if (q.channelKind) parts.push(sql`r.channel_kind = ${q.channelKind}`);
  if (q.tagId) parts.push(sql`ct.tags @> array[${q.tagId}]::uuid[]`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`survey_requests r left join contacts ct on ct.id = r.contact_id`;

export function feedbackData(
  db: TDb,
  accountId: string,
  f: TFeedbackFilter,
  timeZone: string,
  unit: 'day' | 'month',
) {
  const where = whereOf(accountId, f);
  const fmt = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return withTenant(db, accountId, async (tx) => {
    const q = async <T>(query: SQL) => rowsOf<T>(await tx.execute(query));
    const [totals] = await q<TCounts>(sql`select ${COUNTS} from ${FROM} where ${where}`);
    const distribution = await q<{ metric: 'csat' | 'nps'; score: number; count: number }>(sql`
      select 'csat' as metric, r.csat::int as score, count(*)::int as count from ${FROM}
      where ${where} and r.csat is not null group by r.csat
      union all
      select 'nps', r.nps::int, count(*)::int from ${FROM} where ${where} and r.nps is not null group by r.nps`);
    const trend = await q<TCounts & { period: string }>(sql`
      select to_char(date_trunc(${unit}, r.created_at at time zone ${timeZone}), ${fmt}) as period, ${COUNTS}
      from ${FROM} where ${where} group by 1 order by 1`);
    const byOperator = await q<TCounts & { key: string; name: string | null }>(sql`
      select coalesce(r.operator_id::text, '') as key, min(u.name) as name, ${COUNTS}
      from ${FROM} left join users u on u.id = r.operator_id where ${where} group by 1 order by 2 nulls last`);
    const byDepartment = await q<TCounts & { key: string; name: string | null }>(sql`
      select coalesce(r.department_id, '') as key, null as name, ${COUNTS}
      from ${FROM} where ${where} group by 1 order by 1`);
    const byChannel = await q<TCounts & { key: string; name: string | null }>(sql`
      select coalesce(r.channel_kind, '') as key, null as name, ${COUNTS}
      from ${FROM} where ${where} group by 1 order by 1`);
    const byTag = await q<TCounts & { key: string; name: string | null }>(sql`
      select t.id::text as key, min(t.name) as name, ${COUNTS}
      from ${FROM} cross join lateral unnest(ct.tags) as tag(id) join contact_tags t on t.id = tag.id
      where ${where} group by 1 order by 2`);
    return { totals, distribution, trend, byOperator, byDepartment, byChannel, byTag };
  });
}

export interface TVerbatimRow {
  id: string;
  conversation_id: string;
  contact_id: string;
  contact_name: string | null;
  operator_id: string | null;
  operator_name: string | null;
  channel_kind: string | null;
  csat: number | null;
  nps: number | null;
  comment: string;
  answered_at: string;
}

const VERBATIM_COLUMNS = sql`r.id, r.conversation_id, r.contact_id, ct.name as contact_name, r.operator_id,
  u.name as operator_name, r.channel_kind, r.csat, r.nps, r.comment, r.answered_at`;

export function verbatimsPage(
  db: TDb,
  accountId: string,
  f: TFeedbackFilter,
  search: string | undefined,
  limit: number,
  offset: number,
) {
  const parts = [whereOf(accountId, f), sql`r.comment is not null and r.comment <> ''`];
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    parts.push(sql`(lower(r.comment) like ${pattern} or lower(coalesce(ct.name, '')) like ${pattern})`);
  }
  const where = sql.join(parts, sql` and `);
  return withTenant(db, accountId, async (tx) => {
    const items = rowsOf<TVerbatimRow>(
      await tx.execute(sql`select ${VERBATIM_COLUMNS}
        from ${FROM} left join users u on u.id = r.operator_id where ${where}
        order by r.answered_at desc nulls last, r.id desc limit ${limit} offset ${offset}`),
    );
    const [{ n }] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from ${FROM} where ${where}`),
    );
    return { items, count: n };
  });
}

export interface TExportRow {
  created_at: string;
  contact_name: string | null;
  channel_kind: string | null;
  operator_name: string | null;
  department_id: string | null;
  status: string;
  expires_at: string | null;
  not_sent_reason: string | null;
  csat: number | null;
  nps: number | null;
  comment: string | null;
}

/** Every survey of the filter, in batches (the export). */
export async function* exportRows(db: TDb, accountId: string, f: TFeedbackFilter) {
  const where = whereOf(accountId, f);
  const batch = 1000;
  for (let offset = 0; ; offset += batch) {
    const rows = await withTenant(db, accountId, async (tx) =>
      rowsOf<TExportRow>(
        await tx.execute(sql`select r.created_at, ct.name as contact_name, r.channel_kind,
            u.name as operator_name, r.department_id, r.status, r.expires_at, r.not_sent_reason,
            r.csat, r.nps, r.comment
          from ${FROM} left join users u on u.id = r.operator_id where ${where}
          order by r.created_at, r.id limit ${batch} offset ${offset}`),
      ),
    );
    yield rows;
    if (rows.length < batch) return;
  }
}
