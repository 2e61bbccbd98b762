import type { TConfig } from '../../config';
import type { TOutboundFetch } from '../outbound-url';
import { AccountAiProvider, type TAccountAiLookup } from './account-provider';
import type { TAiProvider, TKnowledgeSearch } from './ai.types';
import { CountingProvider, type TAiUsageRecorder } from './counting-provider';
import { OpenAiProvider } from './openai.provider';
import { RetrievalProvider } from './retrieval.provider';

export type {
  TAiMessage,
  TAiProvider,
  TCompletion,
  TCompleteRequest,
  TEmbedding,
  TKnowledgeHit,
  TKnowledgeSearch,
} from './ai.types';

export type { TAiUsageRecorder } from './counting-provider';
export { providerFor } from './ai.types';
export type { TAccountAiLookup, TAccountAiSettings } from './account-provider';

/** Accounts with their own provider (the app store's OpenAI-compatible AI app). */
export interface TAccountProviders {
  lookup: TAccountAiLookup;
  outbound: TOutboundFetch;
  /** Tells when an account's settings may have changed (the tenant cache's invalidations). */
  invalidations: { on(event: 'invalidated', listener: (accountId: string) => void): unknown };
}

/**
 * OPENAI_API_KEY set → the OpenAI-compatible provider; otherwise the built-in retrieval assistant.
 * With `accounts`, an account with its own provider gets that one instead. With `usage`, every
 * call made for an account is counted (the account's monthly AI usage).
 */
export function createAiProvider(
  config: TConfig,
  search: TKnowledgeSearch,
  usage?: { record: TAiUsageRecorder; onError?: (err: unknown) => void },
  accounts?: TAccountProviders,
): TAiProvider {
  const server = config.OPENAI_API_KEY
    ? new OpenAiProvider({
        apiKey: config.OPENAI_API_KEY,
        baseURL: config.OPENAI_BASE_URL,
        model: config.OPENAI_MODEL,
      })
    : new RetrievalProvider(search);
  const provider = accounts ? perAccount(server, accounts) : server;
  return usage ? new CountingProvider(provider, usage.record, usage.onError) : provider;
}

function perAccount(server: TAiProvider, accounts: TAccountProviders): TAiProvider {
  const provider = new AccountAiProvider(server, accounts.lookup, accounts.outbound);
  accounts.invalidations.on('invalidated', (accountId) => provider.forget(accountId));
  return provider;
}
