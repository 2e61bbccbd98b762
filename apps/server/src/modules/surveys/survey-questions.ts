import {
  SURVEY_DEFAULT_TEXTS,
  type TInteractive,
  type TInteractiveReply,
  type TSurveyLang,
  type TSurveySettings,
  type TSurveyType,
} from '@atende/shared';
import { type TAwaitedReply, typedNumber } from '../inbox/intake/awaited-replies';

/** What the customer's next message answers. */
export type TSurveyStep = 'csat' | 'nps' | 'comment';

/** A question as the messaging service sends it: text, with options where the channel shows them. */
export interface TSurveyQuestion {
  text: string;
  interactive?: TInteractive;
}

const CSAT_LABELS: Record<TSurveyLang, string[]> = {
  'pt-BR': ['Muito ruim', 'Ruim', 'Regular', 'Bom', 'Excelente'],
  en: ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'],
};

/** WhatsApp NPS, first step: three ranges as reply buttons (a list holds 10 rows, NPS has 11). */
const NPS_RANGES: Array<{ id: string; min: number; max: number }> = [
  { id: 'nps-range:0-6', min: 0, max: 6 },
  { id: 'nps-range:7-8', min: 7, max: 8 },
  { id: 'nps-range:9-10', min: 9, max: 10 },
];

const WORDS: Record<
  TSurveyLang,
  { range: (min: number, max: number) => string; typeNps: string; pick: string }
> = {
  'pt-BR': {
    range: (min, max) => (max - min === 1 ? `${min} ou ${max}` : `${min} a ${max}`),
    typeNps: 'Toque numa faixa ou digite a nota de 0 a 10.',
    pick: 'Escolha a sua nota:',
  },
  en: {
    range: (min, max) => (max - min === 1 ? `${min} or ${max}` : `${min} to ${max}`),
    typeNps: 'Tap a range or type your score from 0 to 10.',
    pick: 'Pick your score:',
  },
};

const LIST_BUTTON: Record<TSurveyLang, string> = { 'pt-BR': 'Avaliar', en: 'Rate' };

/** The first step of a survey of `type`. */
export function firstStep(type: TSurveyType): TSurveyStep {
  return type === 'nps' ? 'nps' : 'csat';
}

/** The step after a score of `step` (null: the survey is done). */
export function nextStep(step: TSurveyStep, type: TSurveyType, commentEnabled: boolean): TSurveyStep | null {
  if (step === 'csat' && type === 'both') return 'nps';
  if (step !== 'comment' && commentEnabled) return 'comment';
  return null;
}

function textsOf(settings: TSurveySettings, lang: TSurveyLang) {
  const d = SURVEY_DEFAULT_TEXTS[lang];
  return {
    csat: settings.csatQuestion || d.csat,
    nps: settings.npsQuestion || d.nps,
    comment: settings.commentQuestion || d.comment,
    thanks: settings.thanksMessage || d.thanks,
  };
}

export function thanksText(settings: TSurveySettings, lang: TSurveyLang): string {
  return textsOf(settings, lang).thanks;
}

/**
 * The question of `step` on a channel: web chat gets buttons (CSAT 1–5 by label, NPS 0–10); WhatsApp a
 * list of 5 rows for CSAT (labels, in score order) and, for NPS, three range buttons (then the range's scores); SMS a
 * numbered text. A typed number is accepted on every channel.
 */
export function questionOf(
  step: TSurveyStep,
  settings: TSurveySettings,
  lang: TSurveyLang,
  channelKind: string | null,
): TSurveyQuestion {
  const texts = textsOf(settings, lang);
  if (step === 'comment') return { text: texts.comment };
  if (step === 'csat') {
    const labels = CSAT_LABELS[lang];
    const numbered = labels.map((label, i) => `${i + 1} - ${label}`);
    // SMS: the numbers are written in the text. Web chat: a button sends its title as the
    // visitor's text, so it carries the score ("5 - Excelente", read by typedNumber; the inbox
    // shows such self-numbered options unnumbered). WhatsApp: a row's title is its label alone
    // (the reply carries the option's id; a text fallback numbers them by position, which is the score).
    if (channelKind === 'sms') return { text: `${texts.csat}\n\n${numbered.join('\n')}` };
    const options = labels.map((label, i) => ({
      id: `csat:${i + 1}`,
      title: channelKind === 'webchat' ? numbered[i] : label,
    }));
    return { text: texts.csat, interactive: { options, listButton: LIST_BUTTON[lang] } };
  }
  if (channelKind === 'sms') return { text: texts.nps };
  if (channelKind === 'whatsapp-cloud') {
    const w = WORDS[lang];
    return {
      text: `${texts.nps}\n\n${w.typeNps}`,
      interactive: { options: NPS_RANGES.map((r) => ({ id: r.id, title: w.range(r.min, r.max) })) },
    };
  }
  const options = Array.from({ length: 11 }, (_, n) => ({ id: `nps:${n}`, title: String(n) }));
  return { text: texts.nps, interactive: { options } };
}

/** WhatsApp NPS, second step: the scores of the range the customer tapped. */
export function npsRangeQuestion(min: number, max: number, lang: TSurveyLang): TSurveyQuestion {
  const options = [];
  for (let n = max; n >= min; n--) options.push({ id: `nps:${n}`, title: String(n) });
  return { text: WORDS[lang].pick, interactive: { options, listButton: LIST_BUTTON[lang] } };
}

export type TParsedAnswer =
  | { kind: 'score'; score: number }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'comment'; text: string };

/**
 * What a customer's message answers at `step`, or null when it is not an answer (then it is a
 * normal message): the option they picked (reply id) or a typed number in the scale ("4", "4.",
 * "4 - Bom"); at the comment step any text.
 */
export function parseAnswer(
  step: TSurveyStep,
  message: { text?: string | null; reply?: TInteractiveReply | null; kind?: string },
): TParsedAnswer | null {
  const text = (message.text ?? '').trim();
  if (step === 'comment')
    return text && (!message.kind || message.kind === 'text') ? { kind: 'comment', text } : null;
  const [min, max] = step === 'csat' ? [1, 5] : [0, 10];
  const id = message.reply?.id ?? '';
  const byId = id.match(/^(csat|nps):(\d{1,2})$/);
  // An option of another question (an older message's list) answers nothing now.
  if (byId) return byId[1] === step ? inScale(Number(byId[2]), min, max) : null;
  const range = id.match(/^nps-range:(\d{1,2})-(\d{1,2})$/);
  if (range && step === 'nps') return { kind: 'range', min: Number(range[1]), max: Number(range[2]) };
  const typed = typedNumber(text || message.reply?.title);
  return typed === null ? null : inScale(typed, min, max);
}

/**
 * The reply a conversation awaits after the question of `step` (the inbox keeps such a reply in the
 * closed conversation): an option's id or a typed number of the scale; any text for the comment.
 */
export function awaitedOf(step: TSurveyStep, until: Date): TAwaitedReply {
  const at = until.toISOString();
  if (step === 'comment') return { until: at, text: true };
  if (step === 'csat')
    return { until: at, optionIds: [1, 2, 3, 4, 5].map((n) => `csat:${n}`), numbers: [1, 5] };
  const scores = Array.from({ length: 11 }, (_, n) => `nps:${n}`);
  return { until: at, optionIds: [...scores, ...NPS_RANGES.map((r) => r.id)], numbers: [0, 10] };
}

function inScale(score: number, min: number, max: number): TParsedAnswer | null {
  return score >= min && score <= max ? { kind: 'score', score } : null;
}
