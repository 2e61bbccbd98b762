import { MESSAGE_ACK, messageStatusOf, testMark } from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import { raiseAck, raiseAcksOfConversation } from './messages.repo';

/**
 * Delivery and read marks that a channel reports outside the webhooks' intake (the web chat's
 * sockets): acks only rise, and each change is a message.status event.
 */
export class MessageAcksService {
  constructor(
    private readonly db: TDb,
    private readonly bus: DomainEvents,
  ) {}

  /** A message reached the customer's device (web chat: a visitor socket acknowledged it). */
  async delivered(accountId: string, messageId: string): Promise<void> {
    await withTenant(this.db, accountId, async (tx) => {
      const row = await raiseAck(tx, accountId, messageId, MESSAGE_ACK.sent);
      if (row) await this.status(tx, accountId, row.conversationId, row.id, row.ack, row.test);
    });
  }

  /** The customer saw the conversation: the team's messages in it become read. */
  async seenByContact(accountId: string, conversationId: string): Promise<void> {
    await withTenant(this.db, accountId, async (tx) => {
      const changed = await raiseAcksOfConversation(tx, accountId, conversationId, MESSAGE_ACK.read);
      for (const { id, test } of changed)
        await this.status(tx, accountId, conversationId, id, MESSAGE_ACK.read, test);
    });
  }

  private status(
    tx: TTx,
    accountId: string,
    conversationId: string,
    messageId: string,
    ack: number,
    test: boolean,
  ) {
    return this.bus.emit(tx, accountId, 'message.status', {
      conversationId,
      messageId,
      ack,
      status: messageStatusOf(ack),
      ...testMark(test),
    });
  }
}
