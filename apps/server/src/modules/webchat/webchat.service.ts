import type { TMessage } from '@atende/shared';
import type { Namespace } from 'socket.io';
import type { TDb } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Realtime } from '../../platform/realtime';
import { visitorRoom } from '../../providers/webchat/webchat-rooms';
import type { ChannelsService } from '../channels/channels.service';
import type { TChannelRow } from '../channels/channels.service';
import type { ContactIdentityService } from '../contacts/contact-identity.service';
import type { InboundService } from '../inbox/intake/inbound.service';
import type { TMessageRow } from '../inbox/inbox.types';
import type { MessageAcksService } from '../inbox/messaging/message-acks.service';
import { presentVisitorMessage, type TVisitorMessage, visitorMessageOf } from './webchat-presenter';
import type { VisitorTokens } from './webchat-token';
import { findOpenConversationId, listVisitorMessages } from './webchat.repo';

export { WEBCHAT_NAMESPACE, visitorRoom } from '../../providers/webchat/webchat-rooms';
import { WEBCHAT_NAMESPACE } from '../../providers/webchat/webchat-rooms';

/** Rate limits: sessions per client address, messages per visitor. */
export const WEBCHAT_LIMITS = {
  sessions: { limit: 20, windowSeconds: 600 },
  messages: { limit: 30, windowSeconds: 60 },
  historySize: 50,
  textMax: 4096,
} as const;

export interface TVisitor {
  accountId: string;
  channelId: string;
  contactId: string;
  channel: TChannelRow;
}

export interface TSessionInput {
  token?: string;
  name?: string;
  email?: string | null;
}

/**
 * The web chat channel: visitors of the chat page (or the widget's iframe) get a signed identity,
 * talk over Socket.IO namespace /webchat, and their messages enter the inbox through the intake
 * (InboundService.receive, idempotent on the client's message id). Operator replies and typing
 * are pushed to the visitor's room; a visitor who (re)connects gets the history.
 */
export class WebchatService {
  constructor(
    private readonly db: TDb,
    private readonly tokens: VisitorTokens,
    private readonly rateLimiter: RateLimiter,
    private readonly realtime: Realtime,
    private readonly bus: DomainEvents,
    private readonly inbound: InboundService,
    private readonly acks: MessageAcksService,
    private readonly channels: ChannelsService,
    private readonly contacts: ContactIdentityService,
    private readonly mediaLink: (accountId: string, fileId: string, name: string) => string,
  ) {}

  get namespace(): Namespace {
    return this.realtime.namespace.server.of(WEBCHAT_NAMESPACE);
  }

  /** An active web chat channel by its chat page slug; CHANNEL_NOT_FOUND otherwise. */
  async channelBySlug(slug: string): Promise<TChannelRow> {
    return this.channels.activeByExternalId('webchat', slug.toLowerCase());
  }

  /** Public settings of the chat page. */
  async publicConfig(slug: string) {
    const channel = await this.channelBySlug(slug);
    const c = channel.config as Record<string, unknown>;
    return {
      name: channel.name,
      slug: channel.externalId,
      color: (c.color as string) ?? '#228be6',
      greeting: (c.greeting as string) ?? '',
      preChatForm: !!c.preChatForm,
      allowedOrigins: (c.allowedOrigins as string[]) ?? [],
    };
  }

