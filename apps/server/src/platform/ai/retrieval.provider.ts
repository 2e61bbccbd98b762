import type { TLang } from '@atende/shared';
import type {
  TAiProvider,
  TCompleteRequest,
  TCompletion,
  TEmbedding,
  TKnowledgeHit,
  TKnowledgeSearch,
} from './ai.types';

const MODEL = 'atende-retrieval';
const QUOTE_MAX = 400;

const TEXT = {
  'pt-BR': {
    intro:
      'Sou o assistente de busca embutido do Atende, não um modelo de linguagem: não escrevo respostas, só procuro no conhecimento da sua conta e nos textos de ajuda do Atende.',
    found: 'Encontrei isto:',
    none: 'Não encontrei nada sobre isso. Tente outras palavras, ou peça a um administrador para cadastrar uma nota com a resposta.',
    note: 'nota da conta',
    help: 'ajuda do Atende',
  },
  en: {
    intro:
      "I am Atende's built-in search assistant, not a language model: I do not write answers, I only search your account's knowledge and Atende's help texts.",
    found: 'Here is what I found:',
    none: 'I found nothing about that. Try other words, or ask an admin to add a note with the answer.',
    note: 'account note',
    help: 'Atende help',
  },
} as const;

function quote(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > QUOTE_MAX ? `${clean.slice(0, QUOTE_MAX - 1)}…` : clean;
}

/** The built-in assistant's plain answer: what it is, then the hits quoted verbatim. */
export function composeAnswer(hits: TKnowledgeHit[], lang: TLang): string {
  const t = TEXT[lang];
  if (hits.length === 0) return `${t.intro}\n\n${t.none}`;
  const quotes = hits.map(
    (h) => `“${h.title}” (${h.source === 'note' ? t.note : t.help})\n> ${quote(h.body)}`,
  );
  return `${t.intro}\n\n${t.found}\n\n${quotes.join('\n\n')}`;
}

const DIMENSIONS = 256;

/** FNV-1a of a token, folded into the vector's dimensions. */
function bucket(token: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % DIMENSIONS;
}

/**
 * Without a model: answers from PostgreSQL full-text search over the account's knowledge and
 * says so; embeddings are lexical (hashed bag of words, labelled 'hashed-lexical-256'), good
 * for word-overlap similarity only.
 */
export class RetrievalProvider implements TAiProvider {
  readonly kind = 'retrieval' as const;
  readonly model = MODEL;

  constructor(private readonly search: TKnowledgeSearch) {}

  async complete(request: TCompleteRequest): Promise<TCompletion> {
    const question = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const hits = question.trim() ? await this.search(request.accountId, question, request.lang) : [];
    const text = composeAnswer(hits, request.lang);
    request.onDelta?.(text, text);
    return { text, provider: 'retrieval', model: MODEL };
  }

  async embed(input: string[]): Promise<TEmbedding> {
    const vectors = input.map((text) => {
      const vector = new Array<number>(DIMENSIONS).fill(0);
      const tokens = text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 2);
      for (const token of tokens) vector[bucket(token)] += 1;
      const norm = Math.hypot(...vector) || 1;
      return vector.map((v) => v / norm);
    });
    return { vectors, provider: 'retrieval', model: 'hashed-lexical-256' };
  }
}
