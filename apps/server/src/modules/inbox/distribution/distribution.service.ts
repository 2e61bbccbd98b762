import type { TDistributionMember } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import type { Jobs } from '../../../platform/jobs';
import type { PresenceService } from '../../team-chat/presence.service';
import type { InboxSettingsService } from '../../inbox-settings/inbox-settings.service';
import { findMember, updateConversationRow } from '../actions/conversation-actions.repo';
import {
  accountsToDistribute,
  deleteDistributionRow,
  insertDistributionRow,
  listDistributionRows,
  attendanceLoads,
  listQueue,
  lockAccountDistribution,
  lockWaitingConversation,
  markAssigned,
  queueUserIds,
  waitingConversationIds,
} from './distribution.repo';
import type { InboxEmitter } from '../realtime/inbox-emitter';
import type { DomainEvents } from '../../../platform/events';
import { isInDepartments } from '../access/inbox-rooms';
import type { TDepartmentRouting } from '../../departments/departments.service';
import { insertMessageRow } from '../messaging/messages.repo';
import { systemMessage } from '../messaging/system-messages';

export const DISTRIBUTION_QUEUE = 'inbox-distribution';
export const DISTRIBUTION_SWEEP_QUEUE = 'inbox-distribution-sweep';
const QUEUE_CACHE_MS = 5_000;
const RETRY_BATCH = 200;

/**
 * Automatic distribution: a conversation that waits unassigned goes to the next ONLINE member of
 * the account's queue (least recently assigned first: round-robin) whose departments admit it and
 * who holds fewer conversations in attendance than the capacity setting. Race-safe: distributions
 * of one account run one after another (an advisory lock) and the conversation row is locked
 * (skipped when someone is taking it). Waiting conversations are retried by a job
 * when an operator connects or frees capacity, and by a sweep every minute.
 */
