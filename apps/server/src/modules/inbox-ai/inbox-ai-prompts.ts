import type { TLang, TMessage } from '@atende/shared';
import type { TAiMessage } from '../../platform/ai/ai.types';

/** What the model is told about the context it gets (the account's prompt comes first). */
const LANG_NAME: Record<TLang, string> = { 'pt-BR': 'Brazilian Portuguese', en: 'English' };
const TRANSCRIPT_MAX = 12_000;

export interface TSuggestionContext {
  passages: { sourceName: string; text: string }[];
  quickMessages: { shortcut: string; text: string }[];
}

/** The conversation as text, oldest first: who wrote each message (notes marked as internal). */
export function transcriptOf(messages: TMessage[], withNotes: boolean): string {
  const lines = messages
    .filter((m) => m.body?.trim() && (withNotes || !m.private))
    .map((m) => {
      const who =
        m.author === 'contact'
          ? 'Customer'
          : m.author === 'operator'
            ? `Agent${m.authorName ? ` (${m.authorName})` : ''}`
            : m.author === 'bot'
              ? 'Bot'
              : 'System';
      return `${m.private ? `${who}, internal note` : who}: ${m.body!.trim()}`;
    });
  const text = lines.join('\n');
  return text.length > TRANSCRIPT_MAX ? text.slice(text.length - TRANSCRIPT_MAX) : text;
}

/** A reply suggestion: the account's prompt, the knowledge base and quick messages, then the conversation. */
export function suggestMessages(
  prompt: string,
  transcript: string,
  context: TSuggestionContext,
): TAiMessage[] {
  const passages = context.passages.map((p, i) => `[${i + 1}] (${p.sourceName})\n${p.text}`).join('\n\n');
  const quick = context.quickMessages.map((q) => `/${q.shortcut}: ${q.text}`).join('\n');
  const system = [
    prompt,
    'Write the next reply of the agent to the customer in this conversation: only the text of the reply, in the language the customer writes in. The agent reviews and edits it before sending.',
    `Knowledge base passages:\n${passages || '(none found)'}`,
    `Quick messages of the team (reuse their wording when they fit):\n${quick || '(none)'}`,
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Conversation:\n${transcript}` },
  ];
}

export function summaryMessages(prompt: string, transcript: string, lang: TLang): TAiMessage[] {
  return [
    {
      role: 'system',
      content: `${prompt}\n\nSummarise this customer conversation for a colleague, in ${LANG_NAME[lang]}: what the customer wants, what was done and what is pending, in at most 5 short bullet points. Only facts from the conversation.`,
    },
    { role: 'user', content: `Conversation:\n${transcript}` },
  ];
}

export function improveMessages(prompt: string, draft: string): TAiMessage[] {
  return [
    {
      role: 'system',
      content: `${prompt}\n\nImprove the agent's draft reply below: correct spelling and grammar, make it clear and polite in the tone above, keep its meaning, facts and language. Answer with only the improved text.`,
    },
    { role: 'user', content: draft },
  ];
}

export function translateMessages(draft: string, to: TLang): TAiMessage[] {
  return [
    {
      role: 'system',
      content: `Translate the agent's draft reply below into ${LANG_NAME[to]}. Keep its meaning, tone and formatting; do not add anything. Answer with only the translation.`,
    },
    { role: 'user', content: draft },
  ];
}

const STOP = new Set(
  'que com para por uma uns umas dos das nos nas não sim mas como mais sua seu meu minha vocês você the and for with you your are this that from have what when how'.split(
    ' ',
  ),
);

/** The words of a text, folded (no accents, lower case), without short and common ones. */
export function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2 && !STOP.has(w)),
  );
}

/** How much of the question a candidate text covers (0..1): the share of the question's words it holds. */
export function overlapScore(question: Set<string>, text: string): number {
  if (question.size === 0) return 0;
  const words = wordsOf(text);
  let hits = 0;
  for (const w of question) if (words.has(w)) hits += 1;
  return hits / question.size;
}
