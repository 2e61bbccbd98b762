import { z } from 'zod';
import { DATE_FILTERS } from './contacts';
import { zIsoDate, zUuid } from './common';
import { CHANNEL_KINDS, ZChannelKind } from './inbox';

/**
 * Satisfaction surveys (issue 18): CSAT (1–5) and/or NPS (0–10) asked inside the customer's chat
 * when a conversation closes (or by hand), answered there, and reported on /apps/feedback.
 */
export const SURVEY_TYPES = ['csat', 'nps', 'both'] as const;
export type TSurveyType = (typeof SURVEY_TYPES)[number];
export type TSurveyMetric = 'csat' | 'nps';
export const SURVEY_LANGS = ['pt-BR', 'en'] as const;
export type TSurveyLang = (typeof SURVEY_LANGS)[number];

export const SURVEY_LIMITS = {
  textMax: 500,
  intervalDaysMax: 365,
  expiryHoursMin: 1,
  expiryHoursMax: 168,
  verbatimsPageSize: 20,
} as const;

/** The questions in each language when the account wrote none. */
export const SURVEY_DEFAULT_TEXTS: Record<
  TSurveyLang,
  { csat: string; nps: string; comment: string; thanks: string }
> = {
  'pt-BR': {
    csat: 'Como você avalia o nosso atendimento? Responda de 1 (muito ruim) a 5 (excelente).',
    nps: 'De 0 a 10, o quanto você recomendaria a nossa empresa a um amigo ou colega?',
    comment: 'Quer nos contar o motivo da sua nota? Escreva aqui.',
    thanks: 'Obrigado pela sua avaliação!',
  },
  en: {
    csat: 'How would you rate our service? Reply from 1 (very poor) to 5 (excellent).',
    nps: 'From 0 to 10, how likely are you to recommend us to a friend or colleague?',
    comment: 'Would you like to tell us why? Write it here.',
    thanks: 'Thank you for your feedback!',
  },
};

const zText = z.string().trim().max(SURVEY_LIMITS.textMax, { error: 'tooLong' });

export const ZSurveySettings = z.object({
  enabled: z.boolean(),
  type: z.enum(SURVEY_TYPES),
  channels: z.array(ZChannelKind),
  /** The language of the default questions (the account's customers'). */
  lang: z.enum(SURVEY_LANGS),
  /** Empty: the default question of `lang`. */
  csatQuestion: zText,
  npsQuestion: zText,
  /** Asked after the score when commentEnabled; the next message is the comment. */
  commentEnabled: z.boolean(),
  commentQuestion: zText,
  thanksMessage: zText,
  onOperatorClose: z.boolean(),
  onInactivityClose: z.boolean(),
  /** Operators may send the survey from the conversation. */
  manual: z.boolean(),
  /** The same contact is not asked again within this many days (0: always asked). */
  intervalDays: z.number().int().min(0).max(SURVEY_LIMITS.intervalDaysMax),
  /** An answer after this many hours is a normal message, not a score. */
  expiryHours: z.number().int().min(SURVEY_LIMITS.expiryHoursMin).max(SURVEY_LIMITS.expiryHoursMax),
});
export type TSurveySettings = z.infer<typeof ZSurveySettings>;

export const DEFAULT_SURVEY_SETTINGS: TSurveySettings = {
  enabled: false,
  type: 'csat',
  channels: [...CHANNEL_KINDS],
  lang: 'pt-BR',
  csatQuestion: '',
  npsQuestion: '',
  commentEnabled: false,
  commentQuestion: '',
  thanksMessage: '',
  onOperatorClose: true,
  onInactivityClose: false,
  manual: true,
  intervalDays: 7,
  expiryHours: 24,
};

export const ZSurveySettingsBody = ZSurveySettings.partial();
export type TSurveySettingsBody = z.infer<typeof ZSurveySettingsBody>;

/** Survey request states: waiting for the answer, answered, expired without one, never sent. */
export const SURVEY_STATUSES = ['sent', 'answered', 'expired', 'not_sent'] as const;
export type TSurveyStatus = (typeof SURVEY_STATUSES)[number];

export const ZFeedbackQuery = z.object({
  dateFilter: z.enum(DATE_FILTERS).default('all'),
  operatorId: zUuid.optional(),
  departmentId: z.string().max(200).optional(),
  channelKind: ZChannelKind.optional(),
  tagId: zUuid.optional(),
});
export type TFeedbackQuery = z.infer<typeof ZFeedbackQuery>;

