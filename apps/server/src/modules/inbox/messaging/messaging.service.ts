import {
  hasRole,
  type TInteractive,
  type TMessage,
  type TSendMessageBody,
  templateSendVariables,
} from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import { type TTx, withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import { checkMediaAllowed } from '../../../providers/media-limits';
import type { ChannelsService } from '../../channels/channels.service';
import {
  updateConversationRow,
  userNames,
  withLockedConversation,
} from '../actions/conversation-actions.repo';
import { presentChatMessage } from '../conversations/message-presenter';
import type { TConversationRow } from '../conversations/conversation-open';
import { findConversationListRow } from '../conversations/conversations.repo';
import type { InboxAccess, TViewer } from '../access/inbox-access';
import type { InboxEmitter } from '../realtime/inbox-emitter';
import type { InboxFilesService } from '../files/inbox-files.service';
import { isInDepartments } from '../access/inbox-rooms';
import type { TMessageRow } from '../conversations/message-presenter';
import { insertMessageRow, storeAutomaticMessage, touchConversation } from './messages.repo';
import { isWithinReplyWindow, type OutboundService } from '../outbound/outbound.service';
import { systemMessage } from './system-messages';
import type { TTemplateReader } from './start-conversation.service';
import { assertTemplateSendable, assertTemplateVariables, templateMessage } from './template-message';

/**
 * Operator messages: text, or files uploaded first (one message each; the text goes with the
 * first), or an approved WhatsApp template (alone; the way to write again once the 24-hour window
 * is closed). Refused up front: a closed conversation, another operator's, the channel's media
 * limits, WhatsApp's 24-hour window for anything but a template, a template on another channel
 * kind, not approved or with the wrong variables. Stored in one transaction (idempotent on the
 * client id: a retried send returns what was stored), then WhatsApp/SMS go to the outbound queue
 * and web chat reaches the visitor through the web chat module's listener of message.created.
 */
export class MessagingService {
  constructor(
    private readonly db: TDb,
    private readonly access: InboxAccess,
    private readonly channels: ChannelsService,
    private readonly files: InboxFilesService,
    private readonly emitter: InboxEmitter,
    private readonly outbound: OutboundService,
    private readonly templateOf: TTemplateReader,
  ) {}

  async send(viewer: TViewer, id: string, body: TSendMessageBody, lang: 'pt-BR' | 'en'): Promise<TMessage[]> {
    const policy = await this.access.gate(viewer);
    const current = await findConversationListRow(this.db, viewer.accountId, id);
    if (!current) throw new AppError('CONVERSATION_NOT_FOUND');
    const mine = current.assigneeId === viewer.userId || hasRole(viewer.role, 'manager');
    if (!mine && !isInDepartments(viewer.intentions, current.departmentId))
      throw new AppError('CONVERSATION_NOT_FOUND');
    if (!mine && !current.assigneeId && current.stage === 'waiting' && policy.hideWaitingTab)
      throw new AppError('NOT_AUTHORIZED');
    if (!current.channelId) throw new AppError('CHANNEL_NOT_FOUND');
    const channel = await this.channels.row(viewer.accountId, current.channelId);
    if (channel.status !== 'active') throw new AppError('CHANNEL_DISABLED');
    const template = body.templateId ? await this.template(viewer.accountId, channel, body) : null;
    let files = await this.files.find(viewer.accountId, body.files);
    // Issue 13: a browser voice note (WebM/Opus) goes to WhatsApp as Ogg/Opus, remuxed.
    if (channel.kind === 'whatsapp-cloud')
      files = await Promise.all(
        files.map((f) => this.files.asWhatsAppAudio(viewer.accountId, viewer.userId, f)),
      );
    for (const f of files) {
      const refused = checkMediaAllowed(channel.kind as never, f.mimeType, f.size);
      if (refused) throw new AppError(refused);
    }
    if (!template && channel.kind === 'whatsapp-cloud' && !isWithinReplyWindow(current.lastInboundAt))
      throw new AppError('WHATSAPP_WINDOW_CLOSED');
    const name = (await userNames(this.db, [viewer.userId])).get(viewer.userId) ?? '';

    const outcome = await withLockedConversation(this.db, viewer.accountId, id, async (tx, row) => {
      if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
      if (row.stage === 'closed') throw new AppError('CONVERSATION_TAKEN');
      let conversation: TConversationRow = row;
      const stored: Array<{ row: TMessageRow; inserted: boolean }> = [];
      // An unassigned waiting conversation is taken by whoever answers it first.
      if (row.assigneeId !== viewer.userId && !hasRole(viewer.role, 'manager')) {
        if (row.assigneeId || (row.stage !== 'waiting' && row.stage !== 'flow'))
          throw new AppError('CONVERSATION_OTHER_OPERATOR');
      }
      // An unassigned waiting conversation is taken by whoever answers it: the note comes first.
      // (A retried send finds it assigned to the sender already.)
      let taken: TMessageRow | null = null;
      if (!row.assigneeId && (row.stage === 'waiting' || row.stage === 'flow')) {
        conversation = await updateConversationRow(tx, viewer.accountId, id, {
          stage: 'attendance',
          assigneeId: viewer.userId,
          takenAt: new Date(),
        });
        taken = (
          await insertMessageRow(tx, viewer.accountId, id, {
            ...systemMessage({ system: 'taken', operator: name }, lang),
            channelId: row.channelId,
            authorId: viewer.userId,
          })
        ).row;
      }
      const items = this.itemsOf(body, files, template);
      for (const [index, item] of items.entries()) {
        stored.push(
          await insertMessageRow(tx, viewer.accountId, id, {
            channelId: row.channelId,
            authorType: 'operator',
            authorId: viewer.userId,
            authorName: name,
            kind: item.kind,
            body: item.text ?? null,
            template: item.template ?? null,
            media: item.file
              ? {
                  fileId: item.file.id,
                  mimeType: item.file.mimeType,
                  fileName: item.file.name,
                  size: item.file.size,
                  url: this.files.link(viewer.accountId, item.file.id, item.file.name),
                }
              : null,
            clientId: index === 0 ? body.clientId : `${body.clientId}#${index}`,
          }),
        );
      }
      if (!stored.some((s) => s.inserted)) return { conversation, stored, taken };
      const last = stored.at(-1)!.row;
      [conversation] = await touchConversation(
        tx,
        viewer.accountId,
        id,
        last.body ?? last.media?.fileName ?? '',
      );
      const inserted = stored.filter((s) => s.inserted).map((s) => s.row);
      await this.announce(tx, viewer.accountId, id, channel.kind, current.contactId, taken, inserted);
      return { conversation, stored, taken };
    });
    const link = (fileId: string, fileName: string) => this.files.link(viewer.accountId, fileId, fileName);
    return outcome.stored.map((s) => presentChatMessage(s.row, link));
  }

  /**
   * An automatic message of the account (author 'bot': the out-of-hours reply, a bot's turn, a
   * survey's question) into an open conversation: a text, or a text with options the customer
   * picks from (`interactive`, shown natively per channel). Stored with a fixed client id per
   * purpose, so a repeated trigger sends it once, then delivered like an operator's message.
   * Returns the stored message's id (also when it was stored before), or undefined when the
   * conversation is closed or its channel is off.
   */
  async sendAutomatic(
    accountId: string,
    conversationId: string,
    content: string | TAutomaticContent,
    purpose: string,
    options: {
      /** Automations (issue 17): the closing auto messages also go to a conversation just closed. */
      closed?: boolean;
      /**
       * The caller's own writes, committed with the message (a bot turn's end rides with its last
       * reply: one transaction fewer). Run only when the message is stored now, so not for one
       * stored before nor when nothing is sent; the caller then writes them on its own.
       */
      alsoInTx?: (tx: TTx) => Promise<void>;
    } = {},
  ): Promise<string | undefined> {
    const { text, interactive, media } =
      typeof content === 'string' ? { text: content, interactive: undefined, media: undefined } : content;
    // One transaction, two statements: the conversation (checked, touched, given the events'
    // numbers and locked), the message and the conversation as listed for the event in one; the
    // jobs with the commit (and the caller's alsoInTx). A message stored before (a repeated turn)
    // rolls the touch back.
    try {
      return await withTenant(this.db, accountId, async (tx) => {
        const stored = await storeAutomaticMessage(tx, accountId, conversationId, {
          preview: text || media?.fileName || '',
          seqs: 2,
          closed: Boolean(options.closed),
          kind: media ? kindOf(media.mimeType) : interactive ? 'interactive' : 'text',
          body: media ? text || null : text,
          interactive: interactive ?? null,
          media: media ?? null,
          clientId: `auto:${purpose}`,
        });
        if (!stored) return undefined;
        if ('storedBefore' in stored) throw new StoredBefore(stored.storedBefore);
        const { message, listed, firstSeq, channelKind } = stored;
        await this.emitter.conversationRead(tx, accountId, listed, firstSeq);
        await this.emitter.messagesCreated(tx, accountId, [message], {
          channelKind,
          contactId: listed.contactId,
          firstSeq: firstSeq + 1,
          test: listed.test,
        });
        if (channelKind !== 'webchat') await this.outbound.enqueue(tx, accountId, message.id, conversationId);
        await options.alsoInTx?.(tx);
        return message.id;
      });
    } catch (error) {
      if (error instanceof StoredBefore) return error.messageId;
      throw error;
    }
  }

  /**
   * An automatic WhatsApp template (a bot's "send template" block, an automation's action): the
   * way to write again once the 24-hour window is closed. Stored as a template message of the bot
   * with the client id `auto:<purpose>` (a repeated turn or action stores and sends it once), then
   * delivered by the outbound job with the template's name, language and components.
   * Refused with an AppError the caller logs and goes on from: TEMPLATE_CHANNEL_NOT_SUPPORTED (the
   * conversation is not on WhatsApp), TEMPLATE_NOT_FOUND (deleted, or of another channel),
   * TEMPLATE_NOT_APPROVED, TEMPLATE_VARIABLES_MISSING (a value came out empty, or the template's
   * variables changed since the block/action was set up). Returns the stored message's id, or
   * undefined when the conversation is closed or its channel is off (as sendAutomatic).
   */
  async sendAutomaticTemplate(
    accountId: string,
    conversationId: string,
    send: { templateId: string; variables: readonly string[] },
    purpose: string,
    options: { closed?: boolean } = {},
  ): Promise<string | undefined> {
    const current = await findConversationListRow(this.db, accountId, conversationId);
    if (!current?.channelId || (current.stage === 'closed' && !options.closed)) return undefined;
    const channel = await this.channels.row(accountId, current.channelId);
    if (channel.kind !== 'whatsapp-cloud') throw new AppError('TEMPLATE_CHANNEL_NOT_SUPPORTED');
    if (channel.status !== 'active') return undefined;
    const template = await this.templateOf(accountId, send.templateId);
    assertTemplateSendable(template, channel);
    const variables = send.variables.map((v) => v.trim());
    if (variables.length !== templateSendVariables(template).length || variables.some((v) => !v))
      throw new AppError('TEMPLATE_VARIABLES_MISSING');
    const message = templateMessage(template, variables);
    return withTenant(this.db, accountId, async (tx) => {
      const result = await insertMessageRow(tx, accountId, conversationId, {
        channelId: channel.id,
        authorType: 'bot',
        kind: 'template',
        body: message.text,
        template: message.template,
        clientId: `auto:${purpose}`,
      });
      if (!result.inserted) return result.row.id;
      await touchConversation(tx, accountId, conversationId, message.text);
      await this.announce(tx, accountId, conversationId, channel.kind, current.contactId, null, [result.row]);
      return result.row.id;
    });
  }

  /** The approved template of the conversation's WhatsApp channel, filled with the variables. */
  private async template(accountId: string, channel: { id: string; kind: string }, body: TSendMessageBody) {
    if (channel.kind !== 'whatsapp-cloud') throw new AppError('TEMPLATE_CHANNEL_NOT_SUPPORTED');
    const template = await this.templateOf(accountId, body.templateId!);
    assertTemplateSendable(template, channel);
    assertTemplateVariables(template, body.variables);
    return templateMessage(template, body.variables);
  }

  private itemsOf(
    body: TSendMessageBody,
    files: TFile[],
    template: ReturnType<typeof templateMessage> | null,
  ): TSendItem[] {
    if (template) return [{ kind: 'template', text: template.text, template: template.template }];
    if (files.length === 0) return [{ kind: 'text', text: body.text }];
    return files.map((file, i) => ({
      kind: kindOf(file.mimeType),
      text: i === 0 ? body.text : undefined,
      file,
    }));
  }

  /**
   * In the sending transaction: the events (realtime, web chat delivery, later listeners) and the
   * outbound jobs of WhatsApp/SMS messages — both exist only if the transaction commits.
   */
  private async announce(
    tx: TTx,
    accountId: string,
    conversationId: string,
    channelKind: string,
    contactId: string,
    taken: TMessageRow | null,
    inserted: TMessageRow[],
  ) {
    if (!inserted.length && !taken) return;
    await this.emitter.conversationChanged(tx, accountId, conversationId);
    const messages = taken ? [taken, ...inserted] : inserted;
    await this.emitter.messagesCreated(tx, accountId, messages, { channelKind, contactId });
    if (channelKind !== 'webchat')
      for (const m of inserted) await this.outbound.enqueue(tx, accountId, m.id, conversationId);
  }
}

/** A repeated automatic send: its message was stored before (the transaction rolls back). */
class StoredBefore extends Error {
  constructor(readonly messageId: string) {
    super('stored before');
  }
}

type TFile = { id: string; name: string; mimeType: string; size: number };
/**
 * What an automatic message says: a text, with options when the customer is to pick one, or a
 * media message (a bot's image/video/audio/file bubble: a public link, `text` its caption).
 */
export type TAutomaticContent = {
  text: string;
  interactive?: TInteractive;
  media?: { url: string; mimeType: string; fileName?: string };
};
/** One stored message of a send. */
type TSendItem = { kind: string; text?: string; file?: TFile; template?: Record<string, unknown> };

function kindOf(mimeType: string): 'image' | 'audio' | 'video' | 'document' {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'document';
}
