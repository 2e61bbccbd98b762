import { sql } from 'drizzle-orm';
import type { TInteractiveReply } from '@atende/shared';
import type { TChannelRecord, TInboundMessage } from '../../../providers/channel-adapter';
import { rowsOf, type TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import { uuidArray } from '../../../platform/db/sql-arrays';

/**
 * A closed conversation may await one reply of its customer until a moment (a satisfaction
 * survey's question asked after the close): what the reply may be — one of the offered options
 * (reply id), a typed number in a range, or (text) any text message. Such a reply, from a customer
 * with no open conversation on that channel, is stored in the closed conversation without reopening
 * it (no unread count) instead of opening a new one, and the mark is cleared; the feature that set
 * it reacts to the message.created event and sets it again when it asks the next question. Any
 * other message opens a new conversation as usual.
 */
export interface TAwaitedReply {
  /** ISO instant after which the conversation awaits nothing. */
  until: string;
  optionIds?: string[];
  numbers?: [number, number];
  text?: boolean;
}

/** A typed number answer: "4", "4.", "4!", "4 - Good" (an option's title as the web chat sends it). */
export function typedNumber(text: string | null | undefined): number | null {
  const m = (text ?? '').trim().match(/^(\d{1,2})\s*(?:[.!)]|\s[-–—]\s.*)?$/s);
  return m ? Number(m[1]) : null;
}

export function answersAwaited(
  awaited: TAwaitedReply,
  message: { kind?: string; text?: string | null; reply?: TInteractiveReply | null },
): boolean {
  if (message.reply && awaited.optionIds?.includes(message.reply.id)) return true;
  if (awaited.numbers) {
    const n = typedNumber(message.text ?? message.reply?.title);
    if (n !== null && n >= awaited.numbers[0] && n <= awaited.numbers[1]) return true;
  }
  return !!awaited.text && (!message.kind || message.kind === 'text') && !!message.text?.trim();
}

/**
 * In the intake's transaction, for customers without an open conversation on the channel: the
 * messages that are the reply one of their closed conversations awaits (provider message id →
 * conversation id); those conversations' marks are cleared.
 */
export async function claimAwaitedReplies(
  tx: TTx,
  channel: TChannelRecord,
  candidates: Array<{ contactId: string; message: TInboundMessage }>,
): Promise<Map<string, string>> {
  const claimed = new Map<string, string>();
  const contactIds = [...new Set(candidates.map((c) => c.contactId))];
  if (contactIds.length === 0) return claimed;
  const rows = rowsOf<{ id: string; contact_id: string; awaiting_reply: TAwaitedReply }>(
    await tx.execute(sql`
      select distinct on (contact_id) id, contact_id, awaiting_reply from conversations
      where account_id = ${channel.accountId} and channel_id = ${channel.id} and stage = 'closed'
        and contact_id = any(${uuidArray(contactIds)}) and awaiting_reply is not null
        and (awaiting_reply->>'until')::timestamptz > now()
      order by contact_id, closed_at desc nulls last`),
  );
  if (rows.length === 0) return claimed;
  const byContact = new Map(rows.map((r) => [r.contact_id, r]));
  const used = new Set<string>();
  for (const c of candidates) {
    const awaiting = byContact.get(c.contactId);
    // One reply per mark: the customer's next message waits for the next question.
    if (!awaiting || used.has(awaiting.id)) continue;
    if (!answersAwaited(awaiting.awaiting_reply, c.message)) continue;
    claimed.set(c.message.providerMessageId, awaiting.id);
    used.add(awaiting.id);
  }
  if (used.size > 0)
    await tx.execute(
      sql`update conversations set awaiting_reply = null where id = any(${uuidArray([...used])})`,
    );
  return claimed;
}

/** Sets (or clears, with null) the reply a conversation awaits. */
export async function setAwaitedReply(
  db: TDb,
  accountId: string,
  conversationId: string,
  awaited: TAwaitedReply | null,
): Promise<void> {
  await withTenant(db, accountId, (tx) =>
    tx.execute(sql`update conversations set awaiting_reply = ${awaited ? JSON.stringify(awaited) : null}::jsonb
      where account_id = ${accountId} and id = ${conversationId}`),
  );
}

/** The inbox's service for features that ask a question in a closed conversation. */
export class AwaitedReplies {
  constructor(private readonly db: TDb) {}

  /** The conversation (closed or about to be) awaits this reply until `awaited.until`. */
  awaitReply(accountId: string, conversationId: string, awaited: TAwaitedReply | null) {
    return setAwaitedReply(this.db, accountId, conversationId, awaited);
  }
}