const ZScoreCount = z.object({ score: z.number().int(), count: z.number().int() });

export const ZCsatSummary = z.object({
  answers: z.number().int(),
  satisfied: z.number().int(),
  /** % of 4–5 answers; null without answers. */
  score: z.number().nullable(),
  distribution: z.array(ZScoreCount),
});
export type TCsatSummary = z.infer<typeof ZCsatSummary>;

export const ZNpsSummary = z.object({
  answers: z.number().int(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  /** % promoters − % detractors (−100..100); null without answers. */
  score: z.number().nullable(),
  distribution: z.array(ZScoreCount),
});
export type TNpsSummary = z.infer<typeof ZNpsSummary>;

export const ZFeedbackGroup = z.object({
  key: z.string(),
  name: z.string(),
  sent: z.number().int(),
  answered: z.number().int(),
  csat: z.number().nullable(),
  nps: z.number().nullable(),
});
export type TFeedbackGroup = z.infer<typeof ZFeedbackGroup>;

export const ZFeedbackReport = z.object({
  sent: z.number().int(),
  answered: z.number().int(),
  notSent: z.number().int(),
  /** answers / surveys sent, in %; null when none was sent. */
  responseRate: z.number().nullable(),
  csat: ZCsatSummary,
  nps: ZNpsSummary,
  /** 'day' or 'month' buckets, in the account's time zone. */
  trendUnit: z.enum(['day', 'month']),
  trend: z.array(
    z.object({
      period: z.string(),
      answers: z.number().int(),
      csat: z.number().nullable(),
      nps: z.number().nullable(),
    }),
  ),
  byOperator: z.array(ZFeedbackGroup),
  byDepartment: z.array(ZFeedbackGroup),
  byChannel: z.array(ZFeedbackGroup),
  byTag: z.array(ZFeedbackGroup),
});
export type TFeedbackReport = z.infer<typeof ZFeedbackReport>;

export const ZVerbatimsQuery = ZFeedbackQuery.extend({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(SURVEY_LIMITS.verbatimsPageSize),
});
export type TVerbatimsQuery = z.infer<typeof ZVerbatimsQuery>;

export const ZVerbatim = z.object({
  _id: z.string(),
  conversationId: z.string(),
  contact: z.object({ _id: z.string(), name: z.string() }),
  operator: z.object({ _id: z.string(), name: z.string() }).nullable(),
  channelKind: z.string().nullable(),
  csat: z.number().int().nullable(),
  nps: z.number().int().nullable(),
  comment: z.string(),
  answeredAt: zIsoDate,
});
export type TVerbatim = z.infer<typeof ZVerbatim>;

export const ZFeedbackExportQuery = ZFeedbackQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});

/** The survey a conversation got (the inbox's "send survey" answer). */
export const ZSurveyRequest = z.object({
  _id: z.string(),
  conversationId: z.string(),
  type: z.enum(SURVEY_TYPES),
  status: z.enum(SURVEY_STATUSES),
  notSentReason: z.string().nullable(),
  csat: z.number().int().nullable(),
  nps: z.number().int().nullable(),
  comment: z.string().nullable(),
  sentAt: zIsoDate.nullable(),
  expiresAt: zIsoDate.nullable(),
});
export type TSurveyRequest = z.infer<typeof ZSurveyRequest>;

/** CSAT: the % of answers that are 4 or 5; null without answers. */
export function csatScore(counts: { answers: number; satisfied: number }): number | null {
  if (counts.answers <= 0) return null;
  return round1((counts.satisfied / counts.answers) * 100);
}

/** NPS: 9–10 promoters, 7–8 passives, 0–6 detractors. */
export function npsGroupOf(score: number): 'promoter' | 'passive' | 'detractor' {
  if (score >= 9) return 'promoter';
  if (score >= 7) return 'passive';
  return 'detractor';
}

/** NPS = % promoters − % detractors (−100..100); null without answers. */
export function npsScore(counts: { promoters: number; passives: number; detractors: number }): number | null {
  const total = counts.promoters + counts.passives + counts.detractors;
  if (total <= 0) return null;
  return round1(((counts.promoters - counts.detractors) / total) * 100);
}

/** answers / sent in %; null when nothing was sent. */
export function responseRate(sent: number, answered: number): number | null {
  if (sent <= 0) return null;
  return round1((answered / sent) * 100);
}

function round1(n: number): number {
  return Math.round(n * 10) / 10 + 0;
}
