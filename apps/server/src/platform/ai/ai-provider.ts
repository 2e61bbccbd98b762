import type { TConfig } from '../../config';
import type { TDb } from '../db/client';
import type { TAiProvider } from './ai.types';
import { OpenAiProvider } from './openai.provider';
import { RetrievalProvider } from './retrieval.provider';

export type { TAiMessage, TAiProvider, TCompletion, TCompleteRequest, TEmbedding } from './ai.types';

/** OPENAI_API_KEY set → the OpenAI-compatible provider; otherwise the built-in retrieval assistant. */
export function createAiProvider(config: TConfig, db: TDb): TAiProvider {
  if (config.OPENAI_API_KEY)
    return new OpenAiProvider({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      model: config.OPENAI_MODEL,
    });
  return new RetrievalProvider(db);
}
