import type { TConversation, TMessage } from '@atende/shared';
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
import type { InboxFilesService } from '../inbox/files/inbox-files.service';
import type { MessageAcksService } from '../inbox/messaging/message-acks.service';
import { presentVisitorMessage, type TVisitorMessage, visitorMessageOf } from './webchat-presenter';
import type { VisitorTokens } from './webchat-token';
import type { WebchatAvailability } from './webchat-availability';
import { VisitorFiles } from './webchat-files';
import { preChatOf, type TSessionInput, type TVisitor, VisitorIdentity } from './webchat-visitors';

export type { TVisitor } from './webchat-visitors';
import {
  findLatestConversation,
  findOpenConversationId,
  findWebchatVisitorOf,
  listVisitorMessages,
} from './webchat.repo';

export { WEBCHAT_NAMESPACE, visitorRoom } from '../../providers/webchat/webchat-rooms';
import { WEBCHAT_NAMESPACE } from '../../providers/webchat/webchat-rooms';

/** Rate limits: sessions per client address, messages per visitor. */
export const WEBCHAT_LIMITS = {
  sessions: { limit: 20, windowSeconds: 600 },
  messages: { limit: 30, windowSeconds: 60 },
  historySize: 50,
  textMax: 4096,
} as const;

/**
 * The web chat channel: visitors of the chat page (or the widget's iframe) get a signed identity,
 * talk over Socket.IO namespace /webchat, and their messages enter the inbox through the intake
 * (InboundService.receive, idempotent on the client's message id). A visitor is only a token until
 * they write or fill the pre-chat form: only then does their contact exist (the id the token
 * carries). Operator replies, typing, read marks and closings are pushed to the visitor's room; a
 * visitor who (re)connects gets the history.
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
    contacts: ContactIdentityService,
    /** The team's availability (cached a few seconds per account). */
    readonly availability: WebchatAvailability,
    private readonly files: InboxFilesService,
    /** The account's (company's) name, shown on the chat page. */
    private readonly companyName: (accountId: string) => Promise<string>,
  ) {
    this.visitorFiles = new VisitorFiles(tokens, files, rateLimiter);
    this.identity = new VisitorIdentity(tokens, rateLimiter, contacts);
  }

  private readonly visitorFiles: VisitorFiles;
  private readonly identity: VisitorIdentity;

  get namespace(): Namespace {
    return this.realtime.namespace.server.of(WEBCHAT_NAMESPACE);
  }

  /** An active web chat channel by its chat page slug; CHANNEL_NOT_FOUND otherwise. */
  async channelBySlug(slug: string): Promise<TChannelRow> {
    return this.channels.activeByExternalId('webchat', slug.toLowerCase());
  }

  /** Public settings of the chat page, with the team's availability now. */
  async publicConfig(slug: string) {
    const channel = await this.channelBySlug(slug);
    const c = channel.config as Record<string, unknown>;
    const preChat = preChatOf(channel);
    const company = (await this.companyName(channel.accountId)) || channel.name;
    return {
      name: channel.name,
      company,
      title: (c.title as string) || company,
      avatarUrl: (c.avatarUrl as string) || null,
      background: (c.background as string) ?? '#f4f6f8',
      slug: channel.externalId,
      color: (c.color as string) ?? '#228be6',
      greeting: (c.greeting as string) ?? '',
      preChatForm: preChat.on,
      preChatFields: preChat.fields,
      allowedOrigins: (c.allowedOrigins as string[]) ?? [],
      availability: await this.availability.of(channel.accountId),
    };
  }

  /** A visitor session: see VisitorIdentity.session. */
  async session(slug: string, input: TSessionInput, ip: string) {
    return this.identity.session(await this.channelBySlug(slug), input, ip);
  }

  /** A new visitor for a chatbot's live test: their contact, once made, is a test one (contacts.test). */
  async testSession(slug: string, ip: string) {
    return this.identity.session(await this.channelBySlug(slug), {}, ip, true);
  }

  /** The socket handshake: the slug's channel and a token of it whose contact exists. */
  async authenticate(auth: Record<string, unknown>): Promise<TVisitor> {
    const channel = await this.channelBySlug(String(auth.slug ?? ''));
    const claims = await this.tokens.verify(auth.token);
    if (!claims || claims.channelId !== channel.id) throw new AppError('JWT_INVALID');
    return {
      accountId: channel.accountId,
      channelId: channel.id,
      contactId: claims.contactId,
      channel,
      ...(claims.test ? { test: true } : {}),
    };
  }

  /** A visitor's message (id = the client's, so a resend is stored once) into the inbox: text, or one of their files with an optional caption. */
  async receive(visitor: TVisitor, input: { id: string; text?: string; fileId?: string }) {
    await this.rateLimiter.consume(
      `webchat:msg:${visitor.contactId}`,
      WEBCHAT_LIMITS.messages.limit,
      WEBCHAT_LIMITS.messages.windowSeconds,
    );
    await this.identity.assertMayWrite(visitor);
    const file = input.fileId ? await this.visitorFiles.mediaOf(visitor, input.fileId) : undefined;
    const contact = await this.identity.contactOf(visitor);
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
            ...(file
              ? { kind: file.kind, media: { ...file.media, caption: input.text }, text: input.text }
              : { kind: 'text' as const, text: input.text }),
          },
        ],
        statuses: [],
      },
      { contactId: visitor.contactId },
    );
    const stored = result.messages[0];
    return {
      id: stored.id,
      conversationId: stored.conversationId,
      uid: input.id,
      timestamp: new Date().toISOString(),
      media: file ? { url: file.link, mimeType: file.media.mimeType, fileName: file.media.fileName } : null,
    };
  }

  /**
   * What a (re)connecting visitor gets: their messages, whether their latest conversation is open
   * or closed (none: never wrote), whether that closed conversation still awaits the visitor's
   * answer (a satisfaction survey's question: the page keeps the composer for it), and the team's
   * availability.
   */
  async history(visitor: TVisitor) {
    const [rows, latest, availability] = await Promise.all([
      listVisitorMessages(
        this.db,
        visitor.accountId,
        visitor.channelId,
        visitor.contactId,
        WEBCHAT_LIMITS.historySize,
      ),
      findLatestConversation(this.db, visitor.accountId, visitor.channelId, visitor.contactId),
      this.availability.of(visitor.accountId),
    ]);
    const items: TVisitorMessage[] = rows.map((m) => this.present(visitor.accountId, m));
    const state = !latest ? 'none' : latest.stage === 'closed' ? 'closed' : 'open';
    const awaitingReply =
      state === 'closed' && !!latest?.awaitingReply && new Date(latest.awaitingReply.until) > new Date();
    return { items, state, awaitingReply, availability };
  }

  /** A conversation was closed: a web chat visitor is told (the page offers a new conversation). */
  async closed(accountId: string, conversationId: string) {
    const where = await findWebchatVisitorOf(this.db, accountId, conversationId);
    if (where)
      this.namespace.to(visitorRoom(where.channelId, where.contactId)).emit('closed', { conversationId });
  }

  /** The team read the conversation (its unread count is back to 0): the visitor's messages show read. */
  read(conversation: TConversation) {
    const { channelKind, channelId, contactId, unreadCount, _id } = conversation;
    if (channelKind !== 'webchat' || !channelId || !contactId || unreadCount !== 0) return;
    this.namespace.to(visitorRoom(channelId, contactId)).emit('read', { conversationId: _id });
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
    return presentVisitorMessage(m, (fileId, name) => this.files.link(accountId, fileId, name));
  }

  /** A visitor's file: see VisitorFiles.upload. */
  async upload(slug: string, token: string | undefined, name: string, data: Buffer) {
    return this.visitorFiles.upload(await this.authenticate({ slug, token }), name, data);
  }
}
