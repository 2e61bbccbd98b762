import { createHmac } from 'node:crypto';
import {
  hasRole,
  renderQuickMessage,
  type TAutomationAction,
  type TAutomationActionResult,
  type TAutomationDryRun,
  type TContact,
  type TRole,
} from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../platform/db/client';
import type { TTx } from '../../platform/db/tenant';
import { isUuid } from '../../platform/db/columns';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { OutboundUrlError, outboundFetch, type TOutboundOptions } from '../../platform/outbound-url';
import { MAIL_QUEUE, type TMail } from '../../platform/mail';
import { loadAccountBundle } from '../../platform/tenancy';
import type { TenantCache } from '../../platform/tenant-cache';
import type { AccountsService } from '../accounts/accounts.service';
import type { ContactsService } from '../contacts/contacts.service';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { AutomaticActionsService, TConversationFacts } from '../inbox/actions/automatic-actions.service';
import {
  evaluateConditions,
  needsContact,
  onEventAlone,
  type TConditionFacts,
  weekdayIn,
} from './automation-conditions';
import { ruleDisabledMail } from './automation-mails';
import { ruledOutByEvent } from './automation-prejudge';
import {
  missingReference,
  REFERENCE_REASON,
  referencesOf,
  type TReferenceKind,
  type TReferenceLookups,
} from './automation-references';
import {
  activeRuleRows,
  claimRunRow,
  insertSkipRow,
  disableRuleRow,
  findRuleRow,
  findRunRow,
  listRuleRows,
  listSystemRuleRows,
  type TAutomationRow,
  type TAutomationRunRow,
  keepRunConversationRow,
  updateRunRow,
  writeRunRow,
} from './automations.repo';
import { deleteTimerRowIn } from './automation-timers.repo';

export const CONTINUE_QUEUE = 'automation-continue';
export const WEBHOOK_QUEUE = 'automation-webhook';
export const TIMER_QUEUE = 'automation-timer';

/** The account's active rules, kept with its cached entries (rulesFor). */
const RULES_KEY = 'automations.active';

type TAccountBundle = NonNullable<Awaited<ReturnType<typeof loadAccountBundle>>>;

export interface TEngineAccount {
  enabled: boolean;
  limit: number;
  timezone: string;
}

function engineAccount(bundle: TAccountBundle | undefined): TEngineAccount | null {
  if (!bundle || bundle.account.status === 2) return null;
  return {
    enabled: bundle.account.automationEnable,
    limit: bundle.account.automationLimit,
    timezone: bundle.account.timezone || 'America/Sao_Paulo',
  };
}

/** What a trigger hands the engine: one event (or timer, or schedule tick) of one account. */
export interface TTriggerInput {
  accountId: string;
  /** The trigger type it stands for (a rule's trigger.type). */
  trigger: string;
  /** Unique per occurrence (the event's id, the timer's anchor…): a rule runs once per key. */
  key: string;
  at: Date;
  conversationId: string | null;
  contactId: string | null;
  messageText: string | null;
  /** `automation:<rule id>` when an automation caused the event. */
  cause?: string;
  /**
   * Time triggers: where the silence is counted from — the id of the last customer message
   * (no_customer_reply), of the last operator message (no_operator_reply), of the message the idle
   * time started at (idle), or 'none' — checked again when the timer fires and before a wait continues.
   */
  anchorAt?: string;
  /** conversation.closed: closed by the downtime closing (INACTIVITY). */
  byInactivity?: boolean;
  /** A time trigger's timer row: deleted in the transaction of its run's last write. */
  timerId?: string;
  /** contact.tag_added: the tags newly on the contact (a rule may name which ones it waits for). */
  tagIds?: string[];
}

export interface TContinueJob {
  accountId: string;
  runId: string;
  step: number;
}

export interface TWebhookJob {
  accountId: string;
  automationId: string;
  url: string;
  secret: string;
  body: Record<string, unknown>;
}

