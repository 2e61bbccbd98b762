import type OpenAI from 'openai';
import type { TAiProvider, TAiUsageReport, TCompleteRequest, TCompletion, TEmbedding } from './ai.types';

/** The tokens a response reports (absent from some OpenAI-compatible servers). */
function usageOf(usage: { total_tokens?: number } | null | undefined): { usage?: TAiUsageReport } {
  return typeof usage?.total_tokens === 'number' ? { usage: { tokens: usage.total_tokens } } : {};
}

export interface TOpenAiOptions {
  apiKey: string;
  baseURL?: string;
  model?: string;
  embeddingModel?: string;
  /** Per attempt: until the answer (or, streaming, until it starts). */
  timeoutMs?: number;
  /** Whole call, streaming included, across retries. */
  deadlineMs?: number;
  /** Retries of connection errors, 408, 409, 429 and 5xx (exponential back-off, honours retry-after). */
  maxRetries?: number;
  /** How requests go out (an account's own provider: through the outbound address guard). */
  fetch?: (url: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

/** Any OpenAI-compatible API (OpenAI, Azure, Ollama, vLLM) through the official SDK. */
export class OpenAiProvider implements TAiProvider {
  readonly kind = 'openai' as const;
  readonly model: string;
  private readonly embeddingModel: string;
  private readonly deadlineMs: number;
  private sdk?: Promise<OpenAI>;

  constructor(private readonly options: TOpenAiOptions) {
    this.model = options.model ?? 'gpt-4o-mini';
    this.embeddingModel = options.embeddingModel ?? 'text-embedding-3-small';
    this.deadlineMs = options.deadlineMs ?? 120_000;
  }

  /** The SDK's client, made (and the SDK loaded) at the first call: a server that makes none keeps it out of memory. */
  private client(): Promise<OpenAI> {
    this.sdk ??= import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({
          apiKey: this.options.apiKey,
          baseURL: this.options.baseURL,
          timeout: this.options.timeoutMs ?? 30_000,
          maxRetries: this.options.maxRetries ?? 2,
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
        }),
    );
    return this.sdk;
  }

  private signal(extra?: AbortSignal): AbortSignal {
    const deadline = AbortSignal.timeout(this.deadlineMs);
    return extra ? AbortSignal.any([deadline, extra]) : deadline;
  }

  async complete(request: TCompleteRequest): Promise<TCompletion> {
    const signal = this.signal(request.signal);
    const base = { model: this.model, messages: request.messages };
    if (!request.onDelta) {
      const response = await (await this.client()).chat.completions.create(base, { signal });
      return {
        text: response.choices[0]?.message?.content ?? '',
        provider: 'openai',
        model: response.model,
        ...usageOf(response.usage),
      };
    }
    const stream = await (await this.client()).chat.completions.create(
      { ...base, stream: true, stream_options: { include_usage: true } },
      { signal },
    );
    let text = '';
    let model = this.model;
    let usage: { usage?: TAiUsageReport } = {};
    for await (const chunk of stream) {
      if (chunk.model) model = chunk.model;
      if (chunk.usage) usage = usageOf(chunk.usage);
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) {
        text += delta;
        request.onDelta(delta, text);
      }
    }
    return { text, provider: 'openai', model, ...usage };
  }

  async embed(input: string[]): Promise<TEmbedding> {
    const response = await (await this.client()).embeddings.create(
      { model: this.embeddingModel, input },
      { signal: this.signal() },
    );
    const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    return { vectors, provider: 'openai', model: response.model, ...usageOf(response.usage) };
  }
}
