import {
  DEFAULT_SURVEY_SETTINGS,
  LIMITS,
  type TSurveyLang,
  type TSurveyRequest,
  type TSurveySettings,
  type TSurveySettingsBody,
  type TSurveyType,
  ZSurveySettings,
} from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import {
  askedSince,
  findLatestForConversation,
  findRequestByEvent,
  findSettingsRow,
  findSurveyConversation,
  insertRequest,
  type TSurveyConversation,
  type TSurveyRequestRow,
  updateRequest,
  upsertSettingsRow,
} from './survey-requests.repo';
import { awaitedOf, firstStep, questionOf, type TSurveyQuestion } from './survey-questions';
import type { TAwaitedReply } from '../inbox/intake/awaited-replies';

/**
 * Sends an automatic message into a conversation, closed or not (inbox messaging), stored once per
 * `purpose`, after marking the reply the conversation then awaits (when `awaited`); resolves to the
 * stored message id, or undefined when the channel is off.
 */
export type TSurveySend = (
  accountId: string,
  conversationId: string,
  question: TSurveyQuestion,
  purpose: string,
  awaited: TAwaitedReply | null,
) => Promise<string | undefined>;

export type TSurveyTrigger = 'operator-close' | 'inactivity-close' | 'manual' | 'automation';

const WINDOW_MS = LIMITS.whatsappReplyWindowHours * 3600_000;

/**
 * Survey settings and the asking of surveys: on a conversation's close (the durable listener), by
 * hand from the conversation, or by an automation (`ask`). A request row is written first (once per
 * closing event), then the first question goes into the customer's chat; the answers are recorded
 * by SurveyAnswersService.
 */
export class SurveysService {
  constructor(
    private readonly db: TDb,
    private readonly send: TSurveySend,
  ) {}

  async settings(accountId: string): Promise<TSurveySettings> {
    const stored = await findSettingsRow(this.db, accountId);
    const merged = { ...DEFAULT_SURVEY_SETTINGS, ...(stored ?? {}) };
    const parsed = ZSurveySettings.safeParse(merged);
    return parsed.success ? parsed.data : DEFAULT_SURVEY_SETTINGS;
  }

  async updateSettings(accountId: string, body: TSurveySettingsBody): Promise<TSurveySettings> {
    const next = ZSurveySettings.parse({ ...(await this.settings(accountId)), ...body });
    next.channels = [...new Set(next.channels)];
    await upsertSettingsRow(this.db, accountId, next);
    return next;
  }

  /** A conversation closed (durable listener of conversation.closed; idempotent on the event id). */
  async onClosed(accountId: string, eventId: string, conversationId: string, byInactivity: boolean) {
    const settings = await this.settings(accountId);
    if (!settings.enabled) return;
    if (byInactivity ? !settings.onInactivityClose : !settings.onOperatorClose) return;
    const existing = await findRequestByEvent(this.db, accountId, eventId);
    if (existing) return this.deliver(accountId, existing, settings);
    const conversation = await findSurveyConversation(this.db, accountId, conversationId);
    if (!conversation?.channelKind || !settings.channels.includes(conversation.channelKind as never)) return;
    const trigger: TSurveyTrigger = byInactivity ? 'inactivity-close' : 'operator-close';
    const request = await this.create(accountId, conversation, settings, trigger, eventId);
    if (request) await this.deliver(accountId, request, settings);
  }

  /**
   * Asks the survey now in a conversation (open or closed): by hand from the conversation (the
   * route checks the operator may see it) or from an automation (`trigger: 'automation'`, with the
   * automation run's id as `key` so a retried run asks once). Refused when surveys are off, the
   * channel is not among the survey's, or the contact was asked within the minimum interval.
   */
  async ask(
    accountId: string,
    conversationId: string,
    trigger: TSurveyTrigger = 'manual',
    key?: string,
  ): Promise<TSurveyRequest> {
    const settings = await this.settings(accountId);
    if (!settings.enabled || (trigger === 'manual' && !settings.manual))
      throw new AppError('SURVEYS_DISABLED');
    if (key) {
      const existing = await findRequestByEvent(this.db, accountId, key);
      if (existing) return presentRequest(await this.deliver(accountId, existing, settings));
    }
    const conversation = await findSurveyConversation(this.db, accountId, conversationId);
    if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
    if (!conversation.channelKind || !settings.channels.includes(conversation.channelKind as never))
      throw new AppError('SURVEY_CHANNEL_OFF');
    const request = await this.create(accountId, conversation, settings, trigger, key ?? null);
    if (!request) throw new AppError('SURVEY_RECENTLY_ASKED');
    return presentRequest(await this.deliver(accountId, request, settings));
  }

