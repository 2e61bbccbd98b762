import { hasRole, type TConversation, type THoldBody } from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import type { TTx } from '../../../platform/db/tenant';
import type { DomainEvents } from '../../../platform/events';
import { AppError } from '../../../platform/errors';
import type { Jobs } from '../../../platform/jobs';
import type { TActor } from '../../../platform/request-context';
import type { ActivityLogService } from '../../activity-log/activity-log.service';
import type { InboxAccess, TViewer } from '../access/inbox-access';
import type { TConversationRow } from '../conversations/conversation-open';
import { presentConversation } from '../conversations/conversation-presenter';
import { findConversationListRow } from '../conversations/conversations.repo';
import { insertMessageRow } from '../messaging/messages.repo';
import { systemMessage, type TSystemEvent } from '../messaging/system-messages';
import type { InboxEmitter } from '../realtime/inbox-emitter';
import { updateConversationRow, userNames, withLockedConversation } from './conversation-actions.repo';

/** The durable timer of a hold with a time: resumes the conversation if it is still held until then. */
export const HOLD_QUEUE = 'inbox.hold-resume';
export interface THoldJob {
  accountId: string;
  conversationId: string;
  /** The hold's end as set (ISO): a later hold, a resume or a transfer makes this job a no-op. */
  until: string;
}

/** System messages go to the team only: no channel delivery target. */
const noTarget = { channelKind: null, contactId: null };

/**
 * On hold (spec §3 conversation stages, issue 13): an operator pauses a conversation in attendance
 * until a moment or the customer's next message; it keeps its operator and comes back to them
 * (in attendance) when they resume it, when the moment comes (a pg-boss job written in the
 * hold's transaction) or when the customer writes (a durable listener on message.created).
 */
export class HoldService {
  constructor(
    private readonly db: TDb,
    private readonly access: InboxAccess,
    private readonly emitter: InboxEmitter,
    private readonly bus: DomainEvents,
    private readonly jobs: Jobs,
    private readonly activity: ActivityLogService,
  ) {}

  async hold(viewer: TViewer, id: string, body: THoldBody, actor: TActor): Promise<TConversation> {
    const until = body.until ? new Date(body.until) : null;
    if (until && until.getTime() <= Date.now()) throw new AppError('HOLD_TIME_PAST');
    const policy = await this.access.gate(viewer);
    const name = await this.nameOf(viewer.userId);
    await withLockedConversation(this.db, viewer.accountId, id, async (tx, row) => {
      if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
      this.access.assertCanSee(viewer, row, policy);
      if (row.stage !== 'attendance' && row.stage !== 'hold') throw new AppError('HOLD_NOT_IN_ATTENDANCE');
      this.assertMine(viewer, row);
      const event: TSystemEvent = until
        ? { system: 'held', actor: name, until: until.toISOString() }
        : { system: 'heldUntilReply', actor: name };
      await this.change(
        tx,
        viewer.accountId,
        viewer.userId,
        row,
        { stage: 'hold', holdUntil: until },
        event,
        actor.lang,
      );
      if (until)
        await this.jobs.sendInTx<THoldJob>(
          tx,
          HOLD_QUEUE,
          { accountId: viewer.accountId, conversationId: id, until: until.toISOString() },
          { startAfter: until },
        );
      await this.bus.emit(tx, viewer.accountId, 'conversation.held', {
        conversationId: id,
        by: viewer.userId,
        assigneeId: row.assigneeId,
        until: until?.toISOString() ?? null,
      });
    });
    await this.activity.record(viewer.accountId, actor, {
      action: 'conversation.held',
      target: id,
      details: { conversationId: id, until: until?.toISOString() ?? null },
    });
    return this.listed(viewer.accountId, id);
  }

  /** Its operator (or a manager) takes it back before the time; a conversation not on hold is answered as it is. */
  async resume(viewer: TViewer, id: string, actor: TActor): Promise<TConversation> {
    const policy = await this.access.gate(viewer);
    const name = await this.nameOf(viewer.userId);
    await withLockedConversation(this.db, viewer.accountId, id, async (tx, row) => {
      if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
      this.access.assertCanSee(viewer, row, policy);
      if (row.stage !== 'hold') return;
      this.assertMine(viewer, row);
      await this.back(
        tx,
        viewer.accountId,
        viewer.userId,
        row,
        { system: 'resumed', actor: name },
        'operator',
        actor.lang,
      );
    });
    return this.listed(viewer.accountId, id);
  }

  /** The timer's job: resumes only a hold that still ends at `until` (retries and stale jobs change nothing). */
  async resumeDue(job: THoldJob): Promise<boolean> {
    return withLockedConversation(this.db, job.accountId, job.conversationId, async (tx, row) => {
      if (row?.stage !== 'hold' || row.holdUntil?.getTime() !== new Date(job.until).getTime()) return false;
      await this.back(tx, job.accountId, null, row, { system: 'holdEnded' }, 'timer');
      return true;
    });
  }

  /** The customer wrote while it was on hold (any hold: with or without a time). */
  async resumeOnReply(accountId: string, id: string): Promise<boolean> {
    return withLockedConversation(this.db, accountId, id, async (tx, row) => {
      if (row?.stage !== 'hold') return false;
      await this.back(tx, accountId, null, row, { system: 'customerReplied' }, 'reply');
      return true;
    });
  }

  private async back(
    tx: TTx,
    accountId: string,
    authorId: string | null,
    row: TConversationRow,
    event: TSystemEvent,
    by: 'operator' | 'timer' | 'reply',
    lang: TActor['lang'] = 'pt-BR',
  ) {
    await this.change(tx, accountId, authorId, row, { stage: 'attendance', holdUntil: null }, event, lang);
    await this.bus.emit(tx, accountId, 'conversation.resumed', {
      conversationId: row.id,
      assigneeId: row.assigneeId,
      by,
    });
  }

  private async change(
    tx: TTx,
    accountId: string,
    authorId: string | null,
    row: TConversationRow,
    patch: Parameters<typeof updateConversationRow>[3],
    event: TSystemEvent,
    lang: TActor['lang'],
  ) {
    await updateConversationRow(tx, accountId, row.id, patch);
    const { row: message } = await insertMessageRow(tx, accountId, row.id, {
      ...systemMessage(event, lang),
      channelId: row.channelId,
      authorId,
    });
    await this.emitter.conversationChanged(tx, accountId, row.id);
    await this.emitter.messagesCreated(tx, accountId, [message], noTarget);
  }

  /** Managers act on any; operators on their own. */
  private assertMine(viewer: TViewer, row: TConversationRow) {
    if (hasRole(viewer.role, 'manager') || row.assigneeId === viewer.userId) return;
    throw new AppError('CONVERSATION_OTHER_OPERATOR');
  }

  private async listed(accountId: string, id: string): Promise<TConversation> {
    const row = await findConversationListRow(this.db, accountId, id);
    if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
    return presentConversation(row);
  }

  private async nameOf(userId: string): Promise<string> {
    return (await userNames(this.db, [userId])).get(userId) ?? '';
  }
}
