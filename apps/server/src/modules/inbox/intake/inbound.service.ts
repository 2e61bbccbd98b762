import { messageStatusOf, testMark } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TChannelRecord, TParsedWebhook, TStatusUpdate } from '../../../providers/channel-adapter';
import type { TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import type { TenantCache } from '../../../platform/tenant-cache';
import {
  OPENED_SEQ,
  storeInbound,
  type TCreateContacts,
  type TInboundItem,
  type TStoredInbound,
} from './inbound.repo';
import { presentConversation } from '../conversations/conversation-presenter';
import { presentChatMessage } from '../conversations/message-presenter';

export interface TReceiveOptions {
  /** The contact the messages come from when the channel knows it (webchat visitors). */
  contactId?: string;
}

export interface TReceiveResult {
  /** Per input message (same order): the stored message id and its conversation. */
  messages: Array<{ providerMessageId: string; id: string; conversationId: string; inserted: boolean }>;
  /** The plan's monthly conversations limit was reached: a new conversation opened uncounted. */
  quotaReached: boolean;
}

interface TPending {
  items: TInboundItem[];
  statuses: TStatusUpdate[];
  resolve: (result: TReceiveResult) => void;
  reject: (error: unknown) => void;
}

/** Webhook deliveries of one channel stored together in one transaction (at most this many messages). */
const MAX_BATCH = 500;
/**
 * Intake of customer messages and delivery reports from every channel.
 *
 * receive() resolves only after the transaction holding its content committed: a webhook
 * answers 200 then, never before. Deliveries that arrive while a channel's previous transaction
 * is running wait and are stored together in the next one (group commit): at low load each
 * delivery commits alone at once, under load one transaction carries many, so the database does
 * a few statements per batch instead of per message. One transaction per channel at a time:
 * measured, it costs less CPU per message than parallel ones (bigger batches, and no contention
 * on the rows every message locks — the account row its foreign keys share). When a batch
 * fails, its deliveries are retried one by one so a single bad delivery cannot fail the others.
 */
export class InboundService {
  private readonly queues = new Map<string, { channel: TChannelRecord; pending: TPending[] }>();
  private readonly draining = new Set<string>();

  constructor(
    private readonly db: TDb,
    private readonly bus: DomainEvents,
    private readonly tenantCache: TenantCache,
    private readonly createContacts: TCreateContacts,
    private readonly log?: FastifyBaseLogger,
  ) {}

  receive(
    channel: TChannelRecord,
    parsed: TParsedWebhook,
    opts: TReceiveOptions = {},
  ): Promise<TReceiveResult> {
    if (parsed.messages.length === 0 && parsed.statuses.length === 0)
      return Promise.resolve({ messages: [], quotaReached: false });
    return new Promise((resolve, reject) => {
      const items = parsed.messages.map((message) => ({ message, contactId: opts.contactId }));
      const key = channel.id;
      let queue = this.queues.get(key);
      if (!queue) {
        queue = { channel, pending: [] };
        this.queues.set(key, queue);
      }
      queue.channel = channel;
      queue.pending.push({ items, statuses: parsed.statuses, resolve, reject });
      if (!this.draining.has(key)) void this.drain(key);
    });
  }

  private async drain(key: string) {
    this.draining.add(key);
    try {
      for (;;) {
        const queue = this.queues.get(key);
        if (!queue || queue.pending.length === 0) break;
        const batch = takeBatch(queue.pending);
        try {
          await this.storeBatch(queue.channel, batch);
        } catch (error) {
          if (batch.length === 1) batch[0].reject(error);
          else for (const one of batch) await this.storeBatch(queue.channel, [one]).catch(one.reject);
        }
      }
      this.queues.delete(key);
    } finally {
      this.draining.delete(key);
    }
  }

  private async storeBatch(channel: TChannelRecord, batch: TPending[]) {
    const items = batch.flatMap((p) => p.items);
    const statuses = batch.flatMap((p) => p.statuses);
    const stored = await withTenant(this.db, channel.accountId, async (tx) => {
      const result = await storeInbound(tx, channel, items, statuses, this.createContacts);
      await this.emit(tx, channel, result, statuses);
      return result;
    });
    // Committed: the answers and the realtime events may go out now.
    const inserted = new Set(stored.inserted.map((m) => m.id));
    for (const p of batch) {
      p.resolve({
        messages: p.items.map((i) => {
          const known = stored.idsByProviderId.get(i.message.providerMessageId)!;
          return {
            providerMessageId: i.message.providerMessageId,
            ...known,
            inserted: inserted.has(known.id),
          };
        }),
        quotaReached: stored.quotaReached,
      });
    }
    if (stored.usageChanged)
      await this.tenantCache.invalidate(channel.accountId).catch((err) => this.log?.warn({ err }, 'cache'));
  }

  /**
   * One event per stored message: message:created carries the conversation as it now is (unread
   * count, preview, last activity), so lists update from it. conversation:updated goes out for
   * conversations opened here only (a new row in the waiting tab; it also starts automatic
   * distribution). Each event is a round trip to the other nodes (the PostgreSQL adapter), so a
   * second one per message would halve the intake rate. The conversation has the shape of the
   * inbox list's rows (with its contact and channel kind), as the agent side's events carry it.
   * Each event carries its number in the conversation (`seq`, given by storeInbound).
   */
  private async emit(
    tx: TTx,
    channel: TChannelRecord,
    stored: TStoredInbound,
    statuses: TStatusUpdate[] = [],
  ) {
    const { accountId } = channel;
    const conversations = new Map(stored.conversations.map((c) => [c.id, presentConversation(c)]));
    // A chatbot's live test's conversation: its events say so (isTestEvent).
    const tests = new Set(stored.conversations.filter((c) => c.test).map((c) => c.id));
    for (const [id, conversation] of conversations)
      if (stored.createdConversationIds.has(id))
        await this.bus.emit(tx, accountId, 'conversation.opened', {
          conversationId: id,
          contactId: conversation.contactId,
          channelId: channel.id,
          origin: conversation.origin,
          conversation,
          seq: OPENED_SEQ,
          ...testMark(tests.has(id)),
        });
    // A batch may hold several messages of one conversation; the conversation came back once, as
    // after the last. Each earlier message's event carries it as it was after that message, so a
    // client applying events in order sees the unread count rise one by one.
    const later = new Map<string, number>();
    for (const m of stored.inserted) later.set(m.conversationId, (later.get(m.conversationId) ?? 0) + 1);
    for (const m of stored.inserted) {
      const after = (later.get(m.conversationId) ?? 1) - 1;
      later.set(m.conversationId, after);
      const current = conversations.get(m.conversationId);
      const conversation =
        current && after > 0 && current.stage !== 'closed'
          ? { ...current, unreadCount: Math.max(0, current.unreadCount - after) }
          : current;
      await this.bus.emit(tx, accountId, 'message.created', {
        conversationId: m.conversationId,
        messageId: m.id,
        direction: 'inbound',
        channelId: channel.id,
        channelKind: channel.kind,
        contactId: conversation?.contactId ?? null,
        message: presentChatMessage(m),
        conversation,
        seq: stored.seqs.get(m.id)!,
        ...testMark(tests.has(m.conversationId)),
      });
    }
    for (const m of stored.acked)
      await this.bus.emit(tx, accountId, 'message.status', {
        conversationId: m.conversationId,
        messageId: m.id,
        ack: m.ack,
        status: messageStatusOf(m.ack),
        errorCode: m.errorCode,
      });
    // Reports of messages no conversation holds (campaign sends): for the module that sent them.
    if (statuses.length > 0 && this.bus.listened('delivery.reported')) {
      const matched = new Set(stored.acked.map((m) => m.providerMessageId));
      const others = statuses.filter((s) => !matched.has(s.providerMessageId));
      if (others.length > 0)
        await this.bus.emit(tx, accountId, 'delivery.reported', {
          channelId: channel.id,
          statuses: others.map((s) => ({
            providerMessageId: s.providerMessageId,
            status: s.status,
            errorCode: s.errorCode ?? null,
            at: s.timestamp.toISOString(),
            callbackData: s.callbackData ?? null,
          })),
        });
    }
  }
}

function takeBatch(pending: TPending[]): TPending[] {
  let size = 0;
  let n = 0;
  while (n < pending.length && (n === 0 || size + pending[n].items.length <= MAX_BATCH)) {
    size += pending[n].items.length + pending[n].statuses.length;
    n++;
  }
  return pending.splice(0, n);
}
