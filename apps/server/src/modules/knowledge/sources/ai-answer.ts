import type { TAiMessage } from '../../../platform/ai/ai.types';

export interface TAnswerPassage {
  sourceName: string;
  page: number | null;
  section: string | null;
  text: string;
}

/** The guardrails every model answer of the knowledge base gets (the account's own prompt comes later). */
export const KNOWLEDGE_GUARDRAILS = [
  'You are a customer service assistant. Answer only from the passages of the knowledge base below.',
  'If the passages do not contain the answer, say that you do not know and offer to connect the customer with a human agent. Never invent facts, prices, deadlines or policies.',
  "Reply in the customer's language, briefly and politely. Do not ask for passwords or card details.",
].join('\n');

const cite = (p: TAnswerPassage) =>
  [p.sourceName, p.page ? `page ${p.page}` : null, p.section].filter(Boolean).join(', ');

const LANGUAGE_NAMES: Record<TLangCode, string> = { 'pt-BR': 'Brazilian Portuguese', en: 'English' };

/**
 * The messages sent to an OpenAI-compatible model: guardrails (+ the bot's own instructions and
 * the customer's language, when given) + numbered passages, then the question.
 */
export function answerMessages(
  question: string,
  passages: TAnswerPassage[],
  opts: { instructions?: string; lang?: TLangCode } = {},
): TAiMessage[] {
  const context = passages.map((p, i) => `[${i + 1}] (${cite(p)})\n${p.text}`).join('\n\n');
  const instructions = opts.instructions?.trim()
    ? `\n\nInstructions from the business (tone, facts, what not to do; the rules above prevail):\n${opts.instructions.trim()}`
    : '';
  const language = opts.lang ? `\n\nThe customer writes in ${LANGUAGE_NAMES[opts.lang]}: reply in it.` : '';
  return [
    {
      role: 'system',
      content: `${KNOWLEDGE_GUARDRAILS}${instructions}${language}\n\nKnowledge base passages:\n${context}`,
    },
    { role: 'user', content: question },
  ];
}

export type TLangCode = 'pt-BR' | 'en';
const LABELS: Record<TLangCode, { found: string; source: string; page: string }> = {
  'pt-BR': { found: 'Encontrei isto na nossa base de conhecimento:', source: 'Fonte', page: 'página' },
  en: { found: 'I found this in our knowledge base:', source: 'Source', page: 'page' },
};

/**
 * The text an AI bot sends the customer for an answer of the knowledge base: null when nothing
 * matched (the bot hands over); a model's answer as written; a retrieved passage or FAQ answer
 * labelled as found in the knowledge base, with its source — never presented as a model's reply.
 */
export function customerReply(
  answer: {
    kind: 'generated' | 'retrieved' | 'none';
    text: string | null;
    source: { sourceName: string; page: number | null; section: string | null } | null;
  },
  lang: TLangCode,
): string | null {
  if (answer.kind === 'none' || !answer.text) return null;
  if (answer.kind === 'generated') return answer.text;
  const l = LABELS[lang];
  const s = answer.source;
  const where = s
    ? [s.sourceName, s.page ? `${l.page} ${s.page}` : null, s.section].filter(Boolean).join(', ')
    : null;
  return [l.found, answer.text, where ? `${l.source}: ${where}` : null].filter(Boolean).join('\n\n');
}
