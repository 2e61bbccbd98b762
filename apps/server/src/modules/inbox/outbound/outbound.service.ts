import {
  LIMITS,
  MESSAGE_ACK,
  messageStatusOf,
  numberedOptionsText,
  type TChannelKind,
  type TErrorCode,
} from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TChannelRecord, TOutbound } from '../../../providers/channel-adapter';
import type { ChannelRegistry } from '../../../providers/channel-registry';
import { checkMediaAllowed } from '../../../providers/media-limits';
import { smsSegments } from '../../../providers/sms/sms-segments';
import type { TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import type { TenantCache } from '../../../platform/tenant-cache';
import type { DomainEvents } from '../../../platform/events';
import { keyBatcher } from '../../../platform/key-batcher';
import type { TMessageRow } from '../conversations/message-presenter';
import {
  claimOutbound,
  debitSmsCredit,
  failOutbound,
  markSent,
  refundSmsCredit,
  type TOutboundContext,
} from './outbound.repo';

export { checkMediaAllowed };

export const OUTBOUND_QUEUE = 'outbound-messages';
/** conversationId: the conversation's sends go out one at a time, in order (older jobs lack it). */
export type TOutboundJob = { accountId: string; messageId: string; conversationId?: string };

/**
 * Sends are fetched in batches as soon as they are queued; one conversation's in creation order
 * and one at a time, different conversations' side by side (a provider call is mostly waiting).
 */
export const OUTBOUND_WORK = {
  batchSize: 50,
  pollingIntervalSeconds: 0.5,
  parallel: 16,
  serialBy: (job: TOutboundJob) => job.conversationId ?? job.messageId,
  serialOrder: (job: TOutboundJob) => job.messageId,
};

const REPLY_WINDOW_MS = LIMITS.whatsappReplyWindowHours * 3600_000;

/**
 * WhatsApp's customer-service window (spec §9: 24 h): a free-form (non-template) message may go
 * out only within 24 hours of the customer's last message.
 */
export function isWithinReplyWindow(lastInboundAt: Date | null | undefined, now: Date = new Date()): boolean {
  if (!lastInboundAt) return false;
  return now.getTime() - lastInboundAt.getTime() <= REPLY_WINDOW_MS;
}

type TSendOutcome = { providerMessageId: string } | { error: TErrorCode };
type TSendResult = { messageId: string; outcome: TSendOutcome; segments: number };

/** Turns a stored media reference into a URL the provider can download. */
export type TMediaUrlResolver = (
  media: NonNullable<TMessageRow['media']>,
  accountId: string,
) => string | undefined;

/**
 * Sends stored outbound messages through their channel, as jobs (queue 'outbound-messages').
 * The job is idempotent: a message already sent (provider id set) or settled is skipped, and a
 * message being sent carries the 'SENDING' guard, so a retried job never sends twice — a guard
 * left by a process that died mid-send marks the message failed (its outcome is unknown; the
 * operator may resend) rather than risk a duplicate.
 */
export class OutboundService {
  constructor(
    private readonly db: TDb,
    private readonly registry: ChannelRegistry,
    private readonly bus: DomainEvents,
    private readonly tenantCache: TenantCache,
    private readonly log?: FastifyBaseLogger,
    private readonly mediaUrlOf: TMediaUrlResolver = (media) => media.url,
  ) {}

  /**
   * Queues the send of a message stored in `tx`: the job exists only if that transaction commits
   * (written with the transaction's events, just before the commit).
   */
  async enqueue(tx: TTx, accountId: string, messageId: string, conversationId?: string): Promise<void> {
    await this.bus.sendAtCommit<TOutboundJob>(tx, OUTBOUND_QUEUE, {
      accountId,
      messageId,
      ...(conversationId ? { conversationId } : {}),
    });
  }

  /**
   * The job handler. The claim and the outcome are each written with those of the account's other
   * sends running at the same moment (one transaction for all: keyBatcher); the provider call is
   * this send's own.
   */
  async run({ accountId, messageId }: TOutboundJob): Promise<void> {
    const claim = await this.claims(accountId, messageId);
    if (claim.state !== 'claimed') return;
    const { context, segments } = claim;
    if (segments > 0) await this.invalidate(accountId);
    let outcome: TSendOutcome;
    try {
      const outbound = this.outboundOf(context);
      const channel = channelRecordOf(context.channel!);
      outcome = await this.registry.get(channel.kind).send(channel, outbound);
    } catch (error) {
      if (!(error instanceof AppError)) this.log?.warn({ err: error, messageId }, 'outbound send failed');
      outcome = { error: error instanceof AppError ? error.code : 'CHANNEL_PROVIDER_ERROR' };
    }
    await this.outcomes(accountId, { messageId, outcome, segments });
    if (segments > 0 && 'error' in outcome) await this.invalidate(accountId);
  }

  private readonly claims = keyBatcher((accountId: string, ids: string[]) => this.claimBatch(accountId, ids));
  private readonly outcomes = keyBatcher((accountId: string, sends: TSendResult[]) =>
    this.recordOutcomes(accountId, sends),
  );

  /** Claims the account's messages (refusals known up front settle here, SMS credit is taken). */
  private claimBatch(accountId: string, messageIds: string[]) {
    return withTenant(this.db, accountId, async (tx) => {
      const claims = await claimOutbound(tx, accountId, messageIds);
      const results = [];
      for (const [i, claimed] of claims.entries()) {
        if (claimed.state === 'stale') results.push(await this.settle(tx, accountId, claimed.row));
        else if (claimed.state !== 'claimed') results.push(claimed);
        else results.push(await this.takeClaimed(tx, accountId, messageIds[i], claimed.context));
      }
      return results;
    });
  }

  private async takeClaimed(tx: TTx, accountId: string, messageId: string, context: TOutboundContext) {
    const refusal = this.precheck(context);
    if (refusal) return this.settle(tx, accountId, await failOutbound(tx, accountId, messageId, refusal));
    const segments = this.smsSegmentsOf(context);
    if (segments > 0 && !(await debitSmsCredit(tx, accountId, segments))) {
      const row = await failOutbound(tx, accountId, messageId, 'SMS_INSUFFICIENT_BALANCE');
      return this.settle(tx, accountId, row);
    }
    return { state: 'claimed' as const, context, segments };
  }

  /** The account's sends' outcomes: sent (the provider's id) or failed (SMS credit given back). */
  private recordOutcomes(accountId: string, sends: TSendResult[]) {
    return withTenant(this.db, accountId, async (tx) => {
      const sent = sends.flatMap(({ messageId, outcome }) =>
        'providerMessageId' in outcome ? [{ messageId, providerMessageId: outcome.providerMessageId }] : [],
      );
      for (const row of await markSent(tx, accountId, sent)) await this.settle(tx, accountId, row);
      for (const { messageId, outcome, segments } of sends) {
        if (!('error' in outcome)) continue;
        if (segments > 0) await refundSmsCredit(tx, accountId, segments);
        await this.settle(tx, accountId, await failOutbound(tx, accountId, messageId, outcome.error));
      }
      return sends.map(() => undefined);
    });
  }

  /** Refusals known before calling the provider (the reply window, the channel's media limits). */
  private precheck(ctx: TOutboundContext): TErrorCode | null {
    const { channel, message, conversation } = ctx;
    if (!channel || channel.deletedAt) return 'CHANNEL_NOT_FOUND';
    if (channel.status !== 'active') return 'CHANNEL_DISABLED';
    if (!this.registry.find(channel.kind)) return 'CHANNEL_NOT_FOUND';
    if (
      channel.kind === 'whatsapp-cloud' &&
      message.kind !== 'template' &&
      !isWithinReplyWindow(conversation.lastInboundAt)
    )
      return 'WHATSAPP_WINDOW_CLOSED';
    if (message.media) {
      const refused = checkMediaAllowed(
        channel.kind as TChannelKind,
        message.media.mimeType,
        message.media.size ?? 0,
      );
      if (refused) return refused;
      if (!this.mediaUrlOf(message.media, ctx.message.accountId)) return 'FILE_UPLOAD_ERROR';
    }
    if (channel.kind !== 'webchat' && !ctx.contactPhone) return 'NUMBER_NOT_EXISTS';
    return null;
  }

  private smsSegmentsOf(ctx: TOutboundContext): number {
    if (ctx.channel?.kind !== 'sms') return 0;
    const { message } = ctx;
    const text = message.interactive
      ? numberedOptionsText(message.body ?? '', message.interactive)
      : (message.body ?? '');
    return smsSegments(text).segments;
  }

  private outboundOf(ctx: TOutboundContext): TOutbound {
    const { message } = ctx;
    const to = ctx.contactPhone ?? ctx.conversation.contactId;
    if (message.kind === 'template' && message.template) {
      const t = message.template as { name: string; language: string; components?: unknown[] };
      return {
        kind: 'template',
        to,
        template: { name: t.name, language: t.language, components: t.components },
      };
    }
    if (message.kind === 'interactive' && message.interactive)
      return { kind: 'interactive', to, text: message.body ?? '', interactive: message.interactive };
    if (message.media) {
      const url = this.mediaUrlOf(message.media, message.accountId)!;
      const media = { url, mimeType: message.media.mimeType, fileName: message.media.fileName };
      return { kind: 'media', to, media, ...(message.body ? { caption: message.body } : {}) };
    }
    return { kind: 'text', to, text: message.body ?? '' };
  }

  /**
   * A message's send settled (sent, failed or refused): the message.status event is recorded in the
   * same transaction, so durable listeners (webhooks) get it exactly when the change commits.
   */
  private async settle(tx: TTx, accountId: string, row: TMessageRow | null | undefined) {
    if (row)
      await this.bus.emit(tx, accountId, 'message.status', {
        conversationId: row.conversationId,
        messageId: row.id,
        ack: row.ack,
        errorCode: row.ack === MESSAGE_ACK.failed ? row.errorCode : null,
        status: messageStatusOf(row.ack),
      });
    return { state: 'settled' as const };
  }

  private async invalidate(accountId: string) {
    await this.tenantCache.invalidate(accountId).catch((err) => this.log?.warn({ err }, 'tenant cache'));
  }
}

/** The channel record an adapter works with, from a channels row. */
export function channelRecordOf(row: NonNullable<TOutboundContext['channel']>): TChannelRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    kind: row.kind as TChannelRecord['kind'],
    externalId: row.externalId,
    config: row.config,
    secrets: row.secrets,
  };
}
