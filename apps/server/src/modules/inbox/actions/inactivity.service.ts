import { INACTIVITY_REASON, MESSAGE_ACK, testMark } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../../platform/db/client';
import { inTransaction } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import type { InboxEmitter } from '../realtime/inbox-emitter';
import { messageFromJson } from '../conversations/message-presenter';
import { systemMessage } from '../messaging/system-messages';

export const INACTIVITY_QUEUE = 'inbox-inactivity';
const BATCH = 500;

/**
 * Downtime closing (settings: 1–90 days): open conversations without activity for longer are
 * closed with reason INACTIVITY, across accounts, in batches (rows someone is acting on are
 * skipped and caught on the next run). Runs every few minutes (pg-boss cron).
 */
export class InactivityService {
  constructor(
    private readonly db: TDb,
    private readonly emitter: InboxEmitter,
    private readonly bus: DomainEvents,
  ) {}

  /** Closes what is idle now; returns how many conversations it closed. */
  async run(now = new Date()): Promise<number> {
    let closed = 0;
    for (;;) {
      const batch = await this.closeBatch(now);
      closed += batch;
      if (batch < BATCH) return closed;
    }
  }

  private async closeBatch(now: Date): Promise<number> {
    const event = systemMessage({ system: 'inactivity' });
    const rows = await inTransaction(this.db, async (tx) => {
      const result = await tx.execute(sql`
        with idle as (
          select c.id from conversations c
          join inbox_settings s on s.account_id = c.account_id
          where s.downtime_days is not null and c.stage <> 'closed'
            -- On hold until a moment still ahead: its operator chose to wait (issue 13).
            and not (c.stage = 'hold' and c.hold_until is not null and c.hold_until > ${now.toISOString()}::timestamptz)
            and c.last_message_at < ${now.toISOString()}::timestamptz - make_interval(days => s.downtime_days)
          order by c.last_message_at
          limit ${BATCH}
          for update of c skip locked
        ), closed as (
          update conversations c
          set stage = 'closed', close_reason = ${INACTIVITY_REASON}, close_sub_reason = null,
              closed_at = now(), closed_by = null, unread_count = 0, updated_at = now()
          from idle where c.id = idle.id
          returning c.id, c.account_id, c.channel_id, c.test
        )
        insert into messages (id, account_id, conversation_id, channel_id, author_type, kind, body, template, private, ack)
        select gen_random_uuid(), closed.account_id, closed.id, closed.channel_id, 'system', 'text', ${event.body},
               ${JSON.stringify(event.template)}::jsonb, true, ${MESSAGE_ACK.pending}
        from closed
        returning to_jsonb(messages) as m,
          (select closed.test from closed where closed.id = messages.conversation_id) as test`);
      const read = rowsOf<{ m: Record<string, unknown>; test: boolean }>(result);
      const messages = read.map((r) => messageFromJson(r.m));
      const tests = new Set(read.filter((r) => r.test).map((r) => r.m.id as string));
      for (const message of messages) {
        const { accountId, conversationId } = message;
        await this.bus.emit(tx, accountId, 'conversation.closed', {
          conversationId,
          reason: INACTIVITY_REASON,
          subReason: null,
          closedBy: null,
          byInactivity: true,
          ...testMark(tests.has(message.id)),
        });
        await this.emitter.conversationChanged(tx, accountId, conversationId);
        await this.emitter.messagesCreated(tx, accountId, [message], { channelKind: null, contactId: null });
      }
      return messages;
    });
    return rows.length;
  }
}
