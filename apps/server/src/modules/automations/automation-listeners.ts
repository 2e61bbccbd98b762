import { isTestEvent, type TDomainEvent, type TDomainEventName } from '@atende/shared';
import { CronExpressionParser } from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import type { DomainEvents } from '../../platform/events';
import type { AutomaticActionsService } from '../inbox/actions/automatic-actions.service';
import type { AutomationEngine, TTriggerInput } from './automation-engine';
import type { TReferenceKind } from './automation-references';
import {
  cancelTimerRows,
  insertTimerRows,
  type TTimerCancel,
  type TTimerValues,
} from './automation-timers.repo';
import { eventFacts, skipOnEvent } from './automation-prejudge';
import {
  activeTriggerTypesSql,
  findRuleRow,
  insertSkipRowsInTx,
  scheduleRuleRows,
  type TActiveRulesRead,
  type TAutomationRow,
} from './automations.repo';

export const SCHEDULE_QUEUE = 'automation-schedule';
/**
 * The events' queue runs several workers per process in small batches (each event is its own
 * idempotent run): a new customer is three events (contact, conversation, message), and the time
 * triggers' timers are written from them, so a backlog here would make every timer late.
 */
const EVENT_WORK = { batchSize: 10, concurrency: 6 };
/** Open conversations a schedule rule looks at per tick. */
const SCHEDULE_BATCH = 500;

export interface TTimerJob {
  accountId: string;
  ruleId: string;
  trigger: 'no_customer_reply' | 'no_operator_reply' | 'idle' | 'waiting_in_queue';
  conversationId: string;
  contactId: string | null;
  /** The message (or opening) the wait is counted from: its time and id (none for an opening). */
  messageAt: string;
  messageId: string | null;
  /** The automation_timers row (absent on the timer jobs of pg-boss written before the rows). */
  timerId?: string;
}

const LISTENED: TDomainEventName[] = [
  'conversation.opened',
  'conversation.assigned',
  'conversation.closed',
  'message.created',
  'contact.created',
  'contact.phase_changed',
  'contact.tag_added',
  'survey.answered',
  'campaign.replied',
];

/** The event triggers an event stands for, and what the engine needs of it. */
function triggersOf(event: TDomainEvent): Array<Omit<TTriggerInput, 'accountId' | 'key' | 'at'>> {
  const base = { conversationId: null, contactId: null, messageText: null };
  switch (event.name) {
    case 'conversation.opened': {
      const d = (event as TDomainEvent<'conversation.opened'>).data;
      return [
        { ...base, trigger: 'conversation.opened', conversationId: d.conversationId, contactId: d.contactId },
      ];
    }
    case 'conversation.assigned': {
      const d = (event as TDomainEvent<'conversation.assigned'>).data;
      const input = { ...base, conversationId: d.conversationId, cause: d.cause };
      const list = [{ ...input, trigger: 'conversation.assigned' }];
      if (d.by === 'transfer') list.push({ ...input, trigger: 'conversation.transferred' });
      return list;
    }
    case 'conversation.closed': {
      const d = (event as TDomainEvent<'conversation.closed'>).data;
      return [
        {
          ...base,
          trigger: 'conversation.closed',
          conversationId: d.conversationId,
          cause: d.cause,
          byInactivity: d.byInactivity,
        },
      ];
    }
    case 'message.created': {
      const d = (event as TDomainEvent<'message.created'>).data;
      const input = {
        ...base,
        conversationId: d.conversationId,
        contactId: d.contactId,
        messageText: d.message.body,
      };
      if (d.direction === 'inbound') return [{ ...input, trigger: 'message.received' }];
      if (d.direction === 'outbound' && d.message.author === 'operator')
        return [{ ...input, trigger: 'message.operator' }];
      return [];
    }
    case 'contact.created':
      return [
        {
          ...base,
          trigger: 'contact.created',
          contactId: (event as TDomainEvent<'contact.created'>).data.contactId,
        },
      ];
    case 'contact.phase_changed':
      return [
        {
          ...base,
          trigger: 'contact.phase_changed',
          contactId: (event as TDomainEvent<'contact.phase_changed'>).data.contactId,
        },
      ];
    case 'contact.tag_added': {
      const d = (event as TDomainEvent<'contact.tag_added'>).data;
      return [
        { ...base, trigger: 'contact.tag_added', contactId: d.contactId, tagIds: d.tagIds, cause: d.cause },
      ];
    }
    case 'campaign.replied': {
      const d = (event as TDomainEvent<'campaign.replied'>).data;
      return [
        { ...base, trigger: 'campaign.replied', conversationId: d.conversationId, contactId: d.contactId },
      ];
    }
    case 'survey.answered': {
      const d = (event as TDomainEvent<'survey.answered'>).data;
      return [
        {
          ...base,
          trigger: 'survey.answered',
          conversationId: d.conversationId,
          contactId: d.contactId,
          messageText: d.comment,
        },
      ];
    }
    default:
      return [];
  }
}

