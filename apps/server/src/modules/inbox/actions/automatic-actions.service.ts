import { testMark, type TLang } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import { AppError } from '../../../platform/errors';
import type { InboxSettingsService } from '../../inbox-settings/inbox-settings.service';
import { readConversationListRow, type TConversationListRow } from '../conversations/conversations.repo';
import type { TMessageRow } from '../conversations/message-presenter';
import { insertMessageRow } from '../messaging/messages.repo';
import { systemMessage, type TSystemEvent } from '../messaging/system-messages';
import type { InboxEmitter } from '../realtime/inbox-emitter';
import { findMember, updateConversationRow, withLockedConversation } from './conversation-actions.repo';

const noTarget = { channelKind: null, contactId: null };

/** What automations read of a conversation to check their conditions and timers. */
export interface TConversationFacts extends TConversationListRow {
  /** The last message an operator (not a bot) sent, if any. */
  lastOperatorAt: Date | null;
  /** Ids (UUID v7, in the order they were stored) of the customer's and an operator's last messages. */
  lastInboundId: string | null;
  lastOperatorId: string | null;
  /** The contact has no other conversation in the account. */
  firstContact: boolean;
}

/** The name the conversation's system messages give automatic changes. */
const AUTOMATION_ACTOR: Record<TLang, string> = { 'pt-BR': 'Automação', en: 'Automation' };

/**
 * The inbox's actions for the automation engine (no operator behind them): assign, close and
 * private notes, each under the conversation's row lock and idempotent (a repeated call changes
 * nothing and emits nothing). The events carry `cause` so a rule does not react to its own change.
 */
export class AutomaticActionsService {
  constructor(
    private readonly db: TDb,
    private readonly settings: InboxSettingsService,
    private readonly emitter: InboxEmitter,
    private readonly bus: DomainEvents,
    /** A department's name for the transfer's system line (null: not one of the account's). */
    private readonly departmentName: (accountId: string, id: string) => Promise<string | null> = async () =>
      null,
  ) {}

  /** One transaction: the conversation as listed, then what the automations add to it. */
  async facts(accountId: string, conversationId: string): Promise<TConversationFacts | null> {
    return withTenant(this.db, accountId, async (tx) => {
      const row = await readConversationListRow(tx, accountId, conversationId);
      if (!row) return null;
      const [extra] = rowsOf<{
        last_operator_at: string | null;
        last_inbound_id: string | null;
        last_operator_id: string | null;
        others: number;
      }>(
        await tx.execute(sql`
          select (select max(created_at) from messages
                   where conversation_id = ${conversationId} and author_type = 'operator' and not private)
                   as last_operator_at,
                 (select max(id::text) from messages
                   where conversation_id = ${conversationId} and author_type = 'contact') as last_inbound_id,
                 (select max(id::text) from messages
                   where conversation_id = ${conversationId} and author_type = 'operator' and not private)
                   as last_operator_id,
                 (select count(*)::int from conversations
                   where account_id = ${accountId} and contact_id = ${row.contactId} and id <> ${conversationId})
                   as others`),
      );
      return {
        ...row,
        lastOperatorAt: extra?.last_operator_at ? new Date(extra.last_operator_at) : null,
        lastInboundId: extra?.last_inbound_id ?? null,
        lastOperatorId: extra?.last_operator_id ?? null,
        firstContact: Number(extra?.others ?? 0) === 0,
      };
    });
  }

  /** Open conversations of the account, oldest activity first (schedule triggers). */
  async openConversationIds(accountId: string, limit: number): Promise<string[]> {
    const rows = rowsOf<{ id: string }>(
      await withTenant(this.db, accountId, (tx) =>
        tx.execute(sql`
          select id from conversations where account_id = ${accountId} and stage <> 'closed'
          order by last_message_at limit ${limit}`),
      ),
    );
    return rows.map((r) => r.id);
  }

  /**
   * The contact's open conversation in the account: the most recently active one that is not
   * closed (a contact may have one per channel), or null. Automations' contact triggers act in it.
   */
  async openConversationOf(accountId: string, contactId: string): Promise<string | null> {
    const [row] = rowsOf<{ id: string }>(
      await withTenant(this.db, accountId, (tx) =>
        tx.execute(sql`
          select id from conversations
          where account_id = ${accountId} and contact_id = ${contactId} and stage <> 'closed'
          order by last_message_at desc, id desc limit 1`),
      ),
    );
    return row?.id ?? null;
  }