/** What the actions need from other modules (their services, never their tables). */
export interface TEngineDeps {
  automatic: () => AutomaticActionsService;
  sendAutomatic: (
    accountId: string,
    conversationId: string,
    text: string,
    purpose: string,
    options?: { closed?: boolean },
  ) => Promise<unknown>;
  /** MessagingService.sendAutomaticTemplate (refusals are AppErrors: see TEMPLATE_SKIPS). */
  sendAutomaticTemplate: (
    accountId: string,
    conversationId: string,
    send: { templateId: string; variables: readonly string[] },
    purpose: string,
    options?: { closed?: boolean },
  ) => Promise<unknown>;
  contacts: ContactsService;
  accounts: AccountsService;
  inboxSettings: InboxSettingsService;
  /** Hands the conversation to a published bot (chatbots' hand-back); 'unchanged' when a bot has it. */
  startChatbot: (
    accountId: string,
    conversationId: string,
    chatbotId: string,
    cause: string,
  ) => Promise<'done' | 'unchanged'>;
  /** SurveysService.ask with trigger 'automation', idempotent on `key`. */
  askSurvey: (accountId: string, conversationId: string, key: string) => Promise<unknown>;
  /** Whether the departments, tags, templates and bots rules name still exist. */
  references: TReferenceLookups;
  /** The web app's address (the admins' e-mail links to the rule). */
  appUrl: string;
}

/** Errors that mean a rule points to something deleted (a tag, phase, reason, member): the rule is turned off. */
const REFERENCE_ERRORS = new Set([
  'VALIDATION_FAILED',
  'MEMBER_NOT_FOUND',
  'CLOSING_REASON_NOT_FOUND',
  'CLOSING_REASON_INVALID',
  'INVALID_REASON',
]);

/**
 * Template refusals that skip the step and go on (recorded with the reason): the conversation is
 * not on WhatsApp, the template is of another WhatsApp number (or gone: the references check turns
 * such a rule off), no longer approved, or a variable came out empty for this contact.
 */
const TEMPLATE_SKIPS = new Set([
  'TEMPLATE_CHANNEL_NOT_SUPPORTED',
  'TEMPLATE_NOT_FOUND',
  'TEMPLATE_NOT_APPROVED',
  'TEMPLATE_VARIABLES_MISSING',
]);

/** The facts of one trigger occurrence, shared by its rules until one of them acts. */
interface TFactsMemo {
  facts?: Promise<{ facts: TConditionFacts; raw: TConversationFacts | null; contact: TContact | null }>;
  /** The event's own facts (eventFactsOf): they do not change when a rule acts. */
  event?: Promise<TConditionFacts>;
}

/** Ends the run at the step: an error ('noConversation'…), or skipped (nothing there to act in). */
class StopRun extends Error {
  constructor(
    readonly reason: string,
    readonly status: 'error' | 'skipped' = 'error',
  ) {
    super(reason);
  }
}

/**
 * The automation engine: for one trigger occurrence, each active rule of that trigger in order —
 * claim its run (unique per rule and key: a retried event resumes the run, never repeats a done
 * step), loop guards (a rule's own change does not trigger it; at most maxPerHour fires per
 * conversation, or per contact for a contact trigger), conditions, then the actions from the run's
 * next step. Every step is recorded as it is done; mail, webhooks and waits are jobs written in the
 * same transaction as that record.
 */
export class AutomationEngine {
  /** Webhook actions reach public http(s) addresses only (the module sets it from the config). */
  outbound: TOutboundOptions = { allowPrivate: false };

  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    private readonly tenantCache: TenantCache,
    private readonly deps: TEngineDeps,
    private readonly minuteMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether the account runs automations (accounts.automationEnable) and its time zone. */
  async account(accountId: string): Promise<TEngineAccount | null> {
    return engineAccount(
      await this.tenantCache.account(accountId, () => loadAccountBundle(this.db, accountId)),
    );
  }

  /**
   * The account and its active rules as this process keeps them, or null when either is not kept
   * (nothing is read: for judging events inside the transaction that emits them).
   */
  kept(accountId: string): { account: TEngineAccount; rules: TAutomationRow[] } | null {
    const account = engineAccount(this.tenantCache.peekAccount<TAccountBundle>(accountId));
    const rules = this.tenantCache.peekScoped<TAutomationRow[]>(accountId, RULES_KEY);
    return account && rules ? { account, rules } : null;
  }

