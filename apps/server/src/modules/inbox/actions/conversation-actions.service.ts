import {
  hasRole,
  type TCloseBody,
  type TConversation,
  type TMessage,
  type TTransferBody,
  testMark,
} from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import type { TTx } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import { AppError } from '../../../platform/errors';
import type { TActor } from '../../../platform/request-context';
import type { ActivityLogService } from '../../activity-log/activity-log.service';
import type { InboxSettingsService } from '../../inbox-settings/inbox-settings.service';
import type { TConversationRow } from '../conversations/conversation-open';
import {
  findMember,
  updateConversationRow,
  userNames,
  withLockedConversation,
} from './conversation-actions.repo';
import { presentConversation } from '../conversations/conversation-presenter';
import { presentChatMessage } from '../conversations/message-presenter';
import { findConversationListRow, findOpenConversation } from '../conversations/conversations.repo';
import { activeConversationExists, type InboxAccess, type TViewer } from '../access/inbox-access';
import type { InboxEmitter } from '../realtime/inbox-emitter';
import { isInDepartments, type TVisibilityPolicy } from '../access/inbox-rooms';
import type { TMessageRow } from '../conversations/message-presenter';
import { insertMessageRow } from '../messaging/messages.repo';
import { systemMessage, type TSystemEvent } from '../messaging/system-messages';

/** System messages and notes go to the team only: no channel delivery target. */
const noTarget = { channelKind: null, contactId: null };

/** What a committed action changed (its events went out with the commit). */
interface TOutcome {
  conversation: TConversationRow;
  messages: TMessageRow[];
}

/**
 * Take, transfer, close, reopen, notes and read marks. Each runs in one transaction holding the
 * conversation's row lock, so two operators racing for one conversation get exactly one winner;
 * events go out after the commit.
 */
export class ConversationActionsService {
  constructor(
    private readonly db: TDb,
    private readonly access: InboxAccess,
    private readonly settings: InboxSettingsService,
    private readonly emitter: InboxEmitter,
    private readonly bus: DomainEvents,
    private readonly activity: ActivityLogService,
    /** Departments (issue 13): a department's name for the transfer's system line (its id otherwise). */
    private readonly departmentName: (accountId: string, id: string) => Promise<string | null> = async () =>
      null,
  ) {}

  /** Waiting → in attendance with me as assignee; the loser of a race gets CONVERSATION_TAKEN. */
  async take(viewer: TViewer, id: string, actor: TActor): Promise<TConversation> {
    const policy = await this.access.gate(viewer);
    const name = await this.nameOf(viewer.userId);
    const outcome = await this.locked(viewer, id, async (tx, row) => {
      this.assertDepartment(viewer, row);
      if (!hasRole(viewer.role, 'manager') && policy.hideWaitingTab) throw new AppError('NOT_AUTHORIZED');
      if (row.stage === 'attendance' && row.assigneeId === viewer.userId)
        return { conversation: row, messages: [] };
      if (
        (row.stage !== 'waiting' && row.stage !== 'flow') ||
        (row.assigneeId && row.assigneeId !== viewer.userId)
      )
        throw new AppError('CONVERSATION_TAKEN');
      const outcome = await this.apply(tx, viewer, row, {
        patch: { stage: 'attendance', assigneeId: viewer.userId, takenAt: new Date() },
        event: { system: 'taken', operator: name },
        lang: actor.lang,
      });
      await this.bus.emit(tx, viewer.accountId, 'conversation.assigned', {
        conversationId: id,
        assigneeId: viewer.userId,
        previousAssigneeId: row.assigneeId,
        departmentId: row.departmentId,
        by: 'take',
      });
      return outcome;
    });
    if (outcome.messages.length) {
      await this.activity.record(viewer.accountId, actor, {
        action: 'conversation.taken',
        target: id,
        details: { conversationId: id },
      });
    }
    return this.after(viewer.accountId, outcome);
  }

