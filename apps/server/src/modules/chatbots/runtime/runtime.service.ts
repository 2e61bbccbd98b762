import { errorMessage, MAX_INTERACTIVE_OPTIONS, type TDomainEvent, type TFlowDocument } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../../platform/db/client';
import { newId } from '../../../platform/db/columns';
import { onCommit, type TTx, withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import type { DomainEvents } from '../../../platform/events';
import type { Jobs } from '../../../platform/jobs';
import type { TActor } from '../../../platform/request-context';
import type { TViewer } from '../../inbox/access/inbox-access';
import type { ContactsService } from '../../contacts/contacts.service';
import type { InboxSettingsService } from '../../inbox-settings/inbox-settings.service';
import type { AutomaticActionsService } from '../../inbox/actions/automatic-actions.service';
import type { ConversationActionsService } from '../../inbox/actions/conversation-actions.service';
import { localWeekTime } from '../../inbox-settings/business-hours';
import type { MessagingService } from '../../inbox/messaging/messaging.service';
import { customerReply } from '../../knowledge/sources/ai-answer';
import type { KnowledgeSourcesService } from '../../knowledge/sources/knowledge-sources.service';
import type { ChatbotTestService } from '../chatbot-test.service';
import { aiSettingsOf } from '../chatbots.service';
import {
  AI_BOT_BLOCK_ID,
  AI_TEXTS,
  aiBotDocument,
  aiIntent,
  closedText,
  detectLang,
  handoverNoteText,
  handoverSummaryMessages,
  type TAiAgentDeps,
} from './ai-agent';
import type { ChatbotsService } from '../chatbots.service';
import type { TChatbotRow } from '../chatbots.repo';
import { findLiveBotOfChannel } from '../chatbots.repo';
import type { TPendingMessage } from '../chatbots.schema';
import { FlowEngine, type TEffect, type TTrigger } from './flow-engine';
import { runHttpRequest } from './http-request';
import { mediaMessageOf } from './media-bubbles';
import { initialState, type TSessionState } from './session-state';
import {
  acquireLease,
  acquireLeaseIn,
  appendPending,
  appendPendingOfConversations,
  createSession,
  finishTurn,
  finishTurnIn,
  findActiveSessionAndBot,
  findActiveSessionAndBotIn,
  leaseEnd,
  recordTestHandover,
  releaseLease,
  stopConversationSessions,
  stopSession,
  stopSessionsInTx,
  strandedSessions,
  turnJobState,
  type TLeasedTurn,
  type TConversationMessages,
  type TSessionRow,
  type TTurnEnd,
} from './sessions.repo';

export const TURN_QUEUE = 'chatbots.turn';
export const TIMER_QUEUE = 'chatbots.timer';
export const SWEEP_QUEUE = 'chatbots.sweep';

export interface TTurnJob {
  accountId: string;
  sessionId: string;
  /** Debounce: only the job of the session's last message runs the turn. */
  messageId?: string;
}
export interface TTimerJob {
  accountId: string;
  sessionId: string;
  timerId: string;
}

export interface TRuntimeDeps {
  messaging: MessagingService;
  actions: ConversationActionsService;
  contacts: { contacts: ContactsService };
  inboxSettings: InboxSettingsService;
  chatbots: ChatbotsService;
  tests: ChatbotTestService;
  /** The knowledge base's answers (AI bots and AI agent blocks) and hand-over summaries. */
  knowledge: Pick<KnowledgeSourcesService, 'ask' | 'summary'>;
  /** The inbox's private notes (an AI hand-over's summary for the team). */
  notes: Pick<AutomaticActionsService, 'note'>;
}

/** Turns one process runs at once (each holds at most one pooled connection at a time). */
const MAX_CONCURRENT_TURNS = 12;
const RETRY_TEXT = 'Não entendi. Pode responder de novo?';
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/[.!?]+$/, '');