/** Every trigger type an event concerns: the rules it runs, and the timers it starts or ends. */
function triggerTypesOf(event: TDomainEvent): string[] {
  const timers = timersOf(event);
  return [
    ...triggersOf(event).map((t) => t.trigger),
    ...(timers ? [...timers.triggers, ...(timers.ends ?? [])] : []),
  ];
}

/** What a deletion event says is gone. */
function deletedReference(event: TDomainEvent): { kind: TReferenceKind; id: string } | null {
  switch (event.name) {
    case 'department.changed': {
      const d = (event as TDomainEvent<'department.changed'>).data;
      return d.change === 'deleted' ? { kind: 'department', id: d.departmentId } : null;
    }
    case 'tag.deleted':
      return { kind: 'tag', id: (event as TDomainEvent<'tag.deleted'>).data.tagId };
    case 'template.deleted':
      return { kind: 'template', id: (event as TDomainEvent<'template.deleted'>).data.templateId };
    case 'chatbot.deleted':
      return { kind: 'chatbot', id: (event as TDomainEvent<'chatbot.deleted'>).data.chatbotId };
    default:
      return null;
  }
}

/** The time triggers a message (or an opening) starts counting for, and those whose silence it ends. */
function timersOf(event: TDomainEvent): {
  triggers: TTimerJob['trigger'][];
  at: string;
  messageId: string | null;
  ends?: TTimerJob['trigger'][];
} | null {
  if (event.name === 'conversation.opened')
    return { triggers: ['waiting_in_queue'], at: event.at, messageId: null };
  if (event.name !== 'message.created') return null;
  const d = (event as TDomainEvent<'message.created'>).data;
  // Counted from when the message reached us (a customer's own timestamp is the channel's clock).
  if (d.direction === 'inbound')
    return {
      triggers: ['no_operator_reply', 'idle'],
      at: event.at,
      messageId: d.messageId,
      ends: ['no_customer_reply', 'idle'],
    };
  if (d.direction === 'outbound' && d.message.author === 'operator')
    return {
      triggers: ['no_customer_reply', 'idle'],
      at: event.at,
      messageId: d.messageId,
      ends: ['no_operator_reply', 'idle'],
    };
  return null;
}

/** Whether the rules kept in memory are those the transaction reads (their count and newest change). */
function sameRules(rules: TAutomationRow[], read: TActiveRulesRead): boolean {
  if (rules.length !== Number(read.n)) return false;
  if (rules.length === 0) return true;
  const newest = Math.max(...rules.map((r) => r.updatedAt.getTime()));
  return read.at !== null && Math.abs(newest - Number(read.at)) <= 1;
}

/**
 * The skip rows of an event every rule of whose triggers the event alone rules out (those the
 * engine's dispatch would log, a row per trigger from its first rule), or null when its job must
 * judge it. (Its timers, if any, are written beside them: timerWritesOf.)
 */
