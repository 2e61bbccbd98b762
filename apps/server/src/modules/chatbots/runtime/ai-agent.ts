import { CHATBOT_LIMITS, type TChatbotAiSettings, type TFlowDocument } from '@atende/shared';

/** The languages an AI bot replies in. */
export type TAiLang = 'pt-BR' | 'en';

/** What the flow engine asks of the AI while a session is in an AI agent block. */
export interface TAiAgentDeps {
  /** False when the account turned AI off (aiEnable): the block hands over at once. */
  enabled: boolean;
  intent(text: string): TAiIntent;
  /** The reply to send: the model's, or the retrieved answer labelled; null when nothing matched. */
  answer(text: string): Promise<string | null>;
  /** A fixed text in the language of the customer's message (`text`). */
  say(kind: keyof (typeof AI_TEXTS)['en'], text: string): string;
  /** No-answer turns in a row before handing over. */
  lowConfidenceTurns: number;
  /** Where a hand-over goes when the block names no department. */
  departmentId: string | null;
}

export type TAiIntent = 'handover' | 'resolved' | 'question';

export const AI_TEXTS = {
  'pt-BR': {
    no_answer:
      'Não encontrei essa informação na nossa base de conhecimento. Pode perguntar de outro jeito? Se preferir, escreva "atendente".',
    handover: 'Vou transferir você para um atendente. Aguarde um momento, por favor.',
    closing: 'Por nada! Se tiver outra dúvida, é só perguntar.',
  },
  en: {
    no_answer:
      'I could not find that in our knowledge base. Could you ask another way? If you prefer, type "agent".',
    handover: 'I will transfer you to an agent. Please wait a moment.',
    closing: "You're welcome! If you have another question, just ask.",
  },
} as const;

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