  /** Runs every active rule of the input's trigger (none when the account has automations off). */
  async dispatch(input: TTriggerInput, only?: TAutomationRow[], known?: TConversationFacts): Promise<void> {
    const account = await this.account(input.accountId);
    if (!account?.enabled) return;
    const rules = only ?? (await this.rulesFor(input.accountId, [input.trigger]));
    // The conversation and contact are read once for all the rules, and again after a rule acted
    // (a timer hands over the conversation it has just read).
    const memo: TFactsMemo = known ? { facts: this.factsOf(input, account.timezone, known) } : {};
    // The rules the event does not concern (own action, tags, conditions…: the guard's answer
    // before any run exists) are logged as skipped together, one row for a stretch of them instead
    // of a run each. Rules are still taken in order: a rule that acts is run at its place, and the
    // rules after it are judged on the facts as it left them.
    let skipped: Array<{ rule: TAutomationRow; reason: string }> = [];
    let seq = 0;
    const flush = async () => {
      const batch = skipped;
      skipped = [];
      const logged = await insertSkipRow(
        this.db,
        input.accountId,
        {
          key: input.key,
          trigger: input.trigger,
          seq,
          conversationId: input.conversationId,
          contactId: input.contactId,
        },
        batch.map(({ rule, reason }) => ({ automationId: rule.id, reason })),
      );
      // A rule with a run of this key already (a repeated event): the claim knows what to do.
      for (const { rule } of batch)
        if (!logged.has(rule.id)) await this.runRule(rule, input, account.timezone, memo);
    };
    for (const [position, rule] of rules.entries()) {
      const reason = rules.length > 1 ? await this.guard(rule, input, account.timezone, null, memo) : null;
      if (reason) {
        if (skipped.length === 0) seq = position;
        skipped.push({ rule, reason });
        continue;
      }
      await flush();
      await this.runRule(rule, input, account.timezone, memo);
    }
    await flush();
  }

  /**
   * A time trigger's rule on its timer's input, the conversation's facts just read (dispatch of
   * the one rule). Answers whether the run's last write deleted the timer (runRule).
   */
  async runTimer(input: TTriggerInput, rule: TAutomationRow, known: TConversationFacts): Promise<boolean> {
    const account = await this.account(input.accountId);
    if (!account?.enabled) return false;
    // The contact is read only for a condition on it (the texts' variables come with the facts).
    const memo: TFactsMemo = {
      facts: this.factsOf(input, account.timezone, known, undefined, needsContact(rule.conditions)),
    };
    return this.runRule(rule, input, account.timezone, memo);
  }

  /**
   * The account's active rules of these triggers, in order. Every event of an account with rules
   * asks (twice: its timers, its rules): they are read once and kept with the account's cached
   * entries until a rule changes (rulesChanged, on every process) or the entry expires.
   */
  async rulesFor(accountId: string, triggers: string[]): Promise<TAutomationRow[]> {
    const active =
      (await this.tenantCache.scoped(accountId, RULES_KEY, () => activeRuleRows(this.db, accountId))) ?? [];
    return active.filter((rule) => triggers.includes(rule.triggerType));
  }

  /** After a committed change to the account's rules: the kept active rules are read again. */
  rulesChanged(accountId: string): Promise<void> {
    return this.tenantCache.invalidate(accountId);
  }

  /**
   * Claims the rule's run of this input and runs it. Answers whether the run's last write deleted
   * the input's timer (false: the run had ended before, the timer is the caller's to delete).
   */
  async runRule(
    rule: TAutomationRow,
    input: TTriggerInput,
    timezone: string,
    memo: TFactsMemo = {},
  ): Promise<boolean> {
    const {
      row: run,
      fresh,
      fires,
    } = await claimRunRow(
      this.db,
      input.accountId,
      {
        automationId: rule.id,
        key: input.key,
        trigger: input.trigger,
        conversationId: input.conversationId,
        contactId: input.contactId,
        status: 'waiting',
        reason: 'running',
      },
      new Date(Date.now() - 3_600_000),
    );
    if (!fresh && (run.status !== 'waiting' || run.reason !== 'running')) return false;
    if (fresh) {
      const skip = await this.guard(rule, input, timezone, fires, memo);
      if (skip) {
        await this.finish(run, 'skipped', skip, [], input.timerId);
        return true;
      }
    }
    // The facts the guard has just read serve the texts' variables (nothing acted in between).
    const known = fresh && memo.facts ? await memo.facts : undefined;
    memo.facts = undefined;
    await this.execute(rule, run, input, known);
    return true;
  }

