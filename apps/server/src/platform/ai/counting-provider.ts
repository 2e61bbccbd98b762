import type { TAiProvider, TCompleteRequest, TCompletion, TEmbedding, TEmbedOptions } from './ai.types';

/** Adds one call (and the tokens the provider reported) to the account's monthly AI usage. */
export type TAiUsageRecorder = (accountId: string, call: { tokens: number }) => Promise<void>;

/**
 * The provider as every feature gets it: each complete() — and each embed() made for an account —
 * is counted to that account once it answered. A failed count never fails the AI call (it is
 * reported to `onError`).
 */
export class CountingProvider implements TAiProvider {
  readonly kind: TAiProvider['kind'];
  readonly model: string;

  constructor(
    private readonly inner: TAiProvider,
    private readonly record: TAiUsageRecorder,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.kind = inner.kind;
    this.model = inner.model;
  }

  async complete(request: TCompleteRequest): Promise<TCompletion> {
    const result = await this.inner.complete(request);
    await this.count(request.accountId, result.usage?.tokens);
    return result;
  }

  async embed(input: string[], options?: TEmbedOptions): Promise<TEmbedding> {
    const result = await this.inner.embed(input, options);
    if (options?.accountId) await this.count(options.accountId, result.usage?.tokens);
    return result;
  }

  async forAccount(accountId: string): Promise<TAiProvider> {
    if (!this.inner.forAccount) return this;
    const inner = await this.inner.forAccount(accountId);
    return new CountingProvider(inner, this.record, this.onError);
  }

  private async count(accountId: string, tokens = 0) {
    try {
      await this.record(accountId, { tokens });
    } catch (err) {
      this.onError(err);
    }
  }
}
