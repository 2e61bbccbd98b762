import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import type { InboxEmitter } from '../realtime/inbox-emitter';

/**
 * Campaigns (issue 16): a conversation a customer opened by replying to a campaign message is
 * a campaign conversation (the inbox's 'Campanhas' tab). Only conversations the customer's reply
 * opened change; conversation.updated carries the new origin so the lists move it. Every linked
 * reply emits campaign.replied (automations' "campaign reply" trigger, issue 17).
 */
export class CampaignOriginService {
  constructor(
    private readonly db: TDb,
    private readonly emitter: InboxEmitter,
    private readonly bus: DomainEvents,
  ) {}

  async markCampaign(accountId: string, conversationId: string): Promise<boolean> {
    return withTenant(this.db, accountId, async (tx) => {
      const [conversation] = rowsOf<{ contact_id: string }>(
        await tx.execute(sql`
          select contact_id from conversations where id = ${conversationId} and account_id = ${accountId}`),
      );
      if (!conversation) return false;
      await this.bus.emit(tx, accountId, 'campaign.replied', {
        conversationId,
        contactId: conversation.contact_id,
      });
      const changed = rowsOf(
        await tx.execute(sql`
          update conversations set origin = 'campaign'
          where id = ${conversationId} and account_id = ${accountId} and origin = 'inbound'
          returning id`),
      );
      if (changed.length === 0) return false;
      await this.emitter.conversationChanged(tx, accountId, conversationId);
      return true;
    });
  }
}