  /**
   * To an operator (in attendance with them) or a department (back to waiting, unassigned), with
   * an optional note. Operators transfer only their own conversations.
   */
  async transfer(viewer: TViewer, id: string, body: TTransferBody, actor: TActor): Promise<TConversation> {
    const policy = await this.access.gate(viewer);
    const actorName = await this.nameOf(viewer.userId);
    // Issue 13: only one of the account's departments (another account's or a made-up id: 404).
    const departmentName = body.departmentId
      ? await this.departmentName(viewer.accountId, body.departmentId)
      : null;
    if (body.departmentId && departmentName === null) throw new AppError('DEPARTMENT_NOT_FOUND');
    const outcome = await this.locked(viewer, id, async (tx, row) => {
      this.assertOpenAndMine(viewer, row, policy);
      const target = body.operatorId ? await findMember(tx, viewer.accountId, body.operatorId) : undefined;
      if (body.operatorId && !target) throw new AppError('MEMBER_NOT_FOUND');
      const departmentId = body.departmentId ?? row.departmentId;
      const patch = target
        ? { stage: 'attendance', assigneeId: target.userId, takenAt: new Date(), departmentId }
        : { stage: 'waiting', assigneeId: null, takenAt: null, departmentId };
      const event: TSystemEvent = {
        system: 'transferred',
        actor: actorName,
        ...(target ? { operator: target.name } : { department: departmentName ?? departmentId ?? '' }),
        ...(body.note ? { note: body.note } : {}),
      };
      const outcome = await this.apply(tx, viewer, row, { patch, event, lang: actor.lang });
      await this.bus.emit(tx, viewer.accountId, 'conversation.assigned', {
        conversationId: id,
        assigneeId: target?.userId ?? null,
        previousAssigneeId: row.assigneeId,
        departmentId: departmentId ?? null,
        by: 'transfer',
      });
      return outcome;
    });
    await this.activity.record(viewer.accountId, actor, {
      action: 'conversation.transferred',
      target: id,
      details: {
        conversationId: id,
        operatorId: body.operatorId ?? null,
        departmentId: body.departmentId ?? null,
      },
    });
    return this.after(viewer.accountId, outcome);
  }

  /** Closes with one of the account's closing reasons (and optionally a sub-reason). */
  async close(viewer: TViewer, id: string, body: TCloseBody, actor: TActor): Promise<TConversation> {
    const policy = await this.access.gate(viewer);
    const reason = await this.settings.checkReason(viewer.accountId, body.reason, body.subReason);
    const actorName = await this.nameOf(viewer.userId);
    const outcome = await this.locked(viewer, id, async (tx, row) => {
      this.assertOpenAndMine(viewer, row, policy, true);
      await this.bus.emit(tx, viewer.accountId, 'conversation.closed', {
        conversationId: id,
        reason: reason.reason,
        subReason: reason.subReason ?? null,
        closedBy: viewer.userId,
        byInactivity: false,
      });
      return this.apply(tx, viewer, row, {
        patch: {
          stage: 'closed',
          closedAt: new Date(),
          closedBy: viewer.userId,
          closeReason: reason.reason,
          closeSubReason: reason.subReason,
          unreadCount: 0,
        },
        event: { system: 'closed', actor: actorName, reason: reason.reason, subReason: reason.subReason },
        lang: actor.lang,
      });
    });
    await this.activity.record(viewer.accountId, actor, {
      action: 'conversation.closed',
      target: id,
      details: { conversationId: id, reason: reason.reason, subReason: reason.subReason },
    });
    return this.after(viewer.accountId, outcome);
  }

