import { MESSAGE_ACK, type TErrorCode } from '@atende/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { builtOnce, sqlOnce, type TPlaceholders } from '../../../platform/db/built-once';
import { jsonOf, rowFromJson, rowsOf } from '../../../platform/db/client';
import { arrayLiteral } from '../../../platform/db/sql-arrays';
import type { TTx } from '../../../platform/db/tenant';
import { accounts } from '../../accounts/accounts.schema';
import { channels } from '../../channels/channels.schema';
import { conversations, messages } from '../inbox.schema';
import { messageFromJson, type TMessageRow } from '../conversations/message-presenter';

/** The in-flight guard of an outbound message (error_code while ack is pending). */
export const SENDING_GUARD = 'SENDING';

export interface TOutboundContext {
  message: TMessageRow;
  conversation: typeof conversations.$inferSelect;
  channel: typeof channels.$inferSelect | null;
  contactPhone: string | null;
}

export type TClaim =
  | { state: 'skip' }
  | { state: 'stale'; row: TMessageRow | undefined }
  | { state: 'claimed'; context: TOutboundContext };

/**
 * Claims pending sends and reads what their sending needs, in one statement (sqlOnce: the ids
 * travel as one array, so the text never changes): each claimed message with its conversation,
 * channel and contact's phone.
 */
const claim = sqlOnce<{ accountId: string; ids: string }>(
  (p) => sql`
    with c as (
      update messages set error_code = ${sql.raw(`'${SENDING_GUARD}'`)}
      where account_id = ${p('accountId')} and id = any(${p('ids')}::uuid[])
        and ack = ${sql.raw(String(MESSAGE_ACK.pending))} and private = false
        and provider_message_id is null and error_code is null and author_type <> 'contact'
      returning *
    )
    select to_jsonb(c.*) as message, to_jsonb(cv.*) as conversation, to_jsonb(ch.*) as channel,
      ct.phone as "contactPhone"
    from c
    left join conversations cv on cv.account_id = c.account_id and cv.id = c.conversation_id
    left join channels ch on ch.id = cv.channel_id
    left join contacts ct on ct.id = cv.contact_id`,
);

/**
 * Takes outbound messages for sending, in one statement: only a pending message without a
 * provider id and without the guard is claimed (the guard is set in the same statement), and
 * comes back with what its send reads. A message that still carries the guard was left by an
 * attempt that died mid-send: it is marked failed. Answers each id's claim (an id given twice is
 * claimed once: the second is skipped).
 */
export async function claimOutbound(tx: TTx, accountId: string, messageIds: string[]): Promise<TClaim[]> {
  const ids = [...new Set(messageIds)];
  const claimedRows = rowsOf<{
    message: unknown;
    conversation: unknown;
    channel: unknown;
    contactPhone: string | null;
  }>(await claim(tx, { accountId, ids: arrayLiteral(ids) }));
  const claims = new Map<string, TClaim>();
  for (const row of claimedRows) {
    const message = messageFromJson(jsonOf(row.message)!);
    claims.set(message.id, {
      state: 'claimed',
      context: {
        message,
        conversation: rowFromJson(conversations, row.conversation)!,
        channel: rowFromJson(channels, row.channel) ?? null,
        contactPhone: row.contactPhone,
      },
    });
  }
  const others = ids.filter((id) => !claims.has(id));
  const current =
    others.length > 0
      ? await tx
          .select({ id: messages.id, ack: messages.ack, errorCode: messages.errorCode })
          .from(messages)
          .where(and(eq(messages.accountId, accountId), inArray(messages.id, others)))
      : [];
  for (const id of others) {
    const row = current.find((c) => c.id === id);
    if (row?.ack === MESSAGE_ACK.pending && row.errorCode === SENDING_GUARD)
      claims.set(id, {
        state: 'stale',
        row: await failOutbound(tx, accountId, id, 'CHANNEL_PROVIDER_ERROR'),
      });
    else claims.set(id, { state: 'skip' });
  }
  const given = new Set<string>();
  return messageIds.map((id) => {
    if (given.has(id)) return { state: 'skip' };
    given.add(id);
    return claims.get(id)!;
  });
}

/**
 * Sent: each message's provider id, ack at least 'sent' (a delivery report may have raced ahead),
 * for a batch of sends in one statement. Answers the rows updated.
 */
export async function markSent(
  tx: TTx,
  accountId: string,
  sends: ReadonlyArray<{ messageId: string; providerMessageId: string }>,
): Promise<TMessageRow[]> {
  if (sends.length === 0) return [];
  return (await sent(tx, {
    accountId,
    ids: arrayLiteral(sends.map((s) => s.messageId)),
    providerIds: arrayLiteral(sends.map((s) => s.providerMessageId)),
  })) as TMessageRow[];
}

/** markSent's statement (builtOnce: the batch travels as two arrays, so the text never changes). */
const sent = builtOnce((tx, p: TPlaceholders<{ accountId: string; ids: string; providerIds: string }>) =>
  tx
    .update(messages)
    .set({
      providerMessageId: sql`sent.provider_id`,
      errorCode: null,
      ack: sql`greatest(${messages.ack}, ${MESSAGE_ACK.sent})`,
    })
    .from(sql`unnest(${p('ids')}::uuid[], ${p('providerIds')}::text[]) as sent(id, provider_id)`)
    .where(and(eq(messages.accountId, p('accountId')), sql`${messages.id} = sent.id`))
    .returning(),
);

export async function failOutbound(tx: TTx, accountId: string, messageId: string, code: TErrorCode) {
  const [row] = await tx
    .update(messages)
    .set({ ack: MESSAGE_ACK.failed, errorCode: code })
    .where(and(eq(messages.accountId, accountId), eq(messages.id, messageId)))
    .returning();
  return row as TMessageRow | undefined;
}

/** Takes `segments` SMS credits at once, or none when the balance is short (answers false). */
export async function debitSmsCredit(tx: TTx, accountId: string, segments: number): Promise<boolean> {
  const rows = rowsOf<{ sms_credit: number }>(
    await tx.execute(sql`
      update ${accounts} set sms_credit = sms_credit - ${segments}
      where id = ${accountId} and sms_credit >= ${segments}
      returning sms_credit`),
  );
  return rows.length > 0;
}

export async function refundSmsCredit(tx: TTx, accountId: string, segments: number) {
  await tx.execute(sql`update ${accounts} set sms_credit = sms_credit + ${segments} where id = ${accountId}`);
}