  /** Continues a run after its "wait" (the job fires at the due time). */
  async continueRun(job: TContinueJob): Promise<void> {
    const run = await findRunRow(this.db, job.accountId, job.runId);
    if (run?.status !== 'waiting' || run.reason !== 'paused' || run.nextStep !== job.step) return;
    const rule = await findRuleRow(this.db, job.accountId, run.automationId);
    const account = await this.account(job.accountId);
    if (!rule?.active || !account?.enabled) {
      await this.finish(
        run,
        'skipped',
        rule?.active === false ? 'ruleInactive' : 'automationsOff',
        run.results,
      );
      return;
    }
    const input: TTriggerInput = {
      accountId: job.accountId,
      trigger: run.trigger,
      key: run.key,
      at: new Date(),
      conversationId: run.conversationId,
      contactId: run.contactId,
      messageText: null,
      anchorAt: anchorOf(run.key),
    };
    if (input.conversationId) {
      const facts = await this.deps.automatic().facts(job.accountId, input.conversationId);
      const still = facts ? this.stillHolds(run.trigger, facts, input.anchorAt) : 'conversationGone';
      if (still !== null) {
        await this.finish(run, 'skipped', still, run.results);
        return;
      }
    }
    await updateRunRow(this.db, job.accountId, run.id, {
      status: 'waiting',
      reason: 'running',
      results: run.results,
      nextStep: run.nextStep,
    });
    await this.execute(rule, { ...run, reason: 'running' }, input);
  }

  /**
   * A time trigger's state at its due time (also before a wait continues): null when it still
   * holds, else why not (the customer replied, an operator answered, the conversation moved on).
   * Compared by message ids, not times: a customer's message carries the channel's clock.
   */
  stillHolds(trigger: string, facts: TConversationFacts, anchor?: string): string | null {
    if (!TIME_TRIGGERS.has(trigger)) return null;
    if (facts.stage === 'closed') return 'conversationClosed';
    if (!anchor) return null;
    switch (trigger) {
      case 'no_customer_reply':
        return (facts.lastInboundId ?? 'none') !== anchor ? 'customerReplied' : null;
      case 'no_operator_reply':
        return (facts.lastOperatorId ?? 'none') !== anchor ? 'operatorReplied' : null;
      case 'idle':
        return (facts.lastInboundId ?? '') > anchor || (facts.lastOperatorId ?? '') > anchor
          ? 'conversationActive'
          : null;
      case 'waiting_in_queue':
        return facts.stage !== 'waiting' || facts.assigneeId ? 'conversationTaken' : null;
      default:
        return null;
    }
  }

  /** Why the rule must not fire for this input, or null. */
  private async guard(
    rule: TAutomationRow,
    input: TTriggerInput,
    timezone: string,
    /**
     * The rule's fires in the conversation (a contact trigger's: for the contact) this past hour,
     * this run included (its claim counts them); null before the run exists, or for a run with
     * neither (a schedule tick's own: the hourly limit is not checked).
     */
    fires: number | null,
    memo: TFactsMemo,
  ): Promise<string | null> {
    const ruledOut = ruledOutByEvent(rule, input);
    if (ruledOut) return ruledOut;
    const missing = await missingReference(input.accountId, rule, this.deps.references);
    if (missing) {
      await this.disable(rule, REFERENCE_REASON[missing.kind]);
      return REFERENCE_REASON[missing.kind];
    }
    // Conditions on the event alone (the message's text, the hours, the weekday), the usual keyword
    // rule, are judged before the conversation and contact are read: a rule they rule out costs
    // no read. A rule they let through is judged again on all the facts below.
    if (!input.anchorAt && onEventAlone(rule.conditions)) {
      memo.event ??= this.eventFactsOf(input, timezone);
      if (!evaluateConditions(rule.conditions, await memo.event).ok) return 'conditionsNotMet';
    }
    memo.facts ??= this.factsOf(input, timezone, undefined, memo.event);
    const facts = await memo.facts;
    if (input.conversationId && !facts.raw) return 'conversationGone';
    if (input.conversationId && facts.raw && input.anchorAt) {
      const still = this.stillHolds(input.trigger, facts.raw, input.anchorAt);
      if (still) return still;
    }
    if (!evaluateConditions(rule.conditions, facts.facts).ok) return 'conditionsNotMet';
    if (fires !== null && fires > rule.maxPerHour) return 'hourlyLimit';
    return null;
  }

  /** The facts of the event alone (no conversation or contact: conditions on them are false). */
  private async eventFactsOf(
    input: Pick<TTriggerInput, 'accountId' | 'messageText' | 'at'>,
    timezone: string,
  ): Promise<TConditionFacts> {
    return {
      conversation: null,
      contact: null,
      messageText: input.messageText,
      openNow: await this.deps.inboxSettings.isOpenNow(input.accountId, input.at),
      weekday: weekdayIn(input.at, timezone),
    };
  }

