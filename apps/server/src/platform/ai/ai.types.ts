import type { TLang } from '@atende/shared';

/** One turn of a conversation with the assistant. */
export interface TAiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TCompleteRequest {
  /** Whose knowledge the retrieval assistant searches (and whom a model call is billed to). */
  accountId: string;
  lang: TLang;
  messages: TAiMessage[];
  /** When given, the answer streams: called with each new piece and the text so far. */
  onDelta?: (delta: string, text: string) => void;
  signal?: AbortSignal;
}

export type TAiProviderKind = 'openai' | 'retrieval';

/** What a call cost, when the provider reports it (OpenAI's `usage.total_tokens`). */
export interface TAiUsageReport {
  tokens: number;
}

export interface TCompletion {
  text: string;
  provider: TAiProviderKind;
  model: string;
  usage?: TAiUsageReport;
}

export interface TEmbedding {
  vectors: number[][];
  provider: TAiProviderKind;
  model: string;
  usage?: TAiUsageReport;
}

export interface TEmbedOptions {
  /** Whom the call is counted to (the account's monthly AI usage). */
  accountId?: string;
}

/** The one AI interface of DESIGN.md §6: an OpenAI-compatible model, or the built-in retrieval assistant. */
export interface TAiProvider {
  readonly kind: TAiProviderKind;
  readonly model: string;
  complete(request: TCompleteRequest): Promise<TCompletion>;
  embed(input: string[], options?: TEmbedOptions): Promise<TEmbedding>;
  /**
   * The provider an account's calls go to (its own OpenAI-compatible app, or the server's): what a
   * feature checks `kind` and `model` on. Absent: the same for every account.
   */
  forAccount?(accountId: string): Promise<TAiProvider>;
}

/** The provider `accountId`'s AI features use (see TAiProvider.forAccount). */
export function providerFor(provider: TAiProvider, accountId: string): Promise<TAiProvider> {
  return provider.forAccount ? provider.forAccount(accountId) : Promise.resolve(provider);
}

/** One passage the built-in assistant found: an account note or a help text of the product. */
export interface TKnowledgeHit {
  source: 'note' | 'help';
  title: string;
  body: string;
  rank: number;
}

/** The knowledge module's search (the retrieval assistant is given it; platform holds no content). */
export type TKnowledgeSearch = (
  accountId: string,
  question: string,
  lang: 'pt-BR' | 'en',
  limit?: number,
) => Promise<TKnowledgeHit[]>;
