import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/client';
import type { TTx } from '../../../platform/db/tenant';

/** The account's closed conversations, first closed first. */
export async function closedConversationIds(tx: TTx, accountId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from conversations where account_id = ${accountId} and stage = 'closed'
      order by closed_at, id`),
  );
  return rows.map((r) => r.id);
}

/** A closed conversation's instants and its messages', all `interval` earlier; false when not closed. */
export async function shiftClosedConversation(
  tx: TTx,
  accountId: string,
  conversationId: string,
  interval: string,
): Promise<boolean> {
  const [moved] = rowsOf<TMovedOpening>(
    await tx.execute(sql`
      update conversations c set created_at = c.created_at - ${interval}::interval,
        taken_at = c.taken_at - ${interval}::interval, closed_at = c.closed_at - ${interval}::interval,
        last_inbound_at = c.last_inbound_at - ${interval}::interval,
        last_message_at = c.last_message_at - ${interval}::interval
      from (select id, created_at from conversations where account_id = ${accountId} and id = ${conversationId}) o
      where c.account_id = ${accountId} and c.id = o.id and c.stage = 'closed'
      returning ${movedOpening}`),
  );
  if (!moved) return false;
  await tx.execute(sql`
    update messages set created_at = created_at - ${interval}::interval
    where account_id = ${accountId} and conversation_id = ${conversationId}`);
  await moveUsage(tx, accountId, moved);
  return true;
}

/** What a move changed of a conversation's opening: the months it counts in (UTC, as usagePeriod). */
interface TMovedOpening {
  counted: boolean;
  from_month: string;
  to_month: string;
}

const movedOpening = sql`c.counted,
  to_char(date_trunc('month', o.created_at at time zone 'UTC'), 'YYYY-MM-DD') as from_month,
  to_char(date_trunc('month', c.created_at at time zone 'UTC'), 'YYYY-MM-DD') as to_month`;

/**
 * A counted conversation moved into another month counts in that month's usage, no longer in the
 * one it was opened in (the plan's usage and the statement then agree on every month).
 */
async function moveUsage(tx: TTx, accountId: string, moved: TMovedOpening) {
  if (!moved.counted || moved.from_month === moved.to_month) return;
  await tx.execute(sql`
    update conversation_usage set count = greatest(count - 1, 0)
    where account_id = ${accountId} and period_start = ${moved.from_month}::date`);
  await tx.execute(sql`
    insert into conversation_usage (account_id, period_start, count) values (${accountId}, ${moved.to_month}::date, 1)
    on conflict (account_id, period_start) do update set count = conversation_usage.count + 1`);
}

/**
 * A closed conversation opened at `opened` (the customer's messages), answered at `answered` (the
 * operators') and closed at `closed` (everything else); false when not closed.
 */
export async function placeClosedConversation(
  tx: TTx,
  accountId: string,
  conversationId: string,
  t: { opened: Date; answered: Date; closed: Date },
): Promise<boolean> {
  const [opened, answered, closed] = [t.opened, t.answered, t.closed].map((d) => d.toISOString());
  const [moved] = rowsOf<TMovedOpening>(
    await tx.execute(sql`
      update conversations c set created_at = ${opened}::timestamptz, taken_at = ${answered}::timestamptz,
        closed_at = ${closed}::timestamptz, last_inbound_at = ${opened}::timestamptz,
        last_message_at = ${closed}::timestamptz
      from (select id, created_at from conversations where account_id = ${accountId} and id = ${conversationId}) o
      where c.account_id = ${accountId} and c.id = o.id and c.stage = 'closed'
      returning ${movedOpening}`),
  );
  if (!moved) return false;
  await tx.execute(sql`
    update messages set created_at = case author_type
        when 'contact' then ${opened}::timestamptz
        when 'operator' then ${answered}::timestamptz
        else ${closed}::timestamptz end
    where account_id = ${accountId} and conversation_id = ${conversationId}`);
  await moveUsage(tx, accountId, moved);
  return true;
}