  private async factsOf(
    input: Pick<TTriggerInput, 'accountId' | 'conversationId' | 'contactId' | 'messageText' | 'at'>,
    timezone: string,
    known?: TConversationFacts,
    /** The event's own facts when the guard has read them already. */
    event?: Promise<TConditionFacts>,
    /** False: the contact is not read (no condition of the rules judged on these facts is on it). */
    withContact = true,
  ): Promise<{ facts: TConditionFacts; raw: TConversationFacts | null; contact: TContact | null }> {
    let raw: TConversationFacts | null = null;
    if (input.conversationId)
      raw = known ?? (await this.deps.automatic().facts(input.accountId, input.conversationId));
    else if (input.contactId) {
      // A contact trigger: its conversation actions act in the contact's open conversation, and
      // the conditions on the conversation are judged on it (none: they are false).
      const open = await this.deps.automatic().openConversationOf(input.accountId, input.contactId);
      if (open) raw = await this.deps.automatic().facts(input.accountId, open);
    }
    const contactId = input.contactId ?? raw?.contactId ?? null;
    let contact: TContact | null = null;
    if (contactId && withContact)
      contact = await this.deps.contacts.get(input.accountId, contactId).catch(() => null);
    return {
      raw,
      contact,
      facts: {
        ...(await (event ?? this.eventFactsOf(input, timezone))),
        conversation: raw
          ? {
              channelId: raw.channelId,
              channelKind: raw.channelKind,
              departmentId: raw.departmentId,
              assigneeId: raw.assigneeId,
              stage: raw.stage,
              origin: raw.origin,
              firstContact: raw.firstContact,
            }
          : null,
        contact,
      },
    };
  }

  /** The actions from the run's next step; each done step is recorded before the next one. */
  private async execute(
    rule: TAutomationRow,
    run: TAutomationRunRow,
    input: TTriggerInput,
    known?: { raw: TConversationFacts | null; contact: TContact | null },
  ): Promise<void> {
    const results = [...run.results];
    // A retried contact trigger's run reads the conversation it kept (its operator's name).
    const context = await this.variables(
      { ...input, conversationId: input.conversationId ?? run.conversationId },
      known,
    );
    const conversation = this.conversationOf(run, input, known?.raw ?? null, context);
    for (let step = run.nextStep; step < rule.actions.length; step++) {
      const action = rule.actions[step];
      try {
        if (action.type === 'wait') {
          results.push({ type: 'wait', status: 'done', detail: String(action.minutes) });
          await this.record(
            run,
            input,
            { status: 'waiting', reason: 'paused', results, nextStep: step + 1 },
            (tx) =>
              this.jobs.sendInTx<TContinueJob>(
                tx,
                CONTINUE_QUEUE,
                { accountId: input.accountId, runId: run.id, step: step + 1 },
                { startAfter: new Date(Date.now() + action.minutes * this.minuteMs) },
              ),
            true,
          );
          return;
        }
        const inTx = this.transactional(rule, run, input, action, context);
        const detail = inTx
          ? null
          : await this.perform(rule, run, step, input, action, context, conversation);
        const skippedWhy = detail?.startsWith(SKIPPED) ? detail.slice(SKIPPED.length) : null;
        results.push({
          type: action.type,
          status: detail === 'unchanged' || skippedWhy ? 'skipped' : 'done',
          detail: skippedWhy,
        });
        // The last step's record ends the run (one write instead of the step's and the end's).
        const last = step === rule.actions.length - 1;
        await this.record(
          run,
          input,
          last
            ? { status: 'fired', reason: null, results, nextStep: step + 1 }
            : { status: 'waiting', reason: 'running', results, nextStep: step + 1 },
          inTx,
          last,
        );
        if (last) return;
      } catch (error) {
        if (!(error instanceof AppError) && !(error instanceof StopRun)) throw error;
        const code = error instanceof AppError ? error.code : error.reason;
        if (error instanceof StopRun && error.status === 'skipped') {
          // Nothing to act in: the run ends here, skipped with the reason (the steps done stay).
          await this.finish({ ...run, nextStep: step }, 'skipped', code, results, input.timerId);
          return;
        }
        results.push({ type: action.type, status: 'error', detail: code });
        if (error instanceof AppError && REFERENCE_ERRORS.has(error.code)) {
          // Which reference went missing, when the rule names one that is gone; else the error.
          const missing = await missingReference(input.accountId, rule, this.deps.references);
          await this.disable(rule, missing ? REFERENCE_REASON[missing.kind] : code);
        }
        await this.finish({ ...run, nextStep: step }, 'error', code, results, input.timerId);
        return;
      }
    }
    await this.finish({ ...run, nextStep: rule.actions.length }, 'fired', null, results, input.timerId);
  }

