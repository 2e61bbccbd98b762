import {
  CHATBOT_LIMITS,
  type TChatbotAiSettings,
  type TFlowDocument,
  type TWeekday,
  WEEKDAYS,
} from '@atende/shared';
import type { TAiMessage } from '../../../platform/ai/ai.types';

/** The languages an AI bot replies in. */
export type TAiLang = 'pt-BR' | 'en';

/** What the flow engine asks of the AI while a session is in an AI agent block. */
export interface TAiAgentDeps {
  /** False when the account turned AI off (aiEnable): the block hands over at once. */
  enabled: boolean;
  intent(text: string): TAiIntent;
  /**
   * The reply to send: the model's, or the retrieved answer labelled; null when nothing matched.
   * `sourceIds`: only these knowledge sources (an AI agent block's choice; none: all).
   */
  answer(text: string, sourceIds?: string[]): Promise<string | null>;
  /**
   * The customer asked for a person: null to hand over now; outside the attendance hours of an
   * account whose bot keeps answering then, the text that says when the team is back.
   */
  closedReply(text: string): Promise<string | null>;
  /** The private note for the team on a hand-over: the exchange summarised (or its last questions). */
  handoverNote(exchange: TAiExchange): Promise<string>;
  /** A fixed text in the language of the customer's message (`text`). */
  say(kind: keyof (typeof AI_TEXTS)['en'], text: string): string;
  /** No-answer turns in a row before handing over. */
  lowConfidenceTurns: number;
  /** Where a hand-over goes when the block names no department. */
  departmentId: string | null;
}

export type TAiIntent = 'handover' | 'resolved' | 'question';

/** Why an AI agent block hands over (the note's heading). */
export type TAiHandoverReason = 'asked' | 'low_confidence' | 'max_turns';

/** What a hand-over note is written from: the block's exchange and the flow's collected variables. */
export interface TAiExchange {
  reason: TAiHandoverReason;
  log: TAiLogEntry[];
  entities: Array<{ name: string; value: string }>;
}

/** One customer message in an AI agent block and the bot's reply (null: no answer found). */
export interface TAiLogEntry {
  q: string;
  a: string | null;
}

/** Messages kept for the hand-over note (the latest), each cut to this many characters. */
export const AI_LOG_MAX = 6;
const AI_LOG_TEXT_MAX = 500;

/** The exchange with one more message and reply, bounded (it lives in the session's state). */
export function appendLog(log: TAiLogEntry[] | undefined, q: string, a: string | null): TAiLogEntry[] {
  const cut = (t: string) => (t.length > AI_LOG_TEXT_MAX ? `${t.slice(0, AI_LOG_TEXT_MAX - 1)}…` : t);
  return [...(log ?? []), { q: cut(q.trim()), a: a === null ? null : cut(a.trim()) }].slice(-AI_LOG_MAX);
}

export const AI_TEXTS = {
  'pt-BR': {
    no_answer:
      'Não encontrei essa informação na nossa base de conhecimento. Pode perguntar de outro jeito? Se preferir, escreva "atendente".',
    handover: 'Vou transferir você para um atendente. Aguarde um momento, por favor.',
    closing: 'Por nada! Se tiver outra dúvida, é só perguntar.',
    closed_unknown:
      'Nossa equipe está fora do horário de atendimento agora. Enquanto isso, posso continuar ajudando com suas dúvidas por aqui.',
  },
  en: {
    no_answer:
      'I could not find that in our knowledge base. Could you ask another way? If you prefer, type "agent".',
    handover: 'I will transfer you to an agent. Please wait a moment.',
    closing: "You're welcome! If you have another question, just ask.",
    closed_unknown:
      'Our team is outside its attendance hours right now. Meanwhile, I can keep helping you with your questions here.',
  },
} as const;

const WEEKDAY_NAMES: Record<TAiLang, Record<TWeekday, string>> = {
  'pt-BR': {
    monday: 'segunda-feira',
    tuesday: 'terça-feira',
    wednesday: 'quarta-feira',
    thursday: 'quinta-feira',
    friday: 'sexta-feira',
    saturday: 'sábado',
    sunday: 'domingo',
  },
  en: {
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    thursday: 'Thursday',
    friday: 'Friday',
    saturday: 'Saturday',
    sunday: 'Sunday',
  },
};