function skipRowsOf(event: TDomainEvent, rules: TAutomationRow[], timezone: string): TSkipRows | null {
  const rows: TSkipRows = [];
  for (const trigger of triggersOf(event)) {
    const ofTrigger = rules.filter((r) => r.triggerType === trigger.trigger);
    if (ofTrigger.length === 0) continue;
    // A single rule is run, not guarded first (AutomationEngine.dispatch): its job does that.
    if (ofTrigger.length === 1) return null;
    const input = { ...trigger, accountId: event.accountId, key: event.id, at: new Date(event.at) };
    const facts = eventFacts(input, timezone);
    const skipped: Array<{ automationId: string; reason: string }> = [];
    for (const rule of ofTrigger) {
      const reason = skipOnEvent(rule, input, facts);
      if (!reason) return null;
      skipped.push({ automationId: rule.id, reason });
    }
    rows.push({
      key: event.id,
      trigger: trigger.trigger,
      conversationId: trigger.conversationId,
      contactId: trigger.contactId,
      skipped,
    });
  }
  return rows;
}

type TSkipRows = Parameters<typeof insertSkipRowsInTx>[2];

/**
 * The timers an event starts (one per active time rule of its triggers, due X minutes after the
 * message) and the cancellation of those whose silence it ends (the fire checks it again), given
 * the account's active rules; null when it has none to write.
 */
function timerWritesOf(
  event: TDomainEvent,
  rules: TAutomationRow[],
  minuteMs: number,
): { starting: TTimerValues[]; cancel: TTimerCancel | null } | null {
  const timers = timersOf(event);
  if (!timers) return null;
  const d = event.data as { conversationId: string; contactId: string | null };
  const { ends = [], messageId } = timers;
  const starting = rules.filter((r) => (timers.triggers as string[]).includes(r.triggerType));
  // Only the accounts with such rules have such timers to cancel.
  const ending = messageId ? ends.filter((t) => rules.some((r) => r.triggerType === t)) : [];
  if (starting.length === 0 && ending.length === 0) return null;
  const messageAt = new Date(timers.at);
  return {
    starting: starting.map((rule) => ({
      accountId: event.accountId,
      automationId: rule.id,
      key: `${rule.triggerType}:${d.conversationId}:${messageId ?? 'open'}`,
      trigger: rule.triggerType,
      conversationId: d.conversationId,
      contactId: d.contactId,
      messageAt,
      messageId,
      dueAt: new Date(
        messageAt.getTime() + ('minutes' in rule.trigger ? rule.trigger.minutes : 0) * minuteMs,
      ),
    })),
    cancel:
      ending.length > 0 && messageId
        ? { conversationId: d.conversationId, triggers: ending, messageId }
        : null,
  };
}

/** Whether `cancel` ends a timer row (cancelTimerRows' rule, on a row not written yet). */
function endedBy(row: TTimerValues, cancel: TTimerCancel): boolean {
  return (
    row.conversationId === cancel.conversationId &&
    cancel.triggers.includes(row.trigger) &&
    !!row.messageId &&
    row.messageId < cancel.messageId
  );
}

/**
 * The engine's inputs: one durable listener of the domain events (a job per event, retried; the
 * run log makes a retry resume instead of repeating), the timers of the time triggers (a row per
 * rule and message in automation_timers, due at its time, swept by AutomationTimerSweeper and
 * checked against the conversation when it fires: a customer who replied meanwhile cancels it),
 * and a minute tick for the schedule rules.
 */