  /**
   * A step's record: with `also` (jobs to start) in one transaction with them, else in one round
   * trip. `ends`: the run's last write, which deletes the timer that fired it (if any) with it.
   */
  private record(
    run: Pick<TAutomationRunRow, 'id' | 'accountId'>,
    input: Pick<TTriggerInput, 'timerId'>,
    patch: { status: string; reason: string | null; results: TAutomationActionResult[]; nextStep: number },
    also: ((tx: TTx) => Promise<void>) | null,
    ends: boolean,
  ): Promise<void> {
    const timerId = ends ? input.timerId : undefined;
    if (!also) return writeRunRow(this.db, run.accountId, run.id, patch, timerId);
    return updateRunRow(this.db, run.accountId, run.id, patch, async (tx) => {
      await also(tx);
      if (timerId) await deleteTimerRowIn(tx, timerId);
    });
  }

  /** Mail and webhooks: jobs written in the transaction that records the step (exactly once). */
  private transactional(
    rule: TAutomationRow,
    run: TAutomationRunRow,
    input: TTriggerInput,
    action: TAutomationAction,
    context: Record<string, string>,
  ): ((tx: TTx) => Promise<void>) | null {
    if (action.type === 'email')
      return async (tx) => {
        for (const to of action.to)
          await this.jobs.sendInTx<TMail>(tx, MAIL_QUEUE, {
            to,
            subject: renderQuickMessage(action.subject, context),
            text: renderQuickMessage(action.text, context),
          });
      };
    if (action.type === 'webhook')
      return (tx) =>
        this.jobs.sendInTx<TWebhookJob>(tx, WEBHOOK_QUEUE, {
          accountId: input.accountId,
          automationId: rule.id,
          url: action.url,
          secret: action.secret,
          body: {
            id: `${run.id}`,
            automation: { id: rule.id, name: rule.name },
            trigger: input.trigger,
            conversationId: input.conversationId,
            contactId: input.contactId,
            at: new Date().toISOString(),
          },
        });
    return null;
  }

  /**
   * The conversation the run's conversation actions act in, found on first use: the trigger's; for
   * a contact trigger, the contact's open conversation — the one the run kept (a retried step acts
   * in the same one), else the one its conditions were judged on, else the most recently active
   * one now — kept on the run before acting. Stops the run: 'noConversation' without a contact,
   * skipped 'noOpenConversation' when the contact has no open conversation.
   */
  private conversationOf(
    run: TAutomationRunRow,
    input: TTriggerInput,
    judged: TConversationFacts | null,
    context: Record<string, string>,
  ): () => Promise<string> {
    let found: string | null = input.conversationId ?? run.conversationId;
    return async () => {
      if (found) return found;
      const contactId = input.contactId ?? (context._contactId || null);
      if (!contactId) throw new StopRun('noConversation');
      const open =
        judged && judged.stage !== 'closed'
          ? judged.id
          : await this.deps.automatic().openConversationOf(input.accountId, contactId);
      if (!open) throw new StopRun('noOpenConversation', 'skipped');
      found = await keepRunConversationRow(this.db, input.accountId, run.id, open);
      return found;
    };
  }

  /** One conversation or contact action, idempotent (a retry after a crash changes nothing twice). */
  private async perform(
    rule: TAutomationRow,
    run: TAutomationRunRow,
    step: number,
    input: TTriggerInput,
    action: TAutomationAction,
    context: Record<string, string>,
    needConversation: () => Promise<string>,
  ): Promise<string | null> {
    const { accountId } = input;
    const cause = `automation:${rule.id}`;
    const contactId = input.contactId ?? context._contactId ?? null;
    const needContact = () => {
      if (!contactId) throw new StopRun('noContact');
      return contactId;
    };
    switch (action.type) {
      case 'send_message':
        await this.deps.sendAutomatic(
          accountId,
          await needConversation(),
          renderQuickMessage(action.text, context),
          `automation:${run.id}:${step}`,
          { closed: input.trigger === 'conversation.closed' },
        );
        return null;
      case 'send_template':
        try {
          await this.deps.sendAutomaticTemplate(
            accountId,
            await needConversation(),
            {
              templateId: action.templateId,
              variables: action.variables.map((v) => renderQuickMessage(v, context)),
            },
            `automation:${run.id}:${step}`,
            { closed: input.trigger === 'conversation.closed' },
          );
        } catch (error) {
          if (error instanceof AppError && TEMPLATE_SKIPS.has(error.code)) return `${SKIPPED}${error.code}`;
          throw error;
        }
        return null;
      case 'assign':
        return this.deps.automatic().assign(accountId, await needConversation(), action, cause);
      case 'note':
        return this.deps
          .automatic()
          .note(
            accountId,
            await needConversation(),
            renderQuickMessage(action.text, context),
            `auto:note:${run.id}:${step}`,
          );
      case 'close':
        return this.deps.automatic().close(accountId, await needConversation(), action, cause);
      case 'add_tag':
      case 'remove_tag': {
        const add = action.type === 'add_tag' ? [action.tagId] : [];
        const remove = action.type === 'remove_tag' ? [action.tagId] : [];
        await this.deps.contacts.bulkTags(accountId, { ids: [needContact()], add, remove }, cause);
        return null;
      }
      case 'start_chatbot':
        return this.deps.startChatbot(accountId, await needConversation(), action.chatbotId, cause);
      case 'send_survey':
        try {
          await this.deps.askSurvey(accountId, await needConversation(), `automation:${run.id}:${step}`);
        } catch (error) {
          // Asked shortly before (the account's interval): nothing to do, the rest goes on.
          if (error instanceof AppError && error.code === 'SURVEY_RECENTLY_ASKED') return 'unchanged';
          throw error;
        }
        return null;
      case 'set_phase':
        await this.deps.contacts.update(accountId, needContact(), { phase: action.phaseId }, {
          userId: '',
          ip: '',
          lang: 'pt-BR',
          userName: 'Automação',
        } as never);
        return null;
      default:
        return null;
    }
  }

