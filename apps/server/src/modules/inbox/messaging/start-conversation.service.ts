import {
  hasRole,
  normalizePhone,
  type TChannelKind,
  type TConversation,
  type TStartConversationBody,
  type TTemplate,
} from '@atende/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import type { TenantCache } from '../../../platform/tenant-cache';
import type { ChannelsService } from '../../channels/channels.service';
import { contacts } from '../../contacts/contacts.schema';
import type { InboxSettingsService } from '../../inbox-settings/inbox-settings.service';
import { updateConversationRow, userNames } from '../actions/conversation-actions.repo';
import type { ContactIdentityService } from '../../contacts/contact-identity.service';
import { contactTypeOf, openConversation, settleOpened } from '../conversations/conversation-open';
import { presentConversation } from '../conversations/conversation-presenter';
import { findConversationListRow, openConversationQuery } from '../conversations/conversations.repo';
import { activeConversationExists, type InboxAccess, type TViewer } from '../access/inbox-access';
import type { InboxEmitter } from '../realtime/inbox-emitter';
import type { TVisibilityPolicy } from '../access/inbox-rooms';
import { insertMessageRow, touchConversation } from './messages.repo';
import type { OutboundService } from '../outbound/outbound.service';
import { assertTemplateSendable, assertTemplateVariables, templateMessage } from './template-message';

/** The templates module's read of one template (its service). */
export type TTemplateReader = (accountId: string, id: string) => Promise<TTemplate>;

/**
 * An outbound conversation from a contact or a number (/apps/inbox/start-conversation): a WhatsApp
 * approved template (the customer has not written in the last 24 hours) or an SMS text. Refusals:
 * operators blocked by the settings (NOT_AUTHORIZED), a number that cannot exist
 * (NUMBER_NOT_EXISTS), an open conversation with the contact on the channel
 * (ACTIVE_CONVERSATION_EXISTS), the plan's monthly limit (PLAN_QUOTA_REACHED), anything else
 * unexpected (CONVERSATION_START_FAILED).
 */
export class StartConversationService {
  constructor(
    private readonly db: TDb,
    private readonly access: InboxAccess,
    private readonly settings: InboxSettingsService,
    private readonly channels: ChannelsService,
    private readonly emitter: InboxEmitter,
    private readonly tenantCache: TenantCache,
    private readonly outbound: OutboundService,
    private readonly templateOf: TTemplateReader,
    private readonly contacts: ContactIdentityService,
  ) {}

  async start(viewer: TViewer, body: TStartConversationBody): Promise<TConversation> {
    const policy = await this.access.gate(viewer);
    const { blockStartConversation } = await this.settings.get(viewer.accountId);
    if (blockStartConversation && !hasRole(viewer.role, 'manager')) throw new AppError('NOT_AUTHORIZED');
    const channel = await this.channels.row(viewer.accountId, body.channelId);
    const kind = channel.kind as TChannelKind;
    if (kind === 'webchat') throw new AppError('CONVERSATION_START_FAILED');
    if (channel.status !== 'active') throw new AppError('CHANNEL_DISABLED');
    const phone = body.contactId ? undefined : (normalizePhone(body.phone ?? '') ?? undefined);
    if (!body.contactId && !phone) throw new AppError('NUMBER_NOT_EXISTS');
    const template = body.templateId ? await this.templateOf(viewer.accountId, body.templateId) : undefined;
    if (template) assertTemplateSendable(template, channel);
    if (template) assertTemplateVariables(template, body.variables);
    if (kind === 'whatsapp-cloud' && !template) throw new AppError('WHATSAPP_WINDOW_CLOSED');
    const name = (await userNames(this.db, [viewer.userId])).get(viewer.userId) ?? '';

    let outcome: Awaited<ReturnType<typeof this.open>>;
    try {
      outcome = await this.open(viewer, policy, { id: channel.id, kind }, body, phone, template, name);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const e = error as { code?: string; cause?: { code?: string } };
      if (e.code === '23505' || e.cause?.code === '23505') throw new AppError('ACTIVE_CONVERSATION_EXISTS');
      throw new AppError('CONVERSATION_START_FAILED');
    }
    await settleOpened(this.tenantCache, viewer.accountId, [outcome.opened]);
    const row = await findConversationListRow(this.db, viewer.accountId, outcome.conversationId);
    if (!row) throw new AppError('CONVERSATION_START_FAILED');
    return presentConversation(row);
  }

  private open(
    viewer: TViewer,
    policy: TVisibilityPolicy,
    channel: { id: string; kind: TChannelKind },
    body: TStartConversationBody,
    phone: string | undefined,
    template: TTemplate | undefined,
    operatorName: string,
  ) {
    const accountId = viewer.accountId;
    return withTenant(this.db, accountId, async (tx) => {
      let contactId: string;
      if (body.contactId) {
        const [contact] = await tx
          .select({ id: contacts.id, phone: contacts.phone })
          .from(contacts)
          .where(
            and(
              eq(contacts.accountId, accountId),
              eq(contacts.id, body.contactId),
              isNull(contacts.deletedAt),
            ),
          );
        if (!contact) throw new AppError('CONTACT_NOT_FOUND');
        if (!contact.phone || !normalizePhone(contact.phone)) throw new AppError('NUMBER_NOT_EXISTS');
        contactId = contact.id;
      } else {
        const found = await this.contacts.findOrCreateByPhone(
          tx,
          accountId,
          [{ phone: phone! }],
          contactTypeOf(channel.kind),
        );
        contactId = found.get(phone!)!.id;
      }
      const [open] = await openConversationQuery(tx, accountId, contactId, channel.id);
      if (open) throw activeConversationExists(viewer, policy, open);
      const opened = await openConversation(tx, { accountId, channel, contactId, origin: 'outbound' });
      if (!opened.created) throw activeConversationExists(viewer, policy, opened.conversation);
      const id = opened.conversation.id;
      await updateConversationRow(tx, accountId, id, {
        stage: 'attendance',
        assigneeId: viewer.userId,
        takenAt: new Date(),
      });
      const filled = template ? templateMessage(template, body.variables) : null;
      const text = filled ? filled.text : (body.text ?? '');
      const { row: message } = await insertMessageRow(tx, accountId, id, {
        channelId: channel.id,
        authorType: 'operator',
        authorId: viewer.userId,
        authorName: operatorName,
        kind: template ? 'template' : 'text',
        body: text,
        template: filled?.template ?? null,
      });
      await touchConversation(tx, accountId, id, text);
      await this.emitter.conversationChanged(tx, accountId, id, true);
      await this.emitter.messagesCreated(tx, accountId, [message], { channelKind: channel.kind, contactId });
      await this.outbound.enqueue(tx, accountId, message.id, id);
      return { conversationId: id, message, opened };
    });
  }
}