export class AutomationTriggers {
  constructor(
    private readonly db: TDb,
    private readonly engine: AutomationEngine,
    private readonly automatic: () => AutomaticActionsService,
    private readonly minuteMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  listen(bus: DomainEvents) {
    bus.durable('automations', LISTENED, (event) => this.onEvent(event), {
      work: EVENT_WORK,
      // System messages and notes trigger nothing; neither do the bots' own messages, nor anything
      // of a chatbot's live test (isTestEvent: no customer's conversation).
      when: (event) =>
        !isTestEvent(event) &&
        (event.name !== 'message.created' ||
          (event as TDomainEvent<'message.created'>).data.direction === 'inbound' ||
          (event as TDomainEvent<'message.created'>).data.message.author === 'operator'),
      // Only the events one of the account's active rules can react to (a trigger, or a timer it
      // starts or ends) cost a job: an account without rules writes none.
      relevant: {
        read: activeTriggerTypesSql,
        keep: (read: TActiveRulesRead | null) => {
          const active = new Set(read?.types ?? []);
          return (event) => active.size > 0 && triggerTypesOf(event).some((t) => active.has(t));
        },
        settle: (tx, read: TActiveRulesRead | null, events) => this.settleInTx(tx, read, events),
      },
    });
    // A deleted department, tag, WhatsApp template or bot: the rules that name it are turned off
    // at once, with the same reason and admins' e-mail as a rule that meets it when it runs.
    bus.durable(
      'automations.references',
      ['department.changed', 'tag.deleted', 'template.deleted', 'chatbot.deleted'],
      async (event) => {
        const deleted = deletedReference(event);
        if (deleted) await this.engine.disableReferencing(event.accountId, deleted.kind, deleted.id);
      },
      { when: (event) => deletedReference(event) !== null },
    );
  }

  /**
   * The events whose rules the event alone rules out (the usual keyword rules, on every message)
   * are settled in the transaction that emits them: their skipped rules are logged there, in one
   * statement for the transaction, as the event's job would log them, and so are the silence
   * timers they start or end (one insert and one delete for the transaction); they cost no job
   * (with 50 such rules a job per message cost the inbox three times its own work). Every other
   * event keeps its job: a trigger with a single rule (run, not guarded), a rule the event alone
   * cannot rule out, or an account whose rules this process does not keep as the transaction
   * reads them.
   */
  private async settleInTx(
    tx: TTx,
    read: TActiveRulesRead | null,
    events: TDomainEvent[],
  ): Promise<TDomainEvent[]> {
    const accountId = events[0].accountId;
    const kept = this.engine.kept(accountId);
    if (!kept) {
      // Read after this transaction, for the account's next ones; never waited for in it.
      void this.engine.rulesFor(accountId, []).catch(() => undefined);
      void this.engine.account(accountId).catch(() => undefined);
      return events;
    }
    if (!read || !kept.account.enabled || !sameRules(kept.rules, read)) return events;
    const skips: TSkipRows = [];
    const cancels: TTimerCancel[] = [];
    let starting: TTimerValues[] = [];
    const left: TDomainEvent[] = [];
    for (const event of events) {
      const judged =
        event.accountId === accountId ? skipRowsOf(event, kept.rules, kept.account.timezone) : null;
      if (!judged) {
        left.push(event);
        continue;
      }
      skips.push(...judged);
      const writes = timerWritesOf(event, kept.rules, this.minuteMs);
      if (writes?.cancel) {
        // What the job would have done one event after the other: an earlier event's timers of
        // this transaction that this message ends are never written.
        const cancel = writes.cancel;
        starting = starting.filter((row) => !endedBy(row, cancel));
        cancels.push(cancel);
      }
      starting.push(...(writes?.starting ?? []));
    }
    await insertSkipRowsInTx(tx, accountId, skips);
    await cancelTimerRows(tx, cancels);
    await insertTimerRows(tx, starting);
    return left;
  }

  async onEvent(event: TDomainEvent): Promise<void> {
    const account = await this.engine.account(event.accountId);
    if (!account?.enabled) return;
    // Timers first (idempotent on their key): they are due at a time, the event rules are not.
    await this.scheduleTimers(event);
    for (const input of triggersOf(event))
      await this.engine.dispatch({
        ...input,
        accountId: event.accountId,
        key: event.id,
        at: new Date(event.at),
      });
  }

  /**
   * One timer per active time rule of the account, due X minutes after the message, written with
   * the cancellation of the timers whose silence this message ends (the fire checks it again).
   */
  private async scheduleTimers(event: TDomainEvent) {
    const timers = timersOf(event);
    if (!timers) return;
    const rules = await this.engine.rulesFor(event.accountId, [
      ...new Set([...timers.triggers, ...(timers.ends ?? [])]),
    ]);
    const writes = timerWritesOf(event, rules, this.minuteMs);
    if (!writes) return;
    await withTenant(this.db, event.accountId, async (tx) => {
      if (writes.cancel) await cancelTimerRows(tx, [writes.cancel]);
      await insertTimerRows(tx, writes.starting);
    });
  }

  /**
   * A time trigger is due: its rule (one of the account's kept active rules) fires when the
   * conversation is still as it was (no reply since, still waiting…), once per stretch of silence
   * (the run key names where the silence started). Answers whether the run's last write deleted
   * the timer row (else the sweeper does).
   */
  async fireTimer(job: TTimerJob): Promise<boolean> {
    const rule = (await this.engine.rulesFor(job.accountId, [job.trigger])).find((r) => r.id === job.ruleId);
    if (!rule) return false;
    const facts = await this.automatic().facts(job.accountId, job.conversationId);
    if (!facts || facts.stage === 'closed') return false;
    const mine = job.messageId ?? '';
    let anchor: string;
    switch (job.trigger) {
      case 'no_customer_reply':
        // The customer wrote after the operator's message: nothing to remind.
        if ((facts.lastInboundId ?? '') > mine) return false;
        anchor = facts.lastInboundId ?? 'none';
        break;
      case 'no_operator_reply':
        if ((facts.lastOperatorId ?? '') > mine) return false;
        anchor = facts.lastOperatorId ?? 'none';
        break;
      case 'idle':
        if ((facts.lastInboundId ?? '') > mine || (facts.lastOperatorId ?? '') > mine) return false;
        anchor = mine;
        break;
      case 'waiting_in_queue':
        if (facts.stage !== 'waiting' || facts.assigneeId) return false;
        anchor = 'queue';
        break;
    }
    return this.engine.runTimer(
      {
        accountId: job.accountId,
        trigger: job.trigger,
        key: `${job.trigger}:${job.conversationId}:${anchor}`,
        at: new Date(),
        conversationId: job.conversationId,
        contactId: facts.contactId,
        messageText: null,
        anchorAt: anchor,
        timerId: job.timerId,
      },
      rule,
      facts,
    );
  }

  /** The minute tick: schedule rules whose cron (in the account's zone) matches this minute. */
  async tick(now = new Date()): Promise<void> {
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    for (const { id, accountId } of await scheduleRuleRows(this.db)) {
      try {
        const account = await this.engine.account(accountId);
        if (!account?.enabled) continue;
        const rule = await findRuleRow(this.db, accountId, id);
        if (rule?.trigger.type !== 'schedule') continue;
        if (!cronMatches(rule.trigger.cron, minute, account.timezone)) continue;
        await this.runSchedule(rule, minute);
      } catch (err) {
        this.log.warn({ err, automationId: id }, 'automation schedule failed');
      }
    }
  }

  private async runSchedule(rule: NonNullable<Awaited<ReturnType<typeof findRuleRow>>>, minute: Date) {
    const iso = minute.toISOString();
    const base = {
      accountId: rule.accountId,
      trigger: 'schedule',
      at: minute,
      contactId: null,
      messageText: null,
    };
    const perConversation = rule.actions.some((a) => !['email', 'webhook', 'wait'].includes(a.type));
    if (!perConversation && rule.conditions.groups.every((g) => g.conditions.length === 0)) {
      await this.engine.dispatch({ ...base, key: `schedule:${iso}`, conversationId: null }, [rule]);
      return;
    }
    const ids = await this.automatic().openConversationIds(rule.accountId, SCHEDULE_BATCH);
    for (const conversationId of ids)
      await this.engine.dispatch({ ...base, key: `schedule:${iso}:${conversationId}`, conversationId }, [
        rule,
      ]);
  }
}

/** Whether a five-field cron expression fires at this minute in the time zone. */
export function cronMatches(cron: string, minute: Date, timezone: string): boolean {
  try {
    const expression = CronExpressionParser.parse(cron, {
      currentDate: new Date(minute.getTime() - 1_000),
      tz: timezone,
    });
    return expression.next().getTime() === minute.getTime();
  } catch {
    return false;
  }
}

/** Whether a cron expression is valid (five fields). */
export function isValidCron(cron: string): boolean {
  try {
    CronExpressionParser.parse(cron);
    return cron.trim().split(/\s+/).length === 5;
  } catch {
    return false;
  }
}
