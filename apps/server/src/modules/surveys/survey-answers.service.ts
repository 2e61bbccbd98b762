import type {
  TDomainEvent,
  TInteractiveReply,
  TSurveyLang,
  TSurveySettings,
  TSurveyType,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import type { DomainEvents } from '../../platform/events';
import { advanceRequest, findWaitingForConversation, type TSurveyRequestRow } from './survey-requests.repo';
import {
  awaitedOf,
  nextStep,
  npsRangeQuestion,
  parseAnswer,
  questionOf,
  type TSurveyStep,
  thanksText,
} from './survey-questions';
import type { SurveysService, TSurveySend } from './surveys.service';

/**
 * The customers' answers. Each question marks the reply its (closed) conversation awaits (the
 * inbox's awaited replies: a score of the scale, an option id, or any text for the comment), so the
 * intake keeps the answer in that conversation — it neither reopens it nor opens a new one — and
 * anything else opens a conversation as usual. record() (durable listener of inbound
 * message.created): the survey of the message's conversation, still waiting and not expired at
 * the message's time, takes the answer (score, then the follow-up comment), emits survey.answered,
 * and the next question or the thanks goes out. An answer after the expiry is a normal message.
 */
export class SurveyAnswersService {
  constructor(
    private readonly db: TDb,
    private readonly bus: DomainEvents,
    private readonly surveys: SurveysService,
    private readonly send: TSurveySend,
  ) {}

  /** The listener of inbound message.created. */
  record(event: TDomainEvent<'message.created'>) {
    const { message } = event.data;
    return this.recordMessage(event.accountId, event.data.conversationId, {
      id: event.data.messageId,
      body: message.body,
      reply: message.reply ?? null,
      kind: message.kind,
      at: new Date(message.timestamp ?? event.at),
      // In an open conversation (a survey sent by hand) the customer keeps talking to the team: no
      // comment question there (its answer could not be told from the conversation).
      open: event.data.conversation ? event.data.conversation.stage !== 'closed' : false,
    });
  }

  /**
   * A customer's message of a conversation, as the answer to its waiting survey (nothing when it is
   * none). Idempotent: an answer is taken once per step.
   */
  async recordMessage(
    accountId: string,
    conversationId: string,
    message: {
      id: string;
      body: string | null;
      reply: TInteractiveReply | null;
      kind: string;
      at: Date;
      open?: boolean;
    },
  ) {
    const at = message.at;
    const request = await findWaitingForConversation(this.db, accountId, conversationId, at);
    // A message stored before the current step began (its own answer, seen again by a retried
    // listener) answers nothing now.
    if (!request?.step || (request.stepAt && storedAt(message.id) < request.stepAt.getTime())) return;
    const step = request.step as TSurveyStep;
    const answer = parseAnswer(step, { text: message.body, reply: message.reply, kind: message.kind });
    if (!answer) return;
    const settings = await this.surveys.settings(accountId);
    const lang = request.lang as TSurveyLang;
    if (answer.kind === 'range') {
      await this.send(
        accountId,
        conversationId,
        npsRangeQuestion(answer.min, answer.max, lang),
        `survey:${request.id}:nps-range:${answer.min}`,
        awaitedOf('nps', request.expiresAt!),
      );
      return;
    }
    const next = nextStep(step, request.type as TSurveyType, settings.commentEnabled && !message.open);
    const patch =
      answer.kind === 'score'
        ? {
            [step]: answer.score,
            status: 'answered',
            answeredAt: request.answeredAt ?? at,
            step: next,
            stepAt: new Date(),
          }
        : { comment: answer.text.slice(0, 4000), step: next, stepAt: new Date() };
    const updated = await withTenant(this.db, accountId, async (tx) => {
      const row = await advanceRequest(tx, accountId, request.id, step, at, patch);
      if (row) await this.emitAnswered(tx, row, step, answer.kind === 'score' ? answer.score : null);
      return row;
    });
    // Not at that step any more: a retry of a recorded answer still sends what followed it.
    const current = updated ?? (await this.reread(accountId, conversationId, request));
    if (!current) return;
    await this.followUp(accountId, current, step, settings);
  }

  private async reread(accountId: string, conversationId: string, request: TSurveyRequestRow) {
    const again = await findWaitingForConversation(this.db, accountId, conversationId, new Date(0));
    return again?.id === request.id ? again : null;
  }

  /** After the answer to `answered`: the next question, or the thanks once the survey is done. */
  private async followUp(
    accountId: string,
    request: TSurveyRequestRow,
    answered: TSurveyStep,
    settings: TSurveySettings,
  ) {
    const lang = request.lang as TSurveyLang;
    if (request.step) {
      const question = questionOf(request.step as TSurveyStep, settings, lang, request.channelKind);
      await this.send(
        accountId,
        request.conversationId,
        question,
        `survey:${request.id}:${request.step}`,
        awaitedOf(request.step as TSurveyStep, request.expiresAt!),
      );
      return;
    }
    await this.send(
      accountId,
      request.conversationId,
      { text: thanksText(settings, lang) },
      `survey:${request.id}:thanks:${answered}`,
      null,
    );
  }

  private async emitAnswered(tx: TTx, row: TSurveyRequestRow, step: TSurveyStep, score: number | null) {
    await this.bus.emit(tx, row.accountId, 'survey.answered', {
      surveyId: row.id,
      conversationId: row.conversationId,
      contactId: row.contactId,
      channelId: row.channelId,
      metric: step,
      score,
      comment: step === 'comment' ? row.comment : null,
      operatorId: row.operatorId,
      departmentId: row.departmentId,
    });
  }
}

/** When a message was stored: its id is a UUID v7, whose first 48 bits are the milliseconds. */
function storedAt(messageId: string): number {
  return Number.parseInt(messageId.replace(/-/g, '').slice(0, 12), 16);
}