/**
 * What the bot says when the customer asks for a person outside the attendance hours and it keeps
 * answering: when the team is back (the next opening in the account's zone: today, tomorrow or the
 * weekday) and that it goes on helping.
 */
export function closedText(
  lang: TAiLang,
  next: { day: TWeekday; time: string } | null,
  today: TWeekday,
): string {
  if (!next) return AI_TEXTS[lang].closed_unknown;
  const tomorrow = WEEKDAYS[(WEEKDAYS.indexOf(today) + 1) % 7];
  if (lang === 'en') {
    const when =
      next.day === today
        ? `today at ${next.time}`
        : next.day === tomorrow
          ? `tomorrow at ${next.time}`
          : `on ${WEEKDAY_NAMES.en[next.day]} at ${next.time}`;
    return `Our team is outside its attendance hours right now and will be back ${when}. Meanwhile, I can keep helping you with your questions here.`;
  }
  const when =
    next.day === today
      ? `hoje às ${next.time}`
      : next.day === tomorrow
        ? `amanhã às ${next.time}`
        : `${next.day === 'saturday' || next.day === 'sunday' ? 'no' : 'na'} ${WEEKDAY_NAMES['pt-BR'][next.day]} às ${next.time}`;
  return `Nossa equipe está fora do horário de atendimento agora e volta ${when}. Enquanto isso, posso continuar ajudando com suas dúvidas por aqui.`;
}

const NOTE_TEXTS = {
  'pt-BR': {
    title: 'Resumo do assistente de IA',
    reason: {
      asked: 'o cliente pediu para falar com uma pessoa',
      low_confidence: 'a base de conhecimento não respondeu às perguntas do cliente',
      max_turns: 'o limite de respostas da IA foi atingido',
    },
    reasonLabel: 'Motivo:',
    questions: 'Últimas perguntas do cliente:',
    noAnswer: 'sem resposta na base de conhecimento',
    entities: 'Dados coletados:',
  },
  en: {
    title: 'AI assistant summary',
    reason: {
      asked: 'the customer asked to talk to a person',
      low_confidence: "the knowledge base did not answer the customer's questions",
      max_turns: "the AI's answer limit was reached",
    },
    reasonLabel: 'Reason:',
    questions: 'Last questions from the customer:',
    noAnswer: 'no answer in the knowledge base',
    entities: 'Collected data:',
  },
} as const;

/**
 * The hand-over note for the team, in the account's language: a heading with the reason, the
 * model's summary when there is one (else the customer's last questions, labelled, each marked
 * when the knowledge base had no answer) and the flow variables collected.
 */
export function handoverNoteText(exchange: TAiExchange, lang: TAiLang, summary: string | null): string {
  const l = NOTE_TEXTS[lang];
  const head = `${l.title}\n${l.reasonLabel} ${l.reason[exchange.reason]}.`;
  const body = summary?.trim()
    ? summary.trim()
    : [
        l.questions,
        ...exchange.log.map((e) => `- ${e.q.replace(/\s+/g, ' ')}${e.a === null ? ` (${l.noAnswer})` : ''}`),
      ].join('\n');
  const entities = exchange.entities.length
    ? [l.entities, ...exchange.entities.map((e) => `- ${e.name}: ${e.value}`)].join('\n')
    : null;
  return [head, body, entities].filter(Boolean).join('\n\n');
}

/** The model's task for the hand-over note: a short summary of the exchange for the agent taking over. */
export function handoverSummaryMessages(exchange: TAiExchange, lang: TAiLang): TAiMessage[] {
  const transcript = exchange.log
    .map((e) =>
      e.a === ''
        ? `Customer: ${e.q}`
        : `Customer: ${e.q}\nBot: ${e.a ?? '(no answer found in the knowledge base)'}`,
    )
    .join('\n');
  return [
    {
      role: 'system',
      content: `Summarise this exchange between a customer and the AI assistant for the human agent who takes over, in ${lang === 'en' ? 'English' : 'Brazilian Portuguese'}: what the customer wants, what the assistant answered and what is still open, in at most 4 short bullet points. Only facts from the exchange.`,
    },
    { role: 'user', content: transcript },
  ];
}

