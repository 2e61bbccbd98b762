import type { TOutboundFetch } from '../outbound-url';
import type { TAiProvider, TCompleteRequest, TCompletion, TEmbedding, TEmbedOptions } from './ai.types';
import { OpenAiProvider } from './openai.provider';

/** An account's own OpenAI-compatible provider (the app store's OpenAI-compatible AI app). */
export interface TAccountAiSettings {
  baseURL: string;
  apiKey: string;
  model: string;
}

/** Where the account's own provider comes from: null when it has none (the server's is used). */
export type TAccountAiLookup = (accountId: string) => Promise<TAccountAiSettings | null>;

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * The OpenAI SDK's fetch over the outbound address guard (an account's base URL is typed by a user:
 * never a private address unless the server allows them).
 */
export function guardedFetch(outbound: TOutboundFetch) {
  return (url: string | URL | Request, init: RequestInit = {}) => {
    const target = url instanceof Request ? url.url : url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? init.body : undefined;
    return outbound(target, { method: init.method, headers, body, signal: init.signal ?? undefined });
  };
}

/**
 * The provider every AI feature is given: each call goes to its account's own provider when the
 * account has one (an installed, active OpenAI-compatible app), else to the server's. Resolved
 * providers are cached per account (bounded, with a TTL); `forget` drops one when the app changes.
 */
export class AccountAiProvider implements TAiProvider {
  readonly kind: TAiProvider['kind'];
  readonly model: string;
  private readonly cache = new Map<string, { provider: TAiProvider; expires: number }>();
  /** Bumped per account by forget(): a lookup that started before it is not cached. */
  private readonly generation = new Map<string, number>();

  constructor(
    private readonly server: TAiProvider,
    private readonly lookup: TAccountAiLookup,
    private readonly outbound: TOutboundFetch,
  ) {
    this.kind = server.kind;
    this.model = server.model;
  }

  async forAccount(accountId: string): Promise<TAiProvider> {
    const hit = this.cache.get(accountId);
    if (hit && hit.expires > Date.now()) return hit.provider;
    const generation = this.generation.get(accountId) ?? 0;
    const settings = await this.lookup(accountId);
    const provider = settings
      ? new OpenAiProvider({
          apiKey: settings.apiKey,
          baseURL: settings.baseURL,
          model: settings.model,
          fetch: guardedFetch(this.outbound),
        })
      : this.server;
    if ((this.generation.get(accountId) ?? 0) === generation) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(accountId, { provider, expires: Date.now() + TTL_MS });
    }
    return provider;
  }

  /** The account's app changed: its next call resolves the provider again. */
  forget(accountId: string) {
    this.cache.delete(accountId);
    this.generation.set(accountId, (this.generation.get(accountId) ?? 0) + 1);
  }

  async complete(request: TCompleteRequest): Promise<TCompletion> {
    return (await this.forAccount(request.accountId)).complete(request);
  }

  async embed(input: string[], options?: TEmbedOptions): Promise<TEmbedding> {
    const provider = options?.accountId ? await this.forAccount(options.accountId) : this.server;
    return provider.embed(input, options);
  }
}