  /** A closed conversation back in attendance with me; refused while the contact has another open one on the channel. */
  async reopen(viewer: TViewer, id: string, actor: TActor): Promise<TConversation> {
    const policy = await this.access.gate(viewer);
    const actorName = await this.nameOf(viewer.userId);
    let conversation: TConversationRow | undefined;
    let outcome: TOutcome;
    try {
      outcome = await this.locked(viewer, id, async (tx, row) => {
        conversation = row;
        if (row.stage !== 'closed') throw activeConversationExists(viewer, policy, row);
        const mine = row.assigneeId === viewer.userId || row.closedBy === viewer.userId;
        if (!hasRole(viewer.role, 'manager') && !mine) throw new AppError('CONVERSATION_NOT_FOUND');
        await this.bus.emit(tx, viewer.accountId, 'conversation.reopened', {
          conversationId: id,
          by: viewer.userId,
        });
        return this.apply(tx, viewer, row, {
          patch: {
            stage: 'attendance',
            assigneeId: viewer.userId,
            takenAt: new Date(),
            closedAt: null,
            closedBy: null,
            closeReason: null,
            closeSubReason: null,
          },
          event: { system: 'reopened', actor: actorName },
          lang: actor.lang,
        });
      });
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } };
      if ((e.code === '23505' || e.cause?.code === '23505') && conversation) {
        // The contact's other open conversation on the channel (the unique index said so).
        const { contactId, channelId } = conversation;
        const open = await findOpenConversation(this.db, viewer.accountId, contactId, channelId);
        throw activeConversationExists(viewer, policy, open);
      }
      throw error;
    }
    return this.after(viewer.accountId, outcome);
  }

  /** A private note: stored and shown to the team, never sent to the channel. Idempotent on clientId. */
  async note(viewer: TViewer, id: string, body: { text: string; clientId?: string }): Promise<TMessage> {
    const policy = await this.access.gate(viewer);
    const name = await this.nameOf(viewer.userId);
    const stored = await this.locked(viewer, id, async (tx, row) => {
      this.access.assertCanSee(viewer, row, policy);
      const note = await insertMessageRow(tx, viewer.accountId, id, {
        channelId: row.channelId,
        authorType: 'operator',
        authorId: viewer.userId,
        authorName: name,
        kind: 'text',
        body: body.text,
        private: true,
        clientId: body.clientId ?? null,
      });
      if (note.inserted) await this.emitter.messagesCreated(tx, viewer.accountId, [note.row], noTarget);
      return note;
    });
    return presentChatMessage(stored.row);
  }

  /** Read: unread count back to 0. */
  async markRead(viewer: TViewer, id: string): Promise<TConversation> {
    const policy = await this.access.gate(viewer);
    const outcome = await this.locked(viewer, id, async (tx, row) => {
      this.access.assertCanSee(viewer, row, policy);
      if (row.unreadCount === 0) return { conversation: row, messages: [] };
      const conversation = await updateConversationRow(tx, viewer.accountId, id, { unreadCount: 0 });
      await this.emitter.conversationChanged(tx, viewer.accountId, id);
      return { conversation, messages: [] as TMessageRow[] };
    });
    return this.after(viewer.accountId, outcome);
  }

  // Chatbots (issue 14) -----------------------------------------------------------------------

  /**
   * A bot hands its conversation over: flow → waiting (optionally to a department) or in
   * attendance with an operator. False when the conversation is no longer in the flow stage (an
   * operator took it meanwhile): nothing changes. A department the account no longer has (deleted
   * after the bot was published) is left out: the customer goes to the queue, never to a
   * department nobody sees; the system line names the department, not its id.
   */
  async botHandover(
    accountId: string,
    id: string,
    body: { departmentId: string | null; operatorId: string | null },
    botName: string,
  ): Promise<boolean> {
    // Read before the conversation's lock, as transfer() does (PGlite has one connection).
    const departmentName = body.departmentId ? await this.departmentName(accountId, body.departmentId) : null;
    const chosen = departmentName === null ? null : body.departmentId;
    return withLockedConversation(this.db, accountId, id, async (tx, row) => {
      if (row?.stage !== 'flow') return false;
      const target = body.operatorId ? await findMember(tx, accountId, body.operatorId) : undefined;
      const departmentId = chosen ?? row.departmentId;
      const patch = target
        ? { stage: 'attendance', assigneeId: target.userId, takenAt: new Date(), departmentId }
        : { stage: 'waiting', assigneeId: null, takenAt: null, departmentId };
      const event: TSystemEvent = target
        ? { system: 'transferred', actor: botName, operator: target.name }
        : chosen && departmentName
          ? { system: 'transferred', actor: botName, department: departmentName }
          : { system: 'handover', actor: botName };
      await this.applyAs(tx, accountId, null, row, patch, event);
      await this.bus.emit(tx, accountId, 'conversation.assigned', {
        conversationId: id,
        assigneeId: target?.userId ?? null,
        previousAssigneeId: null,
        departmentId: departmentId ?? null,
        by: 'transfer',
      });
      return true;
    });
  }

  /** A bot closes its conversation (still in the flow stage) with a closing reason's name. */
  async botClose(accountId: string, id: string, reason: string | null, botName: string): Promise<boolean> {
    const checked = reason
      ? await this.settings.checkReason(accountId, reason).catch(() => ({ reason: botName, subReason: null }))
      : { reason: botName, subReason: null };
    return withLockedConversation(this.db, accountId, id, async (tx, row) => {
      if (row?.stage !== 'flow') return false;
      await this.bus.emit(tx, accountId, 'conversation.closed', {
        conversationId: id,
        reason: checked.reason,
        subReason: checked.subReason ?? null,
        closedBy: null,
        byInactivity: false,
        ...testMark(row.test),
      });
      await this.applyAs(
        tx,
        accountId,
        null,
        row,
        {
          stage: 'closed',
          closedAt: new Date(),
          closedBy: null,
          closeReason: checked.reason,
          unreadCount: 0,
        },
        { system: 'closed', actor: botName, reason: checked.reason, subReason: checked.subReason },
      );
      return true;
    });
  }

  /**
   * An operator hands an open conversation back to a bot: flow stage, unassigned. `start` runs in
   * the same transaction (the chatbots module creates the bot's session there).
   */
  async handToBot(
    viewer: TViewer,
    id: string,
    botName: string,
    actor: TActor,
    start: (tx: TTx, row: TConversationRow) => Promise<void>,
  ): Promise<TConversation> {
    const policy = await this.access.gate(viewer);
    const actorName = await this.nameOf(viewer.userId);
    const outcome = await this.locked(viewer, id, async (tx, row) => {
      this.assertOpenAndMine(viewer, row, policy, true);
      if (row.stage === 'flow') throw new AppError('CONVERSATION_TAKEN');
      const outcome = await this.apply(tx, viewer, row, {
        patch: { stage: 'flow', assigneeId: null, takenAt: null },
        event: { system: 'bot', actor: actorName, bot: botName },
        lang: actor.lang,
      });
      await this.bus.emit(tx, viewer.accountId, 'conversation.assigned', {
        conversationId: id,
        assigneeId: null,
        previousAssigneeId: row.assigneeId,
        departmentId: row.departmentId,
        by: 'transfer',
      });
      await start(tx, row);
      return outcome;
    });
    return this.after(viewer.accountId, outcome);
  }

  /** `apply` for an actor that is not a member (a bot): no author id, the account's language. */
  private async applyAs(
    tx: TTx,
    accountId: string,
    authorId: string | null,
    row: TConversationRow,
    patch: Parameters<typeof updateConversationRow>[3],
    event: TSystemEvent,
  ): Promise<TOutcome> {
    const conversation = await updateConversationRow(tx, accountId, row.id, patch);
    const { row: message } = await insertMessageRow(tx, accountId, row.id, {
      ...systemMessage(event, 'pt-BR'),
      channelId: row.channelId,
      authorId,
    });
    await this.emitter.conversationChanged(tx, accountId, row.id);
    await this.emitter.messagesCreated(tx, accountId, [message], noTarget);
    return { conversation, messages: [message] };
  }

  private locked<T>(
    viewer: TViewer,
    id: string,
    fn: (tx: TTx, row: TConversationRow) => Promise<T>,
  ): Promise<T> {
    return withLockedConversation(this.db, viewer.accountId, id, (tx, row) => {
      if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
      return fn(tx, row);
    });
  }

  private async apply(
    tx: TTx,
    viewer: TViewer,
    row: TConversationRow,
    change: { patch: Parameters<typeof updateConversationRow>[3]; event: TSystemEvent; lang: TActor['lang'] },
  ): Promise<TOutcome> {
    const conversation = await updateConversationRow(tx, viewer.accountId, row.id, change.patch);
    const { row: message } = await insertMessageRow(tx, viewer.accountId, row.id, {
      ...systemMessage(change.event, change.lang),
      channelId: row.channelId,
      authorId: viewer.userId,
    });
    await this.emitter.conversationChanged(tx, viewer.accountId, row.id);
    await this.emitter.messagesCreated(tx, viewer.accountId, [message], noTarget);
    return { conversation, messages: [message] };
  }

  /** Committed (its events went out with the commit): the answer is the conversation as listed. */
  private async after(accountId: string, outcome: TOutcome): Promise<TConversation> {
    const row = await findConversationListRow(this.db, accountId, outcome.conversation.id);
    if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
    return presentConversation(row);
  }

  /** Operators outside the conversation's department do not see it (404, as another account's id). */
  private assertDepartment(viewer: TViewer, row: TConversationRow) {
    if (hasRole(viewer.role, 'manager') || row.assigneeId === viewer.userId) return;
    if (!isInDepartments(viewer.intentions, row.departmentId)) throw new AppError('CONVERSATION_NOT_FOUND');
  }

  /**
   * Open, and the viewer's to act on: managers act on any; operators on their own, and — when
   * `waitingToo` (closing) — on unassigned waiting ones they can see.
   */
  private assertOpenAndMine(
    viewer: TViewer,
    row: TConversationRow,
    policy: TVisibilityPolicy,
    waitingToo = false,
  ) {
    this.assertDepartment(viewer, row);
    if (row.stage === 'closed') throw new AppError('CONVERSATION_TAKEN');
    if (hasRole(viewer.role, 'manager') || row.assigneeId === viewer.userId) return;
    if (waitingToo && !row.assigneeId && row.stage === 'waiting' && !policy.hideWaitingTab) return;
    throw new AppError('CONVERSATION_OTHER_OPERATOR');
  }

  private async nameOf(userId: string): Promise<string> {
    return (await userNames(this.db, [userId])).get(userId) ?? '';
  }
}