  /**
   * A visitor session: a valid token of this channel whose contact still exists is kept (name and
   * e-mail from the pre-chat form update it); otherwise a new contact and token. Rate-limited per
   * client address.
   */
  async session(slug: string, input: TSessionInput, ip: string) {
    const channel = await this.channelBySlug(slug);
    const claims = await this.tokens.verify(input.token);
    if (claims && claims.channelId === channel.id) {
      const contact = await this.contacts.findVisitor(channel.accountId, claims.contactId);
      if (contact) {
        const patch = {
          ...(input.name ? { name: input.name } : {}),
          ...(input.email ? { email: input.email } : {}),
        };
        const row = Object.keys(patch).length
          ? ((await this.contacts.updateVisitor(channel.accountId, contact.id, patch)) ?? contact)
          : contact;
        return { token: input.token!, visitor: { name: row.name, email: row.email } };
      }
    }
    await this.rateLimiter.consume(
      `webchat:session:${ip}`,
      WEBCHAT_LIMITS.sessions.limit,
      WEBCHAT_LIMITS.sessions.windowSeconds,
    );
    const name = input.name || `Visitante ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const contact = await this.contacts.createVisitor(channel.accountId, {
      channelId: channel.id,
      name,
      email: input.email ?? null,
    });
    const token = await this.tokens.sign({ channelId: channel.id, contactId: contact.id });
    return { token, visitor: { name: contact.name, email: contact.email } };
  }

  /** The socket handshake: the slug's channel and a token of it whose contact exists. */
  async authenticate(auth: Record<string, unknown>): Promise<TVisitor> {
    const channel = await this.channelBySlug(String(auth.slug ?? ''));
    const claims = await this.tokens.verify(auth.token);
    if (!claims || claims.channelId !== channel.id) throw new AppError('JWT_INVALID');
    const contact = await this.contacts.findVisitor(channel.accountId, claims.contactId);
    if (!contact) throw new AppError('JWT_INVALID');
    return { accountId: channel.accountId, channelId: channel.id, contactId: contact.id, channel };
  }

  /** A visitor's message (id = the client's, so a resend is stored once) into the inbox. */
  async receive(visitor: TVisitor, input: { id: string; text: string }) {
    await this.rateLimiter.consume(
      `webchat:msg:${visitor.contactId}`,
      WEBCHAT_LIMITS.messages.limit,
      WEBCHAT_LIMITS.messages.windowSeconds,
    );
    const contact = await this.contacts.findVisitor(visitor.accountId, visitor.contactId);
    if (!contact) throw new AppError('JWT_INVALID');
    const result = await this.inbound.receive(
      this.channels.record(visitor.channel),
      {
        messages: [
          {
            // Prefixed with the visitor: one visitor's ids can never collide with another's.
            providerMessageId: `${visitor.contactId}:${input.id}`,
            from: visitor.contactId,
            profileName: contact.name,
            timestamp: new Date(),
            kind: 'text',
            text: input.text,
          },
        ],
        statuses: [],
      },
      { contactId: visitor.contactId },
    );
    const stored = result.messages[0];
    return { id: stored.id, conversationId: stored.conversationId, uid: input.id };
  }

  async history(visitor: TVisitor): Promise<TVisitorMessage[]> {
    const rows = await listVisitorMessages(
      this.db,
      visitor.accountId,
      visitor.channelId,
      visitor.contactId,
      WEBCHAT_LIMITS.historySize,
    );
    return rows.map((m) => this.present(visitor.accountId, m));
  }

  /** The visitor is typing: the agents who may see the conversation are told. */
  async typing(visitor: TVisitor, typing: boolean) {
    const conversationId = await findOpenConversationId(
      this.db,
      visitor.accountId,
      visitor.channelId,
      visitor.contactId,
    );
    if (conversationId)
      this.bus.publish(visitor.accountId, 'conversation.typing', {
        conversationId,
        author: 'contact',
        typing,
      });
  }

  /** The visitor saw the conversation: operator messages become read (ack 3). */
  async seen(visitor: TVisitor) {
    const conversationId = await findOpenConversationId(
      this.db,
      visitor.accountId,
      visitor.channelId,
      visitor.contactId,
    );
    if (conversationId) await this.acks.seenByContact(visitor.accountId, conversationId);
  }

  /**
   * An operator's message to the visitor's sockets (every node): delivered (ack 1) once a visitor
   * socket acknowledges it. Returns whether one did.
   */
  async deliver(
    accountId: string,
    channelId: string,
    contactId: string,
    message: TMessage,
  ): Promise<boolean> {
    const payload = visitorMessageOf(message);
    let responses: unknown[] = [];
    try {
      responses = await this.namespace
        .to(visitorRoom(channelId, contactId))
        .timeout(5_000)
        .emitWithAck('message', payload);
    } catch (error) {
      // Some sockets did not answer in time: those that did are in the error's responses.
      responses = ((error as { responses?: unknown[] }).responses ?? []) as unknown[];
    }
    if (responses.length === 0) return false;
    await this.acks.delivered(accountId, message.id);
    return true;
  }

  /** An agent's typing, relayed to the visitor. */
  agentTyping(channelId: string, contactId: string, typing: boolean, name: string) {
    this.namespace.to(visitorRoom(channelId, contactId)).emit('typing', { typing, name });
  }

  present(accountId: string, m: TMessageRow): TVisitorMessage {
    return presentVisitorMessage(m, (fileId, name) => this.mediaLink(accountId, fileId, name));
  }
}
