import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec §8: a code-split chunk that has not loaded after 120 s counts as failed and is reported. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Pause before the one retry of a failed chunk. */
export const CHUNK_RETRY_DELAY_MS = 1_000;

/** A page's JavaScript could not be loaded (usually: a new version was deployed). */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    readonly chunk: string,
    readonly reason: 'error' | 'timeout',
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

const BROWSER_CHUNK_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return BROWSER_CHUNK_MESSAGES.some((m) => message.includes(m));
}

export interface TChunkFailure {
  chunk: string;
  reason: 'error' | 'timeout';
  message: string;
  attempts: number;
  elapsedMs: number;
}

let reporter: (failure: TChunkFailure) => void = (failure) => {
  console.error('chunk load failed', failure);
};

/** Where chunk failures are reported: the console by default; error-reporting.ts adds the collector. */
export function setChunkFailureReporter(fn: (failure: TChunkFailure) => void): void {
  reporter = fn;
}

function withTimeout<T>(promise: Promise<T>, ms: number, chunk: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`chunk ${chunk} not loaded after ${ms} ms`, chunk, 'timeout')),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface TChunkOptions {
  timeoutMs?: number;
  retryDelayMs?: number;
}

/**
 * Loads a code-split chunk: a failure (or no answer within 120 s) is retried once; when the retry
 * fails too, the failure is reported and a ChunkLoadError is thrown, which the router's error page
 * shows as "a new version is available — reload".
 */
export async function loadChunk<M>(
  load: () => Promise<M>,
  chunk: string,
  { timeoutMs = CHUNK_TIMEOUT_MS, retryDelayMs = CHUNK_RETRY_DELAY_MS }: TChunkOptions = {},
): Promise<M> {
  const started = Date.now();
  try {
    return await withTimeout(load(), timeoutMs, chunk);
  } catch {
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    try {
      return await withTimeout(load(), timeoutMs, chunk);
    } catch (error) {
      const reason = error instanceof ChunkLoadError ? error.reason : 'error';
      const message = error instanceof Error ? error.message : String(error);
      reporter({ chunk, reason, message, attempts: 2, elapsedMs: Date.now() - started });
      throw new ChunkLoadError(message, chunk, reason);
    }
  }
}

/** React.lazy over loadChunk for the named export `name` of a module. */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  options?: TChunkOptions,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await loadChunk(load, name, options))[name] as ComponentType }));
}
