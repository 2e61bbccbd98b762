import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TClientConfig } from '@atende/shared';
import { Wrapper } from '../test/setup';
import { FRONT_VERSION } from './api-client';
import { createReporter } from './error-reporter';
import {
  EARLY_MAX,
  fetchClientConfig,
  reportToCollector,
  startErrorReporting,
  stopErrorReporting,
  type TStartOptions,
} from './error-reporting';
import { RouteErrorBoundary } from './layouts/router-error';
import { ChunkLoadError, loadChunk, setChunkFailureReporter } from './lazy-page';

const ON: TClientConfig = {
  errorReporting: {
    dsn: 'https://webkey123@errors.example.com/42',
    environment: 'production',
    tracesSampleRate: 0.1,
    sessionSampleRate: 0.01,
  },
};

afterEach(() => {
  stopErrorReporting();
  setChunkFailureReporter((failure) => console.error('chunk load failed', failure));
  vi.restoreAllMocks();
});

/** Starts reporting with `config`; the reporter's envelopes go to `events` (payloads of `event` items). */
function start(config: TClientConfig | null, options: Partial<TStartOptions> = {}) {
  const events: Array<Record<string, any>> = [];
  const loads = vi.fn(async () => ({
    createReporter: (settings: NonNullable<TClientConfig['errorReporting']>) =>
      createReporter(settings, {
        random: () => 0.5,
        send: (_url, raw) => {
          const [, item, payload] = raw.split('\n');
          if (JSON.parse(item!).type === 'event') events.push(JSON.parse(payload!));
        },
      }),
  }));
  let ready: () => void = () => undefined;
  const started = startErrorReporting({
    fetchConfig: async () => config,
    loadReporter: loads,
    whenReady: (fn) => {
      ready = fn;
    },
    ...options,
  });
  return { events, loads, started, ready: () => ready() };
}

function Broken(): never {
  throw new TypeError('Cannot read properties of undefined (reading "name")');
}

function Stale(): never {
  throw new ChunkLoadError('chunk Page not loaded', 'Page', 'error');
}

const windowError = (error: Error) =>
  window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));

describe('browser error reporting: loading', () => {
  it('with no DSN the reporter is never loaded, held errors are dropped and later ones ignored', async () => {
    const { events, loads, started, ready } = start({ errorReporting: null });
    windowError(new Error('before the configuration'));
    ready();
    expect(await started).toBe(false);
    // Another listener of the page (vitest rethrows window errors that nobody listens to).
    const other = vi.fn();
    window.addEventListener('error', other);
    windowError(new Error('after the configuration'));
    window.removeEventListener('error', other);
    expect(other).toHaveBeenCalledTimes(1);
    reportToCollector({ kind: 'error', error: new Error('direct'), mechanism: 'react', handled: false });
    expect(loads).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('a server that does not answer the configuration leaves reporting off', async () => {
    const { loads, started, ready } = start(null, {
      fetchConfig: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    ready();
    expect(await started).toBe(false);
    expect(loads).not.toHaveBeenCalled();
  });

  it('nothing is asked before the page is ready; then errors caught meanwhile are sent (at most 10 held)', async () => {
    const fetchConfig = vi.fn(async () => ON);
    const { events, loads, started, ready } = start(ON, { fetchConfig });
    for (let i = 0; i < EARLY_MAX + 3; i++) windowError(new Error(`early ${i}`));
    expect(fetchConfig).not.toHaveBeenCalled();
    expect(loads).not.toHaveBeenCalled();
    ready();
    expect(await started).toBe(true);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(events.map((e) => e.exception.values[0].value)).toEqual(
      Array.from({ length: EARLY_MAX }, (_, i) => `early ${i}`),
    );
    expect(events[0]!.exception.values[0].mechanism).toEqual({ type: 'onerror', handled: false });
  });

  it('unhandled promise rejections are reported', async () => {
    const { events, started, ready } = start(ON);
    ready();
    await started;
    const event = Object.assign(new Event('unhandledrejection'), { reason: new RangeError('bad range') });
    window.dispatchEvent(event);
    expect(events.map((e) => e.exception.values.map(({ stacktrace, ...value }: any) => value))).toEqual([
      [
        {
          type: 'RangeError',
          value: 'bad range',
          mechanism: { type: 'onunhandledrejection', handled: false },
        },
      ],
    ]);
    expect(events[0]!.exception.values[0].stacktrace.frames.at(-1)).toMatchObject({
      filename: expect.stringContaining('error-reporting.test.tsx'),
    });
  });

  it('asks GET /g/client-config with the Front-Version header and reads its envelope', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ status: 1, data: ON }), { status: 200 }));
    expect(await fetchClientConfig()).toEqual(ON);
    expect(spy).toHaveBeenCalledWith('/g/client-config', {
      headers: { Accept: 'application/json', 'Front-Version': FRONT_VERSION },
    });
    spy.mockResolvedValue(new Response('{"status":0,"code":"ROUTE_NOT_FOUND"}', { status: 404 }));
    expect(await fetchClientConfig()).toBeNull();
  });
});

describe('browser error reporting: what is reported', () => {
  it('a chunk that fails twice is reported as a ChunkLoadError (chunk, reason, attempts) and still logged', async () => {
    const { events, started, ready } = start(ON);
    ready();
    await started;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js'));
    await expect(loadChunk(failing, 'InboxPage', { retryDelayMs: 1 })).rejects.toBeInstanceOf(ChunkLoadError);
    expect(events).toHaveLength(1);
    expect(events[0]!.exception.values).toEqual([
      {
        // No frames: the loader's stack says nothing about the page.
        type: 'ChunkLoadError',
        value: 'Failed to fetch dynamically imported module: /x.js',
        mechanism: { type: 'chunk-load', handled: true },
      },
    ]);
    expect(events[0]!.tags).toMatchObject({ chunk: 'InboxPage', reason: 'error', attempts: '2' });
    // Whole milliseconds since the first attempt: a 1 ms retry timer may fire within the
    // same Date.now() millisecond, so 0 is a correct reading.
    expect(events[0]!.tags.elapsedMs).toMatch(/^\d+$/);
    expect(logged).toHaveBeenCalledWith('chunk load failed', expect.objectContaining({ chunk: 'InboxPage' }));
  });

  it('a render error caught by the route error boundary is reported and the error page shows', async () => {
    const { events, started, ready } = start(ON);
    ready();
    await started;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary location="/apps/contacts">
        <Broken />
      </RouteErrorBoundary>,
      { wrapper: Wrapper },
    );
    expect(await screen.findByRole('button', { name: 'Recarregar' })).toBeInTheDocument();
    expect(events.map((e) => e.exception.values.at(-1))).toEqual([
      expect.objectContaining({
        type: 'TypeError',
        value: 'Cannot read properties of undefined (reading "name")',
        mechanism: { type: 'react', handled: false },
      }),
    ]);
  });

  it('a ChunkLoadError reaching the boundary is not reported twice (lazy-page reported it)', async () => {
    const { events, started, ready } = start(ON);
    ready();
    await started;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary location="/apps/contacts">
        <Stale />
      </RouteErrorBoundary>,
      { wrapper: Wrapper },
    );
    expect(await screen.findByText('Uma nova versão está disponível')).toBeInTheDocument();
    expect(events).toEqual([]);
  });
});