/**
 * The bot runtime: a durable listener of customer messages on conversations in the flow stage.
 *
 * - A message joins the session's pending ones (once, whatever the retries); after the bot's
 *   debounce (0–10 s, a delayed job per message where only the last one's runs) a TURN reads
 *   every pending message together.
 * - One turn per conversation at a time: a turn holds the session's lease (LEASE_SECONDS); a
 *   crashed turn's lease runs out and the sweep (or the next message) runs it again.
 * - A turn is repeatable: the flow engine yields the same effects for the same state, and each
 *   message the bot sends is stored under the client id `bot:<session>:<turn>:<n>`, so a repeated
 *   turn sends only what the crashed one had not. The new state, the consumed messages and the
 *   next timer are committed together at the end — with the turn's last reply when that is a
 *   message stored now (one transaction fewer a turn).
 * - Timers (input timeout, idle, wait) are jobs with startAfter carrying the timer's id; one
 *   whose id is no longer the session's is stale and does nothing.
 * - An operator who takes or answers the conversation moves it out of the flow stage: the next
 *   turn sees that and stops the session.
 */
export class ChatbotRuntime {
  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    /** Jobs written with a transaction's other jobs at its commit (a debounced turn, a timer). */
    private readonly bus: Pick<DomainEvents, 'sendAtCommit'>,
    private readonly deps: TRuntimeDeps,
    private readonly opts: { allowPrivateHttp: boolean; crashAfterSends?: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * message.created (inbound, conversation in the flow stage), for the messages settleInTx left to
   * the job (a bot with a debounce, a test visitor, a process without workers). With a session
   * already going, one transaction reads it, adds the message and — when the turn can start at
   * once (no debounce, a free turn slot) — takes the turn's lease with its facts, so the turn
   * starts without another round of reads; with none, startSession makes it.
   */
  async onInbound(event: TDomainEvent<'message.created'>) {
    const { accountId } = event;
    const { conversationId } = event.data;
    const pending = pendingOf(event);
    let slot = this.reserveSlot();
    const token = newId();
    try {
      const going = await withTenant(this.db, accountId, async (tx) => {
        const active = await findActiveSessionAndBotIn(tx, accountId, conversationId);
        if (!active?.bot) return undefined;
        return this.addPending(tx, accountId, active.session, active.bot, pending, slot ? token : null);
      });
      const added = going ?? (await this.startSession(event, pending, slot ? token : null));
      if (added?.leased) {
        // The turn runs beside this job, in the slot taken above.
        slot = false;
        void this.runLeased(added.leased, token).finally(() => this.releaseSlot());
      } else if (added?.debounce === 0) this.runSoon({ accountId, sessionId: added.sessionId });
    } finally {
      if (slot) this.releaseSlot();
    }
  }

  /**
   * message.created, settled in the transaction that stores the messages (the listener's settle):
   * the messages join their sessions' pending ones there when the bot answers at once, a session
   * no turn holds is leased to its turn in the same statement (with its bot and facts), and the
   * turn starts in this process once that transaction commits — no job, no transaction of the
   * listener's own, no lease transaction. A conversation with no session yet (its first message,
   * or its next after the flow ended) gets one there when its channel's published bot answers at
   * once. A process that dies before the turn ends leaves the messages pending: the sweep runs the
   * turn once the lease has run out. Answers the events still needing the job (a bot with a
   * debounce, a test visitor's conversation, a channel whose bot was unpublished meanwhile).
   */
  async settleInTx(tx: TTx, events: TDomainEvent<'message.created'>[]) {
    const { accountId } = events[0];
    const byConversation = new Map<string, TConversationMessages>();
    for (const event of events) {
      const { conversationId, channelId, contactId } = event.data;
      const item = byConversation.get(conversationId) ?? {
        conversationId,
        channelId,
        contactId,
        messages: [],
      };
      item.messages.push(pendingOf(event));
      byConversation.set(conversationId, item);
    }
    const token = newId();
    const taken = await appendPendingOfConversations(tx, accountId, [...byConversation.values()], token);
    if (taken.length === 0) return events;
    onCommit(tx, () => {
      for (const { sessionId, leased } of taken)
        this.runSoon({ accountId, sessionId, ...(leased ? { leased: { turn: leased, token } } : {}) });
    });
    const settled = new Set(taken.map((t) => t.conversationId));
    return events.filter((event) => !settled.has(event.data.conversationId));
  }

  /** A conversation's first message to its bot (or a test run's): its session, then the message. */
  private async startSession(
    event: TDomainEvent<'message.created'>,
    pending: TPendingMessage,
    leaseToken: string | null,
  ) {
    const { accountId } = event;
    const { conversationId, channelId } = event.data;
    const active = await findActiveSessionAndBot(this.db, accountId, conversationId);
    let session = active?.session;
    let bot: TChatbotRow | undefined = active?.bot ?? undefined;
    let fresh: { version: number | null; state: TSessionState; test: boolean } | undefined;
    if (!session) {
      const test = await this.deps.tests.testOf(accountId, event.data.contactId);
      if (test) {
        bot = await this.botOf(accountId, test.chatbotId);
        fresh = { version: null, state: initialState(test.document), test: true };
      } else {
        bot = channelId ? await findLiveBotOfChannel(this.db, accountId, channelId) : undefined;
        fresh = { version: bot?.publishedVersion ?? null, state: initialState(), test: false };
      }
      if (!bot || (!fresh.test && !bot.publishedVersion)) {
        // In the flow stage with no bot to answer (unpublished meanwhile): the queue takes it.
        await this.deps.actions.botHandover(
          accountId,
          conversationId,
          { departmentId: null, operatorId: null },
          bot?.name ?? 'Chatbot',
        );
        return undefined;
      }
    }
    if (!bot) return undefined;
    const theBot = bot;
    return withTenant(this.db, accountId, async (tx) => {
      session ??= await createSession(tx, { accountId, chatbotId: theBot.id, conversationId, ...fresh! });
      return this.addPending(tx, accountId, session, theBot, pending, leaseToken);
    });
  }

  /**
   * Adds a message to the session's pending ones (in `tx`). With a debounce, the message's turn job
   * is written; without, and given a lease token, the turn's lease is taken here.
   */
  private async addPending(
    tx: TTx,
    accountId: string,
    session: TSessionRow,
    bot: TChatbotRow,
    pending: TPendingMessage,
    leaseToken: string | null,
  ) {
    const debounce = bot.debounceSeconds;
    const added = await appendPending(tx, session.id, pending);
    if (added && debounce > 0)
      await this.bus.sendAtCommit<TTurnJob>(
        tx,
        TURN_QUEUE,
        { accountId, sessionId: session.id, messageId: pending.id },
        { startAfter: new Date(Date.now() + debounce * 1000) },
      );
    // No debounce: the turn runs now, beside this job (the queue's next messages need not wait
    // for it). Should this process die mid-turn, the message stays pending and the sweep (every
    // minute: pending messages, no live lease) runs the turn again; no job per message is written.
    const leased =
      debounce === 0 && leaseToken
        ? await acquireLeaseIn(tx, accountId, session.id, leaseToken, { bot })
        : undefined;
    return { sessionId: session.id, debounce, leased };
  }

  /** Turns running in this process now (bounded: they share the database pool with the rest). */
  private running = 0;
  private readonly queued: TQueuedTurn[] = [];

  /** A turn slot taken for a turn about to start (false: every slot is busy; the turn queues). */
  private reserveSlot() {
    if (this.running >= MAX_CONCURRENT_TURNS) return false;
    this.running++;
    return true;
  }

  private releaseSlot() {
    this.running--;
    const next = this.queued.shift();
    if (next) this.runSoon(next);
  }

  /**
   * A turn in a free slot, or queued in this process until one frees. A turn whose lease was taken
   * with its message (`leased`) keeps it while it waits; should it wait past LEASE_SECONDS another
   * process may take the session over, and the repeated turn sends nothing twice (client ids).
   */
  private runSoon(job: TQueuedTurn) {
    if (!this.reserveSlot()) {
      this.queued.push(job);
      return;
    }
    const { leased, ...plain } = job;
    const running = leased
      ? this.runLeased(leased.turn, leased.token)
      : this.turn(plain).catch((err) =>
          this.log.warn({ err, sessionId: job.sessionId }, 'bot turn failed (the sweep repeats it)'),
        );
    void running.finally(() => this.releaseSlot());
  }

  /** A turn whose lease the message's transaction took (in the slot onInbound holds). */
  private async runLeased(leased: TLeasedTurn, token: string) {
    const job = { accountId: leased.session.accountId, sessionId: leased.session.id };
    try {
      if (await this.runTurn(leased, token)) await this.turn(job);
    } catch (err) {
      this.log.warn({ err, sessionId: job.sessionId }, 'bot turn failed (the sweep repeats it)');
    }
  }

  /** Hand-back: a new session on the bot's published version, started at once. */
  async startHandBack(tx: TTx, accountId: string, bot: TChatbotRow, conversationId: string) {
    const session = await createSession(tx, {
      accountId,
      chatbotId: bot.id,
      version: bot.publishedVersion,
      conversationId,
      test: false,
      state: initialState(),
    });
    await this.jobs.sendInTx<TTurnJob>(tx, TURN_QUEUE, {
      accountId,
      sessionId: session.id,
      messageId: 'start',
    });
  }

  /** POST /p/chat/conversation/:id/bot: an operator hands the conversation back to a published bot. */
  async handBack(viewer: TViewer, conversationId: string, chatbotId: string, actor: TActor) {
    const bot = await this.deps.chatbots.row(viewer.accountId, chatbotId);
    if (bot.status !== 'published' || !bot.publishedVersion) throw new AppError('CHATBOT_NOT_PUBLISHED');
    return this.deps.actions.handToBot(viewer, conversationId, bot.name, actor, async (tx) => {
      await stopSessionsInTx(tx, viewer.accountId, conversationId);
      await this.startHandBack(tx, viewer.accountId, bot, conversationId);
    });
  }

  /** The session no longer answers (operator took it, conversation closed). */
  async stop(accountId: string, conversationId: string, status: string) {
    await stopConversationSessions(this.db, accountId, conversationId, status);
  }

  /** TURN_QUEUE: a debounced turn (only the last message's job runs it). */
  async onTurnJob(job: TTurnJob) {
    if (job.messageId !== 'start') {
      const session = await turnJobState(this.db, job.accountId, job.sessionId);
      if (session?.status !== 'active') return;
      if (job.messageId && session.lastMessageId !== job.messageId) return;
      // A backstop whose turn finished (nothing pending, no lease left behind): one read, no turn.
      if (!job.messageId && session.pending === 0 && !session.leased) return;
    }
    await this.turn(job);
  }

  async onTimerJob(job: TTimerJob) {
    await this.turn({ accountId: job.accountId, sessionId: job.sessionId }, job.timerId);
  }

  /** SWEEP_QUEUE: sessions whose turn a crashed process left unfinished. */
  async sweep() {
    for (const s of await strandedSessions(this.db)) {
      const until = s.lease_until ? new Date(s.lease_until) : null;
      if (until && until.getTime() > Date.now())
        await this.jobs.send<TTurnJob>(TURN_QUEUE, { accountId: s.account_id, sessionId: s.id });
      else
        await this.turn({ accountId: s.account_id, sessionId: s.id }).catch((err) =>
          this.log.warn({ err }, 'bot turn failed'),
        );
    }
  }

  /**
   * One turn under the session's lease; again while messages that arrived during it wait (no
   * debounce). A lease held elsewhere: that turn (or a retry at its end) reads the messages.
   */
  async turn(job: { accountId: string; sessionId: string }, timerId?: string): Promise<void> {
    for (let round = 0; round < 5; round++) {
      const token = newId();
      const leased = await acquireLease(this.db, job.accountId, job.sessionId, token);
      if (!leased) {
        const held = await leaseEnd(this.db, job.accountId, job.sessionId);
        if (held?.status === 'active' && held.until)
          await withTenant(this.db, job.accountId, (tx) =>
            this.jobs.sendInTx<TTurnJob>(
              tx,
              timerId ? TIMER_QUEUE : TURN_QUEUE,
              { ...job, ...(timerId ? { timerId } : {}) } as TTurnJob,
              {
                startAfter: new Date(Math.max(held.until!.getTime(), Date.now()) + 1000),
              },
            ),
          );
        return;
      }
      const again = await this.runTurn(leased, token, timerId);
      timerId = undefined;
      if (!again) return;
    }
  }

  /** Answers whether messages are still pending (to run again at once). */
  private async runTurn(
    { session, facts, bot }: TLeasedTurn,
    token: string,
    timerId?: string,
  ): Promise<boolean> {
    const { accountId } = session;
    try {
      if (facts?.stage !== 'flow') {
        await stopSession(this.db, accountId, session.id, facts?.stage === 'closed' ? 'closed' : 'stopped');
        return false;
      }
      const doc =
        session.state.document ??
        (session.version
          ? await this.versionDocument(accountId, session.chatbotId, session.version)
          : undefined);
      if (!bot || !doc) {
        await this.deps.actions.botHandover(
          accountId,
          session.conversationId,
          { departmentId: null, operatorId: null },
          bot?.name ?? 'Chatbot',
        );
        await stopSession(this.db, accountId, session.id, 'transferred');
        return false;
      }
      // An AI bot runs as a one-block flow whose session starts waiting in its AI agent block.
      const flow = bot.type === 'ai' ? aiBotDocument() : doc;
      const turn = bot.type === 'ai' ? aiBotSession(session) : session;
      const plan = this.triggerOf(turn, bot, flow, timerId, facts.first_contact);
      if (!plan) {
        await releaseLease(this.db, accountId, session.id, token);
        return false;
      }
      // The contact, read with the conversation's facts (a deleted one: as before, the turn fails).
      if (!facts.contact_live) throw new AppError('CONTACT_NOT_FOUND');
      const timeZone = facts.timezone ?? 'America/Sao_Paulo';
      const engine = new FlowEngine(flow, {
        ai: this.aiAgent(accountId, bot, facts),
        retryText: RETRY_TEXT,
        isOpen: () => this.deps.inboxSettings.isOpenNow(accountId),
        http: (block, ctx) => runHttpRequest(block, ctx, { allowPrivate: this.opts.allowPrivateHttp }),
      });
      const state: TSessionState = { ...turn.state, started: true } as TSessionState;
      const result = plan.handover
        ? {
            effects: [{ type: 'transfer', departmentId: null, operatorId: null }] as TEffect[],
            state,
            status: 'transferred' as const,
            timer: null,
          }
        : await engine.run(state, plan.trigger, {
            contact: {
              name: facts.contact_name ?? '',
              phone: facts.contact_phone,
              email: facts.contact_email,
              customFields: facts.contact_custom_fields ?? {},
            },
            now: new Date(),
            timeZone,
            seed: `${session.id}:${session.turn}`,
          });
      let timer: TSessionState['timer'] = null;
      if (result.status === 'active' && result.timer) {
        const dueAt = new Date(Date.now() + result.timer.seconds * 1000);
        timer = { id: newId(), kind: result.timer.kind, dueAt: dueAt.toISOString() };
      }
      // A test's hand-over stays on the state the turn ends with (endTestHandover writes it first).
      const handover = turn.test ? result.effects.find((e) => e.type === 'transfer') : undefined;
      const end: TTurnEnd = {
        state: {
          ...result.state,
          timer,
          ...(handover?.type === 'transfer' ? { testHandover: testHandoverOf(handover) } : {}),
        },
        status: result.status,
        consumed: plan.consumed,
      };
      const armTimer = async (tx: TTx) => {
        if (timer)
          await this.bus.sendAtCommit<TTimerJob>(
            tx,
            TIMER_QUEUE,
            { accountId, sessionId: session.id, timerId: timer.id },
            { startAfter: new Date(timer.dueAt) },
          );
      };
      // The turn's end commits with its last reply when that reply is stored now (the usual turn:
      // one transaction fewer), else on its own once every effect is done.
      let ended: { row: TSessionRow | undefined } | undefined;
      await this.perform(session, bot, facts, result.effects, async (tx) => {
        ended = { row: await finishTurnIn(tx, session, token, end, armTimer) };
      });
      const finished = ended
        ? ended.row
        : await finishTurn(this.db, accountId, session, token, end, armTimer);
      return Boolean(
        finished && finished.status === 'active' && finished.pending.length > 0 && bot.debounceSeconds === 0,
      );
    } catch (error) {
      await releaseLease(this.db, accountId, session.id, token).catch(() => undefined);
      throw error;
    }
  }

  /** What this turn answers: a timer, the pending messages (keywords first), or nothing. */
  private triggerOf(
    session: TSessionRow,
    bot: TChatbotRow,
    doc: TFlowDocument,
    timerId?: string,
    firstContact = true,
  ): { trigger: TTrigger; consumed: string[]; handover?: boolean } | null {
    const state = session.state as TSessionState & { started?: boolean };
    if (timerId) {
      if (state.timer?.id !== timerId) return null; // stale: the session moved on
      return { trigger: { kind: 'timer', timer: state.timer.kind }, consumed: [] };
    }
    const pending = session.pending;
    if (!state.started) {
      const startEvent = doc.events.find((e) => e.kind === 'start');
      const keywords = startEvent?.kind === 'start' ? startEvent.config.keywords : [];
      const first = pending.map((p) => fold(p.text)).join(' ');
      if (keywords.length > 0 && !keywords.some((k) => first.includes(fold(k))))
        return { trigger: { kind: 'start' }, consumed: pending.map((p) => p.id), handover: true };
      // Start condition "first contact only": a contact who talked to the account before goes
      // straight to the queue (the bot answers only newcomers). An operator's hand-back (a
      // session started with no message) is not a start by the customer: it always runs.
      const fromCustomer = pending.length > 0;
      if (startEvent?.kind === 'start' && startEvent.config.firstContactOnly && !firstContact && fromCustomer)
        return { trigger: { kind: 'start' }, consumed: pending.map((p) => p.id), handover: true };
      return { trigger: { kind: 'start' }, consumed: pending.map((p) => p.id) };
    }
    if (pending.length === 0) return null;
    const consumed = pending.map((p) => p.id);
    const texts = pending.map((p) => fold(p.text));
    if (bot.handoverKeywords.some((k) => texts.includes(fold(k))))
      return { trigger: { kind: 'start' }, consumed, handover: true };
    for (const event of doc.events)
      if (event.kind === 'keyword' && event.config.keywords.some((k) => texts.includes(fold(k))))
        return { trigger: { kind: 'event', eventId: event.id }, consumed };
    const last = pending[pending.length - 1];
    return {
      trigger: {
        kind: 'answer',
        answer: {
          text:
            pending.length === 1
              ? last.text
              : pending
                  .map((p) => p.text.trim())
                  .filter(Boolean)
                  .join(' '),
          reply: [...pending].reverse().find((p) => p.reply)?.reply ?? null,
          fileUrl: [...pending].reverse().find((p) => p.fileUrl)?.fileUrl ?? null,
        },
      },
      consumed,
    };
  }

  /** Carries out a turn's effects in order; sends are idempotent on their client ids. */
  private async perform(
    session: TSessionRow,
    bot: TChatbotRow,
    facts: { contact_id: string; channel_kind: string | null },
    effects: TEffect[],
    /** The turn's end, written with the last effect when that is a reply stored now. */
    endWithLast: (tx: TTx) => Promise<void>,
  ) {
    const { accountId, conversationId } = session;
    const contactId = facts.contact_id;
    let sends = 0;
    for (const [n, effect] of effects.entries()) {
      const purpose = `bot:${session.id}:${session.turn}:${n}`;
      const options = n === effects.length - 1 ? { alsoInTx: endWithLast } : {};
      switch (effect.type) {
        case 'send':
          await this.deps.messaging.sendAutomatic(
            accountId,
            conversationId,
            contentOf(effect),
            purpose,
            options,
          );
          sends++;
          break;
        case 'media':
          await this.deps.messaging.sendAutomatic(
            accountId,
            conversationId,
            mediaMessageOf(effect, facts.channel_kind),
            purpose,
            options,
          );
          sends++;
          break;
        case 'contact':
          await this.saveContactField(accountId, contactId, effect.field, effect.value);
          break;
        case 'tag':
          await this.deps.contacts.contacts
            .bulkTags(accountId, { ids: [contactId], add: [effect.tagId], remove: [] })
            .catch((err) => this.log.warn({ err }, 'bot tag not added'));
          break;
        case 'phase':
          await this.deps.contacts.contacts
            .update(accountId, contactId, { phase: effect.phaseId }, BOT_ACTOR)
            .catch((err) => this.log.warn({ err }, 'bot phase not set'));
          break;
        case 'template':
          await this.sendTemplate(accountId, conversationId, effect, purpose);
          sends++;
          break;
        case 'note':
          await this.deps.notes.note(accountId, conversationId, effect.text, purpose, bot.name);
          break;
        case 'transfer':
          if (session.test) await this.endTestHandover(session, effect);
          else await this.deps.actions.botHandover(accountId, conversationId, effect, bot.name);
          break;
        case 'close':
          await this.deps.actions.botClose(accountId, conversationId, effect.reason, bot.name);
          break;
      }
      if (this.opts.crashAfterSends && sends >= this.opts.crashAfterSends && effects.length > n + 1)
        process.kill(process.pid, 'SIGKILL');
    }
  }

  /**
   * A hand-over in the editor's live test. Decision (as in Typebot's preview, which never reaches
   * the inbox): a test session never puts its conversation in a queue nor gives it to an agent — the
   * test ends there. Where a real conversation would have gone is kept on the session
   * (state.testHandover, written BEFORE the console is told) and the test visitor's socket gets
   * 'closed' (the console's end of the test), which then asks GET /p/chatbots/:id/test/:conversationId
   * what would have happened. The conversation is not closed either (a close would ask the
   * satisfaction survey and run the close automations, which a hand-over does not): it stays where
   * a test whose flow ended stays, with no session. A test visitor's conversation is never counted
   * in the plan's usage (the intake opens it uncounted).
   */
  private async endTestHandover(session: TSessionRow, effect: Extract<TEffect, { type: 'transfer' }>) {
    const { accountId, conversationId } = session;
    await recordTestHandover(this.db, accountId, session.id, testHandoverOf(effect));
    await this.deps.tests.ended(accountId, conversationId);
  }

  /**
   * A "send template" block: the account's approved WhatsApp template with the block's variables,
   * sent once per turn step (sendAutomaticTemplate's client id). A refusal (not a WhatsApp
   * conversation, a template deleted or no longer approved, an empty variable) is logged with its
   * reason and the flow goes on.
   */
  private async sendTemplate(
    accountId: string,
    conversationId: string,
    effect: Extract<TEffect, { type: 'template' }>,
    purpose: string,
  ) {
    try {
      await this.deps.messaging.sendAutomaticTemplate(
        accountId,
        conversationId,
        { templateId: effect.templateId, variables: effect.params },
        purpose,
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      this.log.warn(
        {
          code: err.code,
          reason: errorMessage(err.code, 'en'),
          conversationId,
          templateId: effect.templateId,
        },
        'bot template not sent',
      );
    }
  }

  private async saveContactField(accountId: string, contactId: string, field: string, value: string) {
    try {
      if (field === 'name' || field === 'email' || field === 'phone')
        await this.deps.contacts.contacts.update(accountId, contactId, { [field]: value }, BOT_ACTOR);
      else {
        const contact = await this.deps.contacts.contacts.get(accountId, contactId);
        await this.deps.contacts.contacts.update(
          accountId,
          contactId,
          { customFields: { ...contact.customFields, [field]: value } },
          BOT_ACTOR,
        );
      }
    } catch (err) {
      // A value the contact cannot take (a phone another contact has): the flow goes on.
      this.log.warn({ err, field }, 'bot answer not saved on the contact');
    }
  }

  /**
   * What an AI agent block (and an AI bot) answers with: the bot's knowledge base (a block's chosen
   * sources) and settings, the attendance hours (a request for a person while closed), and the
   * hand-over note in the account's language.
   */
  private aiAgent(
    accountId: string,
    bot: TChatbotRow,
    facts: { ai_enable: boolean; account_lang: string | null; timezone: string | null },
  ): TAiAgentDeps {
    const settings = aiSettingsOf(bot);
    const accountLang = facts.account_lang === 'en' ? 'en' : 'pt-BR';
    const langOf = (text: string) => detectLang(text, accountLang);
    return {
      enabled: facts.ai_enable,
      lowConfidenceTurns: settings.lowConfidenceTurns,
      departmentId: settings.departmentId,
      intent: (text) => aiIntent(text, settings),
      say: (kind, text) => AI_TEXTS[langOf(text)][kind],
      answer: async (text, sourceIds) => {
        const lang = langOf(text);
        const { answer } = await this.deps.knowledge.ask(accountId, bot.id, text, {
          instructions: settings.instructions,
          lang,
          retrievedOnError: true,
          ...(sourceIds ? { sourceIds } : {}),
        });
        return customerReply(answer, lang);
      },
      closedReply: async (text) => {
        if (settings.outOfHours !== 'keep_answering') return null;
        const now = new Date();
        const { open, nextOpen } = await this.deps.inboxSettings.availability(accountId, now);
        if (open) return null;
        const today = localWeekTime(now, facts.timezone ?? 'America/Sao_Paulo').day;
        return closedText(langOf(text), nextOpen, today);
      },
      handoverNote: async (exchange) => {
        const summary = await this.deps.knowledge
          .summary(accountId, handoverSummaryMessages(exchange, accountLang), accountLang)
          .catch((err) => {
            this.log.warn({ err }, 'AI hand-over summary failed (the last questions are noted)');
            return null;
          });
        return handoverNoteText(exchange, accountLang, summary);
      },
    };
  }

  /** Published versions never change: the latest few are kept in memory (one read less a turn). */
  private readonly documents = new Map<string, TFlowDocument>();

  private async versionDocument(accountId: string, chatbotId: string, version: number) {
    const key = `${accountId}:${chatbotId}:${version}`;
    const known = this.documents.get(key);
    if (known) return known;
    const doc = await this.deps.chatbots.versionDocument(accountId, chatbotId, version);
    if (doc) {
      if (this.documents.size >= 100) this.documents.delete(this.documents.keys().next().value!);
      this.documents.set(key, doc);
    }
    return doc;
  }

  private async botOf(accountId: string, id: string) {
    return this.deps.chatbots.row(accountId, id).catch(() => undefined);
  }
}

/** A turn waiting for a slot: its session, and its lease when its message's transaction took it. */
interface TQueuedTurn {
  accountId: string;
  sessionId: string;
  leased?: { turn: TLeasedTurn; token: string };
}

const testHandoverOf = (effect: Extract<TEffect, { type: 'transfer' }>) => ({
  departmentId: effect.departmentId,
  operatorId: effect.operatorId,
});

/** A customer's message as its session keeps it until a turn reads it. */
function pendingOf(event: TDomainEvent<'message.created'>): TPendingMessage {
  const { message } = event.data;
  return {
    id: event.data.messageId,
    text: message.body ?? '',
    reply: message.reply ? { id: message.reply.id, title: message.reply.title } : null,
    fileUrl: message.media?.url ?? null,
  };
}

const BOT_ACTOR = { userId: '', ip: '', lang: 'pt-BR' as const };

/** An AI bot's new session waits in its AI agent block from the start (the first message is a question). */
function aiBotSession(session: TSessionRow): TSessionRow {
  if (session.state.started) return session;
  return {
    ...session,
    state: {
      ...session.state,
      started: true,
      at: { blockId: AI_BOT_BLOCK_ID, kind: 'ai' },
      ai: { turns: 0, misses: 0 },
    },
  };
}

/**
 * A bubble, or a question with options as an interactive message (each channel renders it: WhatsApp
 * reply buttons / list / numbered text, SMS numbered text, web chat buttons).
 */
function contentOf(effect: Extract<TEffect, { type: 'send' }>) {
  if (!effect.options?.length) return effect.text;
  return {
    text: effect.text.trim() || 'Escolha uma opção:',
    interactive: {
      options: effect.options.slice(0, MAX_INTERACTIVE_OPTIONS).map((o) => ({
        id: o.id,
        title: o.title.trim() || o.id,
        ...(o.description ? { description: o.description } : {}),
      })),
      ...(effect.listButton ? { listButton: effect.listButton } : {}),
    },
  };
}
