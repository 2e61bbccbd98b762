import { MESSAGE_ACK, type TErrorCode } from '@atende/shared';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/client';
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

/**
 * Takes an outbound message for sending: only a pending message without a provider id and
 * without the guard is claimed (the guard is set in the same statement). A message that still
 * carries the guard was left by an attempt that died mid-send: it is marked failed.
 */
export async function claimOutbound(tx: TTx, accountId: string, messageId: string): Promise<TClaim> {
  const [claimed] = await tx
    .update(messages)
    .set({ errorCode: SENDING_GUARD })
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.id, messageId),
        eq(messages.ack, MESSAGE_ACK.pending),
        eq(messages.private, false),
        sql`${messages.providerMessageId} is null and ${messages.errorCode} is null`,
        sql`${messages.authorType} <> 'contact'`,
      ),
    )
    .returning();
  if (!claimed) {
    const [current] = await tx
      .select({ ack: messages.ack, errorCode: messages.errorCode })
      .from(messages)
      .where(and(eq(messages.accountId, accountId), eq(messages.id, messageId)));
    if (current?.ack === MESSAGE_ACK.pending && current.errorCode === SENDING_GUARD)
      return { state: 'stale', row: await failOutbound(tx, accountId, messageId, 'CHANNEL_PROVIDER_ERROR') };
    return { state: 'skip' };
  }
  const [ctx] = await tx
    .select({ conversation: conversations, channel: channels, contactPhone: contacts.phone })
    .from(conversations)
    .leftJoin(channels, eq(channels.id, conversations.channelId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, claimed.conversationId)));
  return { state: 'claimed', context: { message: claimed, ...ctx } };
}

/** Sent: the provider's id, ack at least 'sent' (a delivery report may have raced ahead). */
export async function markSent(tx: TTx, accountId: string, messageId: string, providerMessageId: string) {
  const [row] = await tx
    .update(messages)
    .set({
      providerMessageId,
      errorCode: null,
      ack: sql`greatest(${messages.ack}, ${MESSAGE_ACK.sent})`,
    })
    .where(and(eq(messages.accountId, accountId), eq(messages.id, messageId)))
    .returning();
  return row as TMessageRow | undefined;
}

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
