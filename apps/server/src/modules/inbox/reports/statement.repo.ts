import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';

export interface TStatementDbRow {
  id: string;
  created_at: string | Date;
  local_date: string;
  stage: string;
  counted: boolean;
  contact_id: string;
  contact_name: string;
  contact_phone: string | null;
  channel_id: string | null;
  channel_kind: string | null;
  channel_name: string | null;
  operator_id: string | null;
  operator_name: string | null;
}

const rowsSql = (accountId: string, from: Date, to: Date, tz: string) => sql`
  select c.id, c.created_at, to_char(c.created_at at time zone ${tz}, 'YYYY-MM-DD') as local_date,
    c.stage, c.counted, c.contact_id, ct.name as contact_name, ct.phone as contact_phone,
    c.channel_id, ch.kind as channel_kind, ch.name as channel_name,
    c.assignee_id as operator_id, u.name as operator_name
  from conversations c
  join contacts ct on ct.id = c.contact_id
  left join channels ch on ch.id = c.channel_id
  left join users u on u.id = c.assignee_id
  where c.account_id = ${accountId} and c.created_at >= ${from.toISOString()}::timestamptz
    and c.created_at < ${to.toISOString()}::timestamptz`;

/** A page of the period's conversations (newest first) with the count and the totals per local day. */
export function statementPage(
  db: TDb,
  accountId: string,
  range: { from: Date; to: Date; tz: string },
  limit: number,
  offset: number,
) {
  return withTenant(db, accountId, async (tx) => {
    const items = rowsOf<TStatementDbRow>(
      await tx.execute(sql`${rowsSql(accountId, range.from, range.to, range.tz)}
        order by c.created_at desc, c.id desc limit ${limit} offset ${offset}`),
    );
    const days = rowsOf<{ date: string; counted: number; not_counted: number }>(
      await tx.execute(sql`
        select to_char(created_at at time zone ${range.tz}, 'YYYY-MM-DD') as date,
          count(*) filter (where counted)::int as counted, count(*) filter (where not counted)::int as not_counted
        from conversations
        where account_id = ${accountId} and created_at >= ${range.from.toISOString()}::timestamptz
          and created_at < ${range.to.toISOString()}::timestamptz
        group by 1 order by 1`),
    );
    return { items, days };
  });
}

/** Every row of the period, oldest first, in batches (exports). */
export async function* statementRows(
  db: TDb,
  accountId: string,
  range: { from: Date; to: Date; tz: string },
) {
  const batch = 1000;
  for (let offset = 0; ; offset += batch) {
    const rows = await withTenant(db, accountId, async (tx) =>
      rowsOf<TStatementDbRow>(
        await tx.execute(sql`${rowsSql(accountId, range.from, range.to, range.tz)}
          order by c.created_at, c.id limit ${batch} offset ${offset}`),
      ),
    );
    yield rows;
    if (rows.length < batch) return;
  }
}
