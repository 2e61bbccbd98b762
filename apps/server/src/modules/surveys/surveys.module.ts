import { isTestEvent } from '@atende/shared';
import { defineModule } from '../../platform/module';
import type { ConversationsService } from '../inbox/conversations/conversations.service';
import type { AwaitedReplies } from '../inbox/intake/awaited-replies';
import type { MessagingService } from '../inbox/messaging/messaging.service';
import { FeedbackService } from './feedback.service';
import { SurveyAnswersService } from './survey-answers.service';
import { surveysRoutes } from './surveys.routes';
import * as tables from './surveys.schema';
import { SurveysService, type TSurveySend } from './surveys.service';
import { typedNumber } from '../inbox/intake/awaited-replies';

function mayBeScore(message: { body: string | null; reply?: { id: string } | null }): boolean {
  return typedNumber(message.body) !== null || /^(csat|nps)/.test(message.reply?.id ?? '');
}

interface TSurveysDeps {
  inbox: { messaging: MessagingService; conversations: ConversationsService; awaitedReplies: AwaitedReplies };
}

/**
 * Satisfaction surveys (NPS and CSAT) asked inside the customer's chat, and the feedback report.
 * Emits: survey.answered (a score, or the follow-up comment).
 * Listens (durable): conversation.closed (asks the survey per the account's settings),
 * message.created inbound (records the answer).
 * For automations: `surveys.ask(accountId, conversationId, 'automation', runKey)` asks it now.
 */
export const surveysModule = defineModule({
  name: 'surveys',
  tables,
  create: (platform, deps: TSurveysDeps) => {
    const db = platform.database.db;
    const send: TSurveySend = async (accountId, conversationId, question, purpose, awaited) => {
      if (awaited) await deps.inbox.awaitedReplies.awaitReply(accountId, conversationId, awaited);
      return deps.inbox.messaging.sendAutomatic(accountId, conversationId, question, purpose, {
        closed: true,
      });
    };
    const surveys = new SurveysService(db, send);
    return {
      surveys,
      surveyAnswers: new SurveyAnswersService(db, platform.events, surveys, send),
      feedback: new FeedbackService(db),
    };
  },
  plugin: async (app) => {
    const { surveys, surveyAnswers } = app.services;
    const bus = app.platform.events;
    // A chatbot's live test (its close block) is no customer's conversation: never surveyed, and
    // nothing typed in the test console counts as an answer (isTestEvent has the decision). A real
    // conversation a bot closes is still surveyed as an operator's close is (onOperatorClose).
    bus.durable(
      'surveys.ask-on-close',
      ['conversation.closed'],
      async (event) => {
        await surveys.onClosed(event.accountId, event.id, event.data.conversationId, event.data.byInactivity);
      },
      { when: (event) => !isTestEvent(event) },
    );
    bus.durable('surveys.answers', ['message.created'], (event) => surveyAnswers.record(event), {
      // Only what may be an answer: a message kept in a closed conversation (the intake keeps only
      // awaited replies there), or a score in an open one (a survey asked before the close).
      when: (event) =>
        event.data.direction === 'inbound' &&
        !isTestEvent(event) &&
        (event.data.conversation?.stage === 'closed' || mayBeScore(event.data.message)),
    });
    await app.register(surveysRoutes);
  },
});