export class DistributionService {
  private readonly queueCache = new Map<string, { at: number; ids: string[] }>();
  private readonly inFlight = new Set<string>();
  /** Accounts where nobody could take a conversation just now: new waiting ones wait for a kick (or 5 s). */
  private readonly saturatedUntil = new Map<string, number>();

  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    private readonly settings: InboxSettingsService,
    private readonly presence: () => PresenceService,
    private readonly emitter: InboxEmitter,
    private readonly bus: DomainEvents,
    private readonly log: () => FastifyBaseLogger,
    /** Departments (issue 13): whether each takes part in distribution and its own capacity. */
    private readonly routing: (accountId: string) => Promise<Map<string, TDepartmentRouting>> = async () =>
      new Map(),
  ) {}

  private readonly routingCache = new Map<string, { at: number; rules: Map<string, TDepartmentRouting> }>();

  /** A department changed (its distribution, capacity or members): forget its rules and retry. */
  departmentChanged(accountId: string): void {
    this.routingCache.delete(accountId);
    this.kick(accountId);
  }

  /** A conversation entered 'waiting' without an assignee (called after the commit; never throws). */
  onWaiting(accountId: string, conversationId: string): void {
    if (this.inFlight.has(conversationId) || (this.saturatedUntil.get(accountId) ?? 0) > Date.now()) return;
    this.inFlight.add(conversationId);
    this.assign(accountId, conversationId)
      .then((assigned) => {
        if (assigned) return;
        this.saturatedUntil.set(accountId, Date.now() + QUEUE_CACHE_MS);
        if (this.saturatedUntil.size > 10_000)
          this.saturatedUntil.delete(this.saturatedUntil.keys().next().value!);
      })
      .catch((err) => this.log().warn({ err, conversationId }, 'distribution failed'))
      .finally(() => this.inFlight.delete(conversationId));
  }

  /** Retries the account's waiting conversations in the background (an operator came online, capacity freed). */
  kick(accountId: string): void {
    this.saturatedUntil.delete(accountId);
    this.jobs
      .send(DISTRIBUTION_QUEUE, { accountId })
      .catch((err) => this.log().warn({ err }, 'distribution job not queued'));
  }

  /** A member connected: when they are in the queue, the account's waiting conversations are retried. */
  async memberOnline(accountId: string, userId: string, markActive: () => Promise<unknown>): Promise<void> {
    if (!(await this.queue(accountId)).includes(userId)) return;
    // Online before the job looks (the team chat records the connection on its own schedule).
    await markActive();
    this.kick(accountId);
  }

  /** Assigns one conversation if it still waits and someone can take it; the assignee's id or null. */
  async assign(accountId: string, conversationId: string): Promise<string | null> {
    const queue = await this.queue(accountId);
    if (queue.length === 0) return null;
    const online = await this.onlineOf(accountId, queue);
    if (online.size === 0) return null;
    const { operatorCapacity } = await this.settings.get(accountId);
    const routing = await this.departmentRules(accountId);
    const outcome = await withTenant(this.db, accountId, async (tx) => {
      await lockAccountDistribution(tx, accountId);
      const conversation = await lockWaitingConversation(tx, accountId, conversationId);
      if (!conversation) return null;
      // A department that does not take part leaves its conversations waiting; its own capacity wins.
      const rules = conversation.departmentId ? routing.get(conversation.departmentId) : undefined;
      if (rules && !rules.distribution) return null;
      const capacity = rules?.capacity ?? operatorCapacity;
      const members = (await listQueue(tx, accountId)).filter(
        (m) => online.has(m.userId) && isInDepartments(m.intentions, conversation.departmentId),
      );
      const loads = await attendanceLoads(
        tx,
        accountId,
        members.map((m) => m.userId),
      );
      const chosen = members.find((m) => (loads.get(m.userId) ?? 0) < capacity);
      if (!chosen) return null;
      const member = await findMember(tx, accountId, chosen.userId);
      await updateConversationRow(tx, accountId, conversationId, {
        stage: 'attendance',
        assigneeId: chosen.userId,
        takenAt: new Date(),
      });
      await markAssigned(tx, accountId, chosen.userId);
      const { row: message } = await insertMessageRow(tx, accountId, conversationId, {
        ...systemMessage({ system: 'assigned', operator: member?.name ?? '' }),
        channelId: conversation.channelId,
      });
      await this.bus.emit(tx, accountId, 'conversation.assigned', {
        conversationId,
        assigneeId: chosen.userId,
        previousAssigneeId: null,
        departmentId: conversation.departmentId,
        by: 'distribution',
      });
      await this.emitter.conversationChanged(tx, accountId, conversationId);
      await this.emitter.messagesCreated(tx, accountId, [message], { channelKind: null, contactId: null });
      return { userId: chosen.userId, message };
    });
    return outcome?.userId ?? null;
  }

  /** Distributes the account's waiting conversations, oldest first, until nobody can take more. */
  async retryWaiting(accountId: string): Promise<number> {
    let assigned = 0;
    // Nobody could take one of a department's: its next ones are skipped, other departments' tried.
    const stuck = new Set<string>();
    for (const { id, departmentId } of await waitingConversationIds(this.db, accountId, RETRY_BATCH)) {
      const key = departmentId ?? '';
      if (stuck.has(key)) continue;
      if (await this.assign(accountId, id)) assigned += 1;
      else stuck.add(key);
    }
    return assigned;
  }

  /** The periodic sweep: every account with a queue and waiting conversations. */
  async sweep(): Promise<void> {
    for (const accountId of await accountsToDistribute(this.db)) await this.retryWaiting(accountId);
  }

  async members(accountId: string): Promise<TDistributionMember[]> {
    const rows = await listDistributionRows(this.db, accountId);
    const online = await this.onlineOf(
      accountId,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => ({
      userId: r.userId,
      name: r.name,
      acl: r.acl,
      online: online.has(r.userId),
      openConversations: Number(r.open),
      lastAssignedAt: r.lastAssignedAt?.toISOString() ?? null,
    }));
  }

  async add(accountId: string, userId: string): Promise<TDistributionMember[]> {
    if (!(await insertDistributionRow(this.db, accountId, userId))) throw new AppError('MEMBER_NOT_FOUND');
    this.queueCache.delete(accountId);
    this.kick(accountId);
    return this.members(accountId);
  }

  async remove(accountId: string, userId: string): Promise<TDistributionMember[]> {
    if (!(await deleteDistributionRow(this.db, accountId, userId))) throw new AppError('MEMBER_NOT_FOUND');
    this.queueCache.delete(accountId);
    return this.members(accountId);
  }

  /** Department rules (cached a few seconds, forgotten on department.changed). */
  private async departmentRules(accountId: string): Promise<Map<string, TDepartmentRouting>> {
    const hit = this.routingCache.get(accountId);
    if (hit && Date.now() - hit.at < QUEUE_CACHE_MS) return hit.rules;
    const rules = await this.routing(accountId);
    this.routingCache.set(accountId, { at: Date.now(), rules });
    if (this.routingCache.size > 10_000) this.routingCache.delete(this.routingCache.keys().next().value!);
    return rules;
  }

  /** Queue member ids (cached a few seconds: every new waiting conversation asks). */
  private async queue(accountId: string): Promise<string[]> {
    const hit = this.queueCache.get(accountId);
    if (hit && Date.now() - hit.at < QUEUE_CACHE_MS) return hit.ids;
    const ids = await queueUserIds(this.db, accountId);
    this.queueCache.set(accountId, { at: Date.now(), ids });
    if (this.queueCache.size > 10_000) this.queueCache.delete(this.queueCache.keys().next().value!);
    return ids;
  }

  /** Which of these users are online now (team chat presence, on every node). */
  private async onlineOf(accountId: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    try {
      const members = await this.presence().snapshot(accountId, userIds);
      return new Set(members.filter((m) => m.status === 'online').map((m) => m.userId));
    } catch {
      return new Set(); // realtime closed (shutdown)
    }
  }
}
