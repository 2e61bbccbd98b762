import { testMark, type TConversation, type TMessageDirection } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/client';
import type { TTx } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import { presentConversation } from '../conversations/conversation-presenter';
import { presentChatMessage } from '../conversations/message-presenter';
import { readConversationListRow, type TConversationRecord } from '../conversations/conversations.repo';
import type { TMessageRow } from '../conversations/message-presenter';

type TLink = (fileId: string, fileName: string) => string;

/** Who wrote a message, as the domain events name it. */
export function directionOf(m: Pick<TMessageRow, 'authorType' | 'private'>): TMessageDirection {
  if (m.authorType === 'contact') return 'inbound';
  if (m.authorType === 'system') return 'system';
  return m.private ? 'note' : 'outbound';
}

/**
 * Takes `count` event numbers of a conversation in the caller's transaction; answers the first
 * (and whether it is a live test's), or undefined when there is no such conversation. The row
 * stays locked until the commit, so the numbers follow the commit order of the conversation's
 * changes (conversations.event_seq).
 */
export async function takeEventSeq(
  tx: TTx,
  accountId: string,
  conversationId: string,
  count: number,
): Promise<{ first: number; test: boolean } | undefined> {
  const [row] = rowsOf<{ seq: string | number; test: boolean }>(
    await tx.execute(sql`
      update conversations set event_seq = event_seq + ${count}
      where id = ${conversationId} and account_id = ${accountId}
      returning event_seq as seq, test`),
  );
  return row ? { first: Number(row.seq) - count + 1, test: row.test } : undefined;
}

/**
 * The inbox's domain events, emitted inside the transaction that made the change (the realtime
 * fan-out, distribution and the durable listeners react after its commit). The conversation is
 * read in that transaction, as the inbox lists it, so listeners need no read of their own. Each
 * event of a conversation carries its next event number (`seq`, takeEventSeq).
 */
export class InboxEmitter {
  constructor(
    private readonly bus: DomainEvents,
    private readonly link?: (accountId: string) => TLink,
  ) {}

  /** conversation.updated (and conversation.opened when `opened`) with the conversation as listed. */
  async conversationChanged(tx: TTx, accountId: string, conversationId: string, opened = false) {
    const taken = await takeEventSeq(tx, accountId, conversationId, 1);
    if (taken === undefined) return undefined;
    const row = await readConversationListRow(tx, accountId, conversationId);
    if (!row) return undefined;
    await this.conversationRead(tx, accountId, row, taken.first, opened);
    return row;
  }

  /**
   * conversation.updated (or opened) from the conversation as listed, read in `tx` after the
   * change, with the event number the caller took for it (takeEventSeq).
   */
  async conversationRead(tx: TTx, accountId: string, row: TConversationRecord, seq: number, opened = false) {
    const conversationId = row.id;
    const conversation = presentConversation(row);
    if (opened)
      await this.bus.emit(tx, accountId, 'conversation.opened', {
        conversationId,
        contactId: row.contactId,
        channelId: row.channelId,
        origin: row.origin,
        conversation,
        seq,
        ...testMark(row.test),
      });
    else
      await this.bus.emit(tx, accountId, 'conversation.updated', {
        conversationId,
        conversation,
        seq,
        ...testMark(row.test),
      });
  }

  /** message.created for each stored message of one conversation. */
  async messagesCreated(
    tx: TTx,
    accountId: string,
    messages: TMessageRow[],
    target: {
      channelKind: string | null;
      contactId: string | null;
      conversation?: TConversation;
      /** Messages of one conversation whose event numbers the caller took: the first of them. */
      firstSeq?: number;
      /** With firstSeq: the conversation is a live test's (conversations.test). */
      test?: boolean;
    },
  ) {
    const link = this.link?.(accountId);
    // One bump per conversation for its messages (numbered in the order they are given).
    const next = new Map<string, number>();
    const tests = new Set<string>();
    const counts = new Map<string, number>();
    for (const m of messages) counts.set(m.conversationId, (counts.get(m.conversationId) ?? 0) + 1);
    if (target.firstSeq !== undefined && counts.size === 1) {
      next.set(messages[0].conversationId, target.firstSeq);
      if (target.test) tests.add(messages[0].conversationId);
    } else
      for (const [id, count] of counts) {
        const taken = await takeEventSeq(tx, accountId, id, count);
        if (taken === undefined) continue;
        next.set(id, taken.first);
        if (taken.test) tests.add(id);
      }
    for (const m of messages) {
      const seq = next.get(m.conversationId);
      if (seq === undefined) continue; // no such conversation: nothing to announce
      next.set(m.conversationId, seq + 1);
      await this.bus.emit(tx, accountId, 'message.created', {
        conversationId: m.conversationId,
        messageId: m.id,
        direction: directionOf(m),
        channelId: m.channelId,
        channelKind: target.channelKind,
        contactId: target.contactId,
        message: presentChatMessage(m, link),
        ...(target.conversation ? { conversation: target.conversation } : {}),
        seq,
        ...testMark(tests.has(m.conversationId)),
      });
    }
  }
}