  /** The latest survey of a conversation (the inbox shows it), or null. */
  async ofConversation(accountId: string, conversationId: string): Promise<TSurveyRequest | null> {
    const row = await findLatestForConversation(this.db, accountId, conversationId);
    return row ? presentRequest(row) : null;
  }

  /** The request row, unless the contact was asked within the interval (under a per-contact lock). */
  private create(
    accountId: string,
    conversation: TSurveyConversation,
    settings: TSurveySettings,
    trigger: TSurveyTrigger,
    eventId: string | null,
  ): Promise<TSurveyRequestRow | null> {
    return withTenant(this.db, accountId, async (tx) => {
      await tx.execute(sqlLock(accountId, conversation.contactId));
      if (settings.intervalDays > 0) {
        const since = new Date(Date.now() - settings.intervalDays * 86_400_000);
        if (await askedSince(tx, accountId, conversation.contactId, since)) return null;
      }
      const windowClosed =
        conversation.channelKind === 'whatsapp-cloud' &&
        (!conversation.lastInboundAt || Date.now() - conversation.lastInboundAt.getTime() > WINDOW_MS);
      const notSent = windowClosed
        ? 'window_closed'
        : !conversation.channelActive
          ? 'channel_disabled'
          : null;
      const now = new Date();
      return insertRequest(tx, {
        accountId,
        conversationId: conversation.id,
        contactId: conversation.contactId,
        channelId: conversation.channelId,
        channelKind: conversation.channelKind,
        operatorId: conversation.assigneeId,
        departmentId: conversation.departmentId,
        trigger,
        eventId,
        type: settings.type,
        lang: settings.lang,
        status: notSent ? 'not_sent' : 'sent',
        notSentReason: notSent,
        step: notSent ? null : firstStep(settings.type as TSurveyType),
        sentAt: notSent ? null : now,
        stepAt: notSent ? null : now,
        expiresAt: notSent ? null : new Date(now.getTime() + settings.expiryHours * 3_600_000),
      });
    });
  }

  /** Sends the request's first question (again after a crash: stored once per request). */
  private async deliver(accountId: string, request: TSurveyRequestRow, settings: TSurveySettings) {
    if (request.status !== 'sent' || !request.step) return request;
    const step = firstStep(request.type as TSurveyType);
    const question = questionOf(step, settings, request.lang as TSurveyLang, request.channelKind);
    const sent = await this.send(
      accountId,
      request.conversationId,
      question,
      `survey:${request.id}:${step}`,
      awaitedOf(step, request.expiresAt!),
    );
    if (sent) return request;
    return (
      (await updateRequest(this.db, accountId, request.id, {
        status: 'not_sent',
        notSentReason: 'channel_disabled',
        step: null,
      })) ?? request
    );
  }
}

function sqlLock(accountId: string, contactId: string) {
  return sql`select pg_advisory_xact_lock(hashtext('survey_requests'), hashtext(${`${accountId}:${contactId}`}))`;
}

export function presentRequest(row: TSurveyRequestRow): TSurveyRequest {
  const expired = row.status === 'sent' && row.expiresAt && row.expiresAt.getTime() <= Date.now();
  return {
    _id: row.id,
    conversationId: row.conversationId,
    type: row.type as TSurveyType,
    status: expired ? 'expired' : (row.status as TSurveyRequest['status']),
    notSentReason: row.notSentReason,
    csat: row.csat,
    nps: row.nps,
    comment: row.comment,
    sentAt: row.sentAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
