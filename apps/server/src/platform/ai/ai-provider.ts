import type { TConfig } from '../../config';
import type { TAiProvider, TKnowledgeSearch } from './ai.types';
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

/** OPENAI_API_KEY set → the OpenAI-compatible provider; otherwise the built-in retrieval assistant. */
export function createAiProvider(config: TConfig, search: TKnowledgeSearch): TAiProvider {
  if (config.OPENAI_API_KEY)
    return new OpenAiProvider({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      model: config.OPENAI_MODEL,
    });
  return new RetrievalProvider(search);
}