  /** To an operator (in attendance with them) and/or a department (waiting, unassigned, when no operator). */
  async assign(
    accountId: string,
    id: string,
    target: { operatorId: string | null; departmentId: string | null },
    cause: string,
    lang: TLang = 'pt-BR',
  ): Promise<'done' | 'unchanged'> {
    // The system line names the department (read before the conversation's lock: PGlite has one
    // connection). A rule whose department is deleted is turned off by the automations module.
    const departmentName = target.departmentId
      ? await this.departmentName(accountId, target.departmentId)
      : null;
    return withLockedConversation(this.db, accountId, id, async (tx, row) => {
      if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
      if (row.stage === 'closed') return 'unchanged';
      const member = target.operatorId ? await findMember(tx, accountId, target.operatorId) : undefined;
      if (target.operatorId && !member) throw new AppError('MEMBER_NOT_FOUND');
      const departmentId = target.departmentId ?? row.departmentId;
      if (member ? row.assigneeId === member.userId : row.departmentId === departmentId && !row.assigneeId)
        return 'unchanged';
      const patch = member
        ? { stage: 'attendance', assigneeId: member.userId, takenAt: new Date(), departmentId }
        : { stage: 'waiting', assigneeId: null, takenAt: null, departmentId };
      const event: TSystemEvent = {
        system: 'transferred',
        actor: AUTOMATION_ACTOR[lang],
        actorKind: 'automation',
        ...(member ? { operator: member.name } : { department: departmentName ?? departmentId ?? '' }),
      };
      await this.bus.emit(tx, accountId, 'conversation.assigned', {
        conversationId: id,
        assigneeId: member?.userId ?? null,
        previousAssigneeId: row.assigneeId,
        departmentId: departmentId ?? null,
        by: 'transfer',
        cause,
      });
      await this.change(tx, accountId, row, patch, event, lang);
      return 'done';
    });
  }

  /** Closes with one of the account's closing reasons; already closed: unchanged. */
  async close(
    accountId: string,
    id: string,
    body: { reason: string; subReason?: string | null },
    cause: string,
    lang: TLang = 'pt-BR',
  ): Promise<'done' | 'unchanged'> {
    const reason = await this.settings.checkReason(accountId, body.reason, body.subReason ?? undefined);
    return withLockedConversation(this.db, accountId, id, async (tx, row) => {
      if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
      if (row.stage === 'closed') return 'unchanged';
      await this.bus.emit(tx, accountId, 'conversation.closed', {
        conversationId: id,
        reason: reason.reason,
        subReason: reason.subReason ?? null,
        closedBy: null,
        byInactivity: false,
        cause,
        ...testMark(row.test),
      });
      const patch = {
        stage: 'closed',
        closedAt: new Date(),
        closedBy: null,
        closeReason: reason.reason,
        closeSubReason: reason.subReason,
        unreadCount: 0,
      };
      const event: TSystemEvent = {
        system: 'closed',
        actor: AUTOMATION_ACTOR[lang],
        actorKind: 'automation',
        reason: reason.reason,
        subReason: reason.subReason,
      };
      await this.change(tx, accountId, row, patch, event, lang);
      return 'done';
    });
  }

  /**
   * Hands an open conversation to a bot (flow stage, unassigned): `start` runs in the same
   * transaction (the chatbots module's hand-back creates the bot's session there). Already with a
   * bot, or closed: unchanged.
   */
  async handToBot(
    accountId: string,
    id: string,
    botName: string,
    cause: string,
    start: (tx: Parameters<Parameters<typeof withLockedConversation>[3]>[0]) => Promise<void>,
    lang: TLang = 'pt-BR',
  ): Promise<'done' | 'unchanged'> {
    return withLockedConversation(this.db, accountId, id, async (tx, row) => {
      if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
      if (row.stage === 'closed' || row.stage === 'flow') return 'unchanged';
      await this.bus.emit(tx, accountId, 'conversation.assigned', {
        conversationId: id,
        assigneeId: null,
        previousAssigneeId: row.assigneeId,
        departmentId: row.departmentId,
        by: 'transfer',
        cause,
      });
      const patch = { stage: 'flow', assigneeId: null, takenAt: null };
      await this.change(
        tx,
        accountId,
        row,
        patch,
        { system: 'bot', actor: AUTOMATION_ACTOR[lang], actorKind: 'automation', bot: botName },
        lang,
      );
      await start(tx);
      return 'done';
    });
  }

  /** A private note for the team, stored once per client id (`authorName`: a bot's name; else Automation). */
  async note(
    accountId: string,
    id: string,
    text: string,
    clientId: string,
    authorName?: string,
  ): Promise<'done' | 'unchanged'> {
    return withLockedConversation(this.db, accountId, id, async (tx, row) => {
      if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
      const note = await insertMessageRow(tx, accountId, id, {
        channelId: row.channelId,
        authorType: 'bot',
        authorName: authorName ?? AUTOMATION_ACTOR['pt-BR'],
        kind: 'text',
        body: text,
        private: true,
        clientId,
      });
      if (!note.inserted) return 'unchanged';
      await this.emitter.messagesCreated(tx, accountId, [note.row], noTarget);
      return 'done';
    });
  }

  private async change(
    tx: Parameters<Parameters<typeof withLockedConversation>[3]>[0],
    accountId: string,
    row: { id: string; channelId: string | null },
    patch: Parameters<typeof updateConversationRow>[3],
    event: TSystemEvent,
    lang: TLang,
  ): Promise<TMessageRow> {
    await updateConversationRow(tx, accountId, row.id, patch);
    const { row: message } = await insertMessageRow(tx, accountId, row.id, {
      ...systemMessage(event, lang),
      channelId: row.channelId,
    });
    await this.emitter.conversationChanged(tx, accountId, row.id);
    await this.emitter.messagesCreated(tx, accountId, [message], noTarget);
    return message;
  }
}