  /** The texts' variables: the contact's name, first name, phone, e-mail; the conversation's operator. */
  private async variables(
    input: TTriggerInput,
    known?: { raw: TConversationFacts | null; contact: TContact | null },
  ): Promise<Record<string, string>> {
    let facts: TConversationFacts | null = known?.raw ?? null;
    if (!known && input.conversationId)
      facts = await this.deps.automatic().facts(input.accountId, input.conversationId);
    const contactId = input.contactId ?? facts?.contactId ?? null;
    let contact: TContact | null = known ? known.contact : null;
    if (!known && contactId)
      contact = await this.deps.contacts.get(input.accountId, contactId).catch(() => null);
    const name = facts?.contactName ?? contact?.name ?? '';
    let operator = '';
    if (facts?.assigneeId) {
      const members = await this.deps.accounts.members(input.accountId);
      operator = members.find((m) => m.userId === facts.assigneeId)?.name ?? '';
    }
    return {
      name,
      firstName: name.split(/\s+/)[0] ?? '',
      phone: facts?.contactPhone ?? contact?.phone ?? '',
      email: facts?.contactEmail ?? contact?.email ?? '',
      operator,
      _contactId: contactId ?? '',
    };
  }

  /** The first department, tag, template or bot the rule names that the account does not have. */
  missingReference(accountId: string, rule: Parameters<typeof missingReference>[1]) {
    return missingReference(accountId, rule, this.deps.references);
  }

  /** Whether the user is a member of the account (an assign action's operator; a non-id is not). */
  async isMember(accountId: string, userId: string): Promise<boolean> {
    return isUuid(userId) && (await this.deps.accounts.member(accountId, userId)) !== undefined;
  }

  /**
   * After a deletion (tag.deleted, template.deleted, chatbot.deleted, department.changed deleted):
   * the account's active rules (automatic messages included) that name it are turned off.
   */
  async disableReferencing(accountId: string, kind: TReferenceKind, id: string): Promise<void> {
    const rules = [
      ...(await listRuleRows(this.db, accountId)),
      ...(await listSystemRuleRows(this.db, accountId)),
    ];
    for (const rule of rules)
      if (rule.active && referencesOf(rule).some((r) => r.kind === kind && r.id === id))
        await this.disable(rule, REFERENCE_REASON[kind]);
  }

  /**
   * Turns the rule off with the reason (shown in the rule list) and e-mails the account's admins,
   * once: only the call that turned it off writes the mails, in the same transaction.
   */
  async disable(rule: Pick<TAutomationRow, 'id' | 'accountId' | 'name'>, reason: string): Promise<boolean> {
    const admins = (await this.deps.accounts.members(rule.accountId)).filter(
      (m) => hasRole(m.acl as TRole, 'admin') && m.email,
    );
    const link = `${this.deps.appUrl}/apps/automation/${rule.id}?acc=${rule.accountId}`;
    const disabled = await disableRuleRow(this.db, rule.accountId, rule.id, reason, async (tx) => {
      for (const admin of admins)
        await this.jobs.sendInTx<TMail>(tx, MAIL_QUEUE, ruleDisabledMail(admin.email, rule, reason, link));
    });
    if (disabled) {
      await this.rulesChanged(rule.accountId);
      this.log.info({ automationId: rule.id, reason }, 'automation turned off');
    }
    return disabled;
  }

