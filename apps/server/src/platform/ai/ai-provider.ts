import type { TConfig } from '../../config';
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

/**
 * OPENAI_API_KEY set → the OpenAI-compatible provider; otherwise the built-in retrieval assistant.
 * With `usage`, every call made for an account is counted (the account's monthly AI usage).
 */
export function createAiProvider(
  config: TConfig,
  search: TKnowledgeSearch,
  usage?: { record: TAiUsageRecorder; onError?: (err: unknown) => void },
): TAiProvider {
  const provider = config.OPENAI_API_KEY
    ? new OpenAiProvider({
        apiKey: config.OPENAI_API_KEY,
        baseURL: config.OPENAI_BASE_URL,
        model: config.OPENAI_MODEL,
      })
    : new RetrievalProvider(search);
  return usage ? new CountingProvider(provider, usage.record, usage.onError) : provider;
}
