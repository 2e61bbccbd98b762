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
  const moved = rowsOf(
    await tx.execute(sql`
      update conversations set created_at = created_at - ${interval}::interval,
        taken_at = taken_at - ${interval}::interval, closed_at = closed_at - ${interval}::interval,
        last_inbound_at = last_inbound_at - ${interval}::interval,
        last_message_at = last_message_at - ${interval}::interval
      where account_id = ${accountId} and id = ${conversationId} and stage = 'closed'
      returning id`),
  );
  if (!moved.length) return false;
  await tx.execute(sql`
    update messages set created_at = created_at - ${interval}::interval
    where account_id = ${accountId} and conversation_id = ${conversationId}`);
  return true;
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
  const moved = rowsOf(
    await tx.execute(sql`
      update conversations set created_at = ${opened}::timestamptz, taken_at = ${answered}::timestamptz,
        closed_at = ${closed}::timestamptz, last_inbound_at = ${opened}::timestamptz,
        last_message_at = ${closed}::timestamptz
      where account_id = ${accountId} and id = ${conversationId} and stage = 'closed'
      returning id`),
  );
  if (!moved.length) return false;
  await tx.execute(sql`
    update messages set created_at = case author_type
        when 'contact' then ${opened}::timestamptz
        when 'operator' then ${answered}::timestamptz
        else ${closed}::timestamptz end
    where account_id = ${accountId} and conversation_id = ${conversationId}`);
  return true;
}