/** Messages that say the customer is done (the AI agent block's 'resolved' exit). */
const RESOLVED_PHRASES = [
  'obrigado',
  'obrigada',
  'obg',
  'valeu',
  'agradeco',
  'so isso',
  'era isso',
  'era so isso',
  'nada mais',
  'resolvido',
  'nao tenho mais duvidas',
  'sem mais duvidas',
  'thanks',
  'thank you',
  'thx',
  'that is all',
  "that's all",
  'thats all',
  'done',
  'no more questions',
  'all good',
];

export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The message contains the word or phrase (accents, case and punctuation ignored). */
export function mentions(text: string, phrase: string): boolean {
  const t = ` ${fold(text)} `;
  const p = fold(phrase);
  return p.length > 0 && t.includes(` ${p} `);
}

/**
 * 'handover' when the customer asks for a person or writes a hand-over keyword; 'resolved' for a
 * short thanks/done message (a question that also thanks stays a question); else 'question'.
 */
export function aiIntent(
  text: string,
  settings: Pick<TChatbotAiSettings, 'personKeywords' | 'customKeywords'>,
): TAiIntent {
  if ([...settings.personKeywords, ...settings.customKeywords].some((k) => mentions(text, k)))
    return 'handover';
  const words = fold(text).split(' ').filter(Boolean);
  if (words.length <= 6 && !text.includes('?') && RESOLVED_PHRASES.some((p) => mentions(text, p)))
    return 'resolved';
  return 'question';
}

const PT_WORDS = new Set(
  'voce vc qual quais como quando onde porque por que nao sim obrigado obrigada ola oi bom boa dia tarde noite quero queria preciso posso pode tem tenho meu minha para pra com uma um os as do da dos das na nos nas e de o a que prazo quanto custa ajuda entrega pedido troca'.split(
    ' ',
  ),
);
const EN_WORDS = new Set(
  'you what which how when where why not yes thanks thank hello hi good morning evening want need can could is are the my your for with an of to in on and do does it i me price cost help delivery order return please'.split(
    ' ',
  ),
);

/**
 * The customer's language, simply: pt-BR or en by the common words (and Portuguese accents) of
 * the message; a tie or nothing known → the account's language.
 */
export function detectLang(text: string, fallback: TAiLang): TAiLang {
  let pt = /[ãõçáéíóúâêô]/i.test(text) ? 2 : 0;
  let en = 0;
  for (const word of fold(text).split(' ')) {
    if (PT_WORDS.has(word)) pt++;
    if (EN_WORDS.has(word)) en++;
  }
  if (pt === en) return fallback;
  return pt > en ? 'pt-BR' : 'en';
}

export const AI_BOT_BLOCK_ID = 'ai-agent';

/**
 * An AI bot (type `ai`) has no flow to draw: it runs as this one-block flow, an AI agent block
 * that answers every message (its session starts already waiting in it, so the first message is
 * answered), hands over by the bot's rules and after the most turns a block allows.
 */
export function aiBotDocument(): TFlowDocument {
  const position = { x: 0, y: 0 };
  return {
    version: 1,
    variables: [],
    events: [{ id: 'start', kind: 'start', position, config: { keywords: [], firstContactOnly: false } }],
    groups: [
      {
        id: 'ai',
        title: 'AI',
        position,
        blocks: [
          {
            id: AI_BOT_BLOCK_ID,
            type: 'ai_agent',
            message: null,
            maxTurns: CHATBOT_LIMITS.aiMaxTurnsMax,
            departmentId: null,
          },
        ],
      },
    ],
    edges: [{ id: 'start-ai', from: { eventId: 'start' }, to: { groupId: 'ai' } }],
  };
}
