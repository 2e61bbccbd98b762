import type { TWebchatPrechatField } from '@atende/shared';
import { newId } from '../../platform/db/columns';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import type { TChannelRow } from '../channels/channels.service';
import type { ContactIdentityService } from '../contacts/contact-identity.service';
import type { VisitorTokens } from './webchat-token';

/** New sessions per client address. */
const SESSION_LIMIT = { limit: 20, windowSeconds: 600 };

export interface TVisitor {
  accountId: string;
  channelId: string;
  /** The contact id the token was signed with: the contact exists only once the visitor wrote or identified. */
  contactId: string;
  channel: TChannelRow;
  /** A chatbot's live test's visitor (the token says so): their contact is made with contacts.test. */
  test?: boolean;
}

/** What the pre-chat form tells (each optional; a present one is validated by the route). */
export interface TIdentity {
  name?: string;
  email?: string | null;
  phone?: string | null;
}

export interface TSessionInput extends TIdentity {
  token?: string;
}

/**
 * The channel's pre-chat form: whether it is on, and the fields it asks (name and e-mail unless
 * chosen); the first one is required.
 */
export function preChatOf(channel: TChannelRow): { on: boolean; fields: TWebchatPrechatField[] } {
  const c = channel.config as Record<string, unknown>;
  const fields = Array.isArray(c.preChatFields) ? (c.preChatFields as TWebchatPrechatField[]) : [];
  return { on: !!c.preChatForm, fields: fields.length ? fields : ['name', 'email'] };
}

/** The name a visitor's contact gets until they tell theirs: stable for the visitor. */
export function visitorName(contactId: string): string {
  return `Visitante ${contactId.replace(/-/g, '').slice(-4).toUpperCase()}`;
}

/**
 * Who a web chat visitor is: a signed token whose contact id is reserved; the contact (through the
 * contacts module's identity service) exists only once the visitor writes or fills the pre-chat
 * form, so page views store nothing.
 */
export class VisitorIdentity {
  constructor(
    private readonly tokens: VisitorTokens,
    private readonly rateLimiter: RateLimiter,
    private readonly contacts: ContactIdentityService,
  ) {}

  /**
   * A visitor session: a valid token of this channel is kept; otherwise a new token (rate-limited
   * per client address) whose contact id is reserved but not stored. The pre-chat form's fields
   * (name, e-mail, phone) make the visitor a contact, or update theirs. `test`: a chatbot's live
   * test's visitor (the token says so, and their contact is made a test one).
   */
  async session(channel: TChannelRow, input: TSessionInput, ip: string, test = false) {
    const claims = await this.tokens.verify(input.token);
    const identity = identityOf(input);
    // A filled pre-chat form has its required (first) field, whatever the page let through.
    const preChat = preChatOf(channel);
    if (identity && preChat.on && !identity[preChat.fields[0]])
      throw AppError.validation([{ path: preChat.fields[0], key: 'required' }]);
    if (claims && claims.channelId === channel.id) {
      const visitor = {
        accountId: channel.accountId,
        channelId: channel.id,
        contactId: claims.contactId,
        channel,
        test: claims.test,
      };
      const contact = identity
        ? await this.identify(visitor, identity).catch(() => undefined)
        : await this.contacts.findVisitor(channel.accountId, claims.contactId);
      if (contact || !identity) return { token: input.token!, visitor: presentVisitor(contact) };
    }
    await this.rateLimiter.consume(`webchat:session:${ip}`, SESSION_LIMIT.limit, SESSION_LIMIT.windowSeconds);
    const contactId = newId();
    const visitor = { accountId: channel.accountId, channelId: channel.id, contactId, channel, test };
    const contact = identity ? await this.identify(visitor, identity) : undefined;
    const token = await this.tokens.sign({ channelId: channel.id, contactId, test });
    return { token, visitor: presentVisitor(contact) };
  }

  /**
   * With the pre-chat form on, a visitor writes only once they are a contact (filled the form, or
   * wrote before it was turned on): WEBCHAT_PRECHAT_REQUIRED otherwise; JWT_INVALID when their
   * contact was deleted (the page starts afresh).
   */
  async assertMayWrite(visitor: TVisitor): Promise<void> {
    if (!preChatOf(visitor.channel).on) return;
    const state = await this.contacts.visitorState(visitor.accountId, visitor.contactId);
    if (state === 'deleted') throw new AppError('JWT_INVALID');
    if (state === 'none') throw new AppError('WEBCHAT_PRECHAT_REQUIRED');
  }

  /**
   * The visitor's contact, created when missing (with the token's id: two tabs writing at once make
   * one contact). JWT_INVALID when that id belongs to a deleted contact: the page starts afresh.
   */
  async contactOf(visitor: TVisitor, identity?: TIdentity) {
    const found = await this.contacts.findVisitor(visitor.accountId, visitor.contactId);
    if (found) return found;
    const created = await this.contacts.createVisitor(visitor.accountId, {
      id: visitor.contactId,
      channelId: visitor.channelId,
      name: identity?.name || visitorName(visitor.contactId),
      email: identity?.email ?? null,
      test: visitor.test,
    });
    const contact = created ?? (await this.contacts.findVisitor(visitor.accountId, visitor.contactId));
    if (!contact) throw new AppError('JWT_INVALID');
    return contact;
  }

  /** The pre-chat form: the visitor becomes a contact with what they told, or their contact is updated. */
  private async identify(visitor: TVisitor, identity: TIdentity) {
    const contact = await this.contactOf(visitor, identity);
    const patch: TIdentity = {};
    if (identity.name && identity.name !== contact.name) patch.name = identity.name;
    if (identity.email && identity.email !== contact.email) patch.email = identity.email;
    if (identity.phone && identity.phone !== contact.phone) patch.phone = identity.phone;
    if (Object.keys(patch).length === 0) return contact;
    return (await this.contacts.updateVisitor(visitor.accountId, contact.id, patch)) ?? contact;
  }
}

function identityOf(input: TIdentity): TIdentity | undefined {
  const identity: TIdentity = {};
  if (input.name) identity.name = input.name;
  if (input.email) identity.email = input.email;
  if (input.phone) identity.phone = input.phone;
  return Object.keys(identity).length ? identity : undefined;
}

function presentVisitor(contact: { name: string; email: string | null; phone: string | null } | undefined) {
  return contact
    ? { known: true, name: contact.name, email: contact.email, phone: contact.phone }
    : { known: false, name: null, email: null, phone: null };
}
