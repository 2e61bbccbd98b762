import type { TMessageReactions } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TChannelRecord, TInboundReaction } from '../../../providers/channel-adapter';
import type { ChannelRegistry } from '../../../providers/channel-registry';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import type { DomainEvents } from '../../../platform/events';
import type { Jobs } from '../../../platform/jobs';
import type { ChannelsService } from '../../channels/channels.service';
import { userNames } from '../actions/conversation-actions.repo';
import type { TViewer } from '../access/inbox-access';
import type { ConversationsService } from '../conversations/conversations.service';
import { channelRecordOf, isWithinReplyWindow } from '../outbound/outbound.service';
import { findMessageForReaction, setContactReaction, setTeamReaction } from './reactions.repo';

export const REACTION_QUEUE = 'outbound-reactions';
export type TReactionJob = { accountId: string; conversationId: string; messageId: string; emoji: string };

/**
 * Emoji reactions, kept on the message they react to (WhatsApp keeps one per side: the customer's
 * and the business's). A customer's reaction arrives in the channel's webhook and replaces (or,
 * emptied, removes) theirs; an operator reacts to a customer's WhatsApp message within the 24-hour
 * window, stored at once and sent by a job (a failed send takes the reaction back). Both announce
 * `message.reaction`, which the inbox's realtime listener passes to the team.
 */
export class ReactionsService {
  constructor(
    private readonly db: TDb,
    private readonly conversations: ConversationsService,
    private readonly channels: ChannelsService,
    private readonly registry: ChannelRegistry,
    private readonly bus: DomainEvents,
    private readonly jobs: Jobs,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The customers' reactions of a webhook delivery (to messages this channel stored). */
  async receive(channel: TChannelRecord, reactions: TInboundReaction[]): Promise<void> {
    const { accountId } = channel;
    await withTenant(this.db, accountId, async (tx) => {
      for (const r of reactions) {
        const m = await setContactReaction(tx, accountId, channel.id, r.targetProviderMessageId, r.emoji);
        if (m)
          await this.bus.emit(tx, accountId, 'message.reaction', {
            conversationId: m.conversationId,
            messageId: m.id,
            reactions: m.reactions,
          });
      }
    });
  }

  /** An operator's reaction to a customer's message ('' removes it). */
  async react(
    viewer: TViewer,
    conversationId: string,
    messageId: string,
    emoji: string,
  ): Promise<TMessageReactions> {
    const conversation = await this.conversations.visibleRow(viewer, conversationId);
    if (conversation.stage === 'closed') throw new AppError('CONVERSATION_TAKEN');
    if (!conversation.channelId) throw new AppError('REACTION_NOT_SUPPORTED');
    const channel = await this.channels.row(viewer.accountId, conversation.channelId);
    if (channel.kind !== 'whatsapp-cloud') throw new AppError('REACTION_NOT_SUPPORTED');
    if (!isWithinReplyWindow(conversation.lastInboundAt)) throw new AppError('WHATSAPP_WINDOW_CLOSED');
    const name = (await userNames(this.db, [viewer.userId])).get(viewer.userId) ?? '';
    return withTenant(this.db, viewer.accountId, async (tx) => {
      const target = await findMessageForReaction(tx, viewer.accountId, conversationId, messageId);
      if (!target) throw new AppError('NOT_FOUND');
      if (target.authorType !== 'contact' || !target.providerMessageId)
        throw new AppError('REACTION_NOT_SUPPORTED');
      const reaction = emoji ? { emoji, userId: viewer.userId, name } : null;
      const m = (await setTeamReaction(tx, viewer.accountId, conversationId, messageId, reaction))!;
      await this.bus.emit(tx, viewer.accountId, 'message.reaction', {
        conversationId,
        messageId,
        reactions: m.reactions,
      });
      await this.jobs.sendInTx<TReactionJob>(tx, REACTION_QUEUE, {
        accountId: viewer.accountId,
        conversationId,
        messageId,
        emoji,
      });
      return m.reactions;
    });
  }

  /** The job: sends the team's reaction; when the provider refuses it, the reaction is taken back. */
  async run(job: TReactionJob): Promise<void> {
    const { accountId, conversationId, messageId, emoji } = job;
    const target = await withTenant(this.db, accountId, (tx) =>
      findMessageForReaction(tx, accountId, conversationId, messageId),
    );
    // Another reaction replaced this one meanwhile: its own job sends it.
    if (!target?.providerMessageId || (target.reactions?.team?.emoji ?? '') !== emoji) return;
    if (!target.channel || !target.contactPhone) return;
    try {
      await this.registry.get(target.channel.kind as never).send(channelRecordOf(target.channel), {
        kind: 'reaction',
        to: target.contactPhone,
        targetProviderMessageId: target.providerMessageId,
        emoji,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error; // unreachable provider: the job retries
      this.log?.warn({ err: error, messageId }, 'reaction refused by the provider');
      await withTenant(this.db, accountId, async (tx) => {
        const m = await setTeamReaction(tx, accountId, conversationId, messageId, null);
        if (m)
          await this.bus.emit(tx, accountId, 'message.reaction', {
            conversationId,
            messageId,
            reactions: m.reactions,
          });
      });
    }
  }
}