  private finish(
    run: Pick<TAutomationRunRow, 'id' | 'accountId' | 'nextStep'>,
    status: 'fired' | 'skipped' | 'error',
    reason: string | null,
    results: TAutomationActionResult[],
    timerId?: string,
  ) {
    return writeRunRow(
      this.db,
      run.accountId,
      run.id,
      { status, reason, results, nextStep: run.nextStep },
      timerId,
    );
  }

  /** What the rule would do on this conversation now, without doing it. */
  async dryRun(rule: TAutomationRow, accountId: string, conversationId: string): Promise<TAutomationDryRun> {
    const account = await this.account(accountId);
    const raw = await this.deps.automatic().facts(accountId, conversationId);
    if (!raw) throw new AppError('CONVERSATION_NOT_FOUND');
    const input = {
      accountId,
      conversationId,
      contactId: raw.contactId,
      messageText: raw.lastMessagePreview,
      at: new Date(),
    };
    const { facts } = await this.factsOf(input, account?.timezone ?? 'America/Sao_Paulo');
    const evaluation = evaluateConditions(rule.conditions, facts);
    const context = await this.variables({ ...input, trigger: rule.triggerType, key: 'dry-run' });
    let reason: string | null = evaluation.ok ? null : 'conditionsNotMet';
    if (!account?.enabled) reason = 'automationsOff';
    else if (!rule.active) reason = reason ?? 'ruleInactive';
    const actions = rule.actions.map(
      (a): TAutomationActionResult => ({
        type: a.type,
        status: evaluation.ok ? 'would' : 'skipped',
        detail: describeAction(a, context),
      }),
    );
    return { matches: evaluation.ok, reason, conditions: evaluation.checks, actions };
  }

  /**
   * POSTs a webhook action's body, signed (X-Atende-Signature: sha256=<HMAC of the body>); a non-2xx
   * answer retries the job; redirects are not followed.
   */
  async deliverWebhook(job: TWebhookJob): Promise<void> {
    const body = JSON.stringify(job.body);
    const signature = createHmac('sha256', job.secret || job.automationId)
      .update(body)
      .digest('hex');
    const res = await outboundFetch(this.outbound)(job.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-atende-signature': `sha256=${signature}`,
        'x-atende-delivery': String(job.body.id ?? ''),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    }).catch((err) => {
      // A non-public or non-http(s) address is refused for good (no retry); anything else retries.
      if (!(err instanceof OutboundUrlError)) throw err;
      this.log.warn({ url: job.url, reason: err.reason }, 'automation webhook address not allowed');
      return null;
    });
    if (!res) return;
    if (!res.ok) {
      this.log.warn({ url: job.url, status: res.status }, 'automation webhook refused');
      throw new Error(`webhook answered ${res.status}`);
    }
  }
}

/** perform()'s answer for a step skipped with a reason (an error code): `skipped:<code>`. */
const SKIPPED = 'skipped:';

const TIME_TRIGGERS = new Set(['no_customer_reply', 'no_operator_reply', 'idle', 'waiting_in_queue']);

/** The anchor a time trigger's run key carries (`<trigger>:<conversation>:<anchor>`). */
function anchorOf(key: string): string | undefined {
  const [trigger, , anchor] = key.split(':');
  return TIME_TRIGGERS.has(trigger) ? anchor : undefined;
}

/** A readable summary of what an action would do (dry run). */
function describeAction(a: TAutomationAction, context: Record<string, string>): string | null {
  switch (a.type) {
    case 'send_message':
    case 'note':
      return renderQuickMessage(a.text, context);
    case 'send_template':
      return a.variables.map((v) => renderQuickMessage(v, context)).join(' · ') || null;
    case 'email':
      return `${a.to.join(', ')}: ${renderQuickMessage(a.subject, context)}`;
    case 'webhook':
      return a.url;
    case 'wait':
      return String(a.minutes);
    case 'start_chatbot':
      return a.chatbotId;
    case 'send_survey':
      return null;
    case 'close':
      return [a.reason, a.subReason].filter(Boolean).join(' / ');
    case 'add_tag':
    case 'remove_tag':
      return a.tagId;
    case 'set_phase':
      return a.phaseId;
    case 'assign':
      return a.operatorId ?? a.departmentId;
  }
}
