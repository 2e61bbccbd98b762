import { MESSAGE_ACK, type TErrorCode } from '@atende/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { builtOnce, type TPlaceholders } from '../../../platform/db/built-once';
import { rowsOf } from '../../../platform/db/client';
import { arrayLiteral } from '../../../platform/db/sql-arrays';
import type { TTx } from '../../../platform/db/tenant';
import { accounts } from '../../accounts/accounts.schema';
import { channels } from '../../channels/channels.schema';
import { contacts } from '../../contacts/contacts.schema';
import { conversations, messages } from '../inbox.schema';
import type { TMessageRow } from '../conversations/message-presenter';

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

/** Claims pending sends (builtOnce: the ids travel as one array, so the text never changes). */
const claim = builtOnce((tx, p: TPlaceholders<{ accountId: string; ids: string }>) =>
  tx
    .update(messages)
    .set({ errorCode: SENDING_GUARD })
    .where(
      and(
        eq(messages.accountId, p('accountId')),
        sql`${messages.id} = any(${p('ids')}::uuid[])`,
        eq(messages.ack, MESSAGE_ACK.pending),
        eq(messages.private, false),
        sql`${messages.providerMessageId} is null and ${messages.errorCode} is null`,
        sql`${messages.authorType} <> 'contact'`,
      ),
    )
    .returning(),
);

/**
 * Takes outbound messages for sending, in one statement: only a pending message without a
 * provider id and without the guard is claimed (the guard is set in the same statement). A
 * message that still carries the guard was left by an attempt that died mid-send: it is marked
 * failed. Answers each id's claim (an id given twice is claimed once: the second is skipped).
 */
export async function claimOutbound(tx: TTx, accountId: string, messageIds: string[]): Promise<TClaim[]> {
  const ids = [...new Set(messageIds)];
  const claimedRows = await claim(tx, { accountId, ids: arrayLiteral(ids) });
  const claims = new Map<string, TClaim>();
  const others = ids.filter((id) => !claimedRows.some((row) => row.id === id));
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
  const conversationIds = [...new Set(claimedRows.map((row) => row.conversationId))];
  const contexts =
    conversationIds.length > 0
      ? await tx
          .select({ conversation: conversations, channel: channels, contactPhone: contacts.phone })
          .from(conversations)
          .leftJoin(channels, eq(channels.id, conversations.channelId))
          .innerJoin(contacts, eq(contacts.id, conversations.contactId))
          .where(and(eq(conversations.accountId, accountId), inArray(conversations.id, conversationIds)))
      : [];
  for (const claimed of claimedRows) {
    const ctx = contexts.find((c) => c.conversation.id === claimed.conversationId)!;
    claims.set(claimed.id, { state: 'claimed', context: { message: claimed, ...ctx } });
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
