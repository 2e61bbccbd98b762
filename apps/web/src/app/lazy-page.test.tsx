import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Wrapper } from '../test/setup';
import { i18n } from './i18n';
import { RouterErrorPage } from './layouts/router-error';
import {
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  type TChunkFailure,
  isChunkLoadError,
  lazyPage,
  loadChunk,
  setChunkFailureReporter,
} from './lazy-page';

afterEach(async () => {
  vi.restoreAllMocks();
  setChunkFailureReporter((failure) => console.error('chunk load failed', failure));
  await i18n.changeLanguage('pt-BR');
});

function renderLazy(load: () => Promise<{ Page: () => React.ReactNode }>) {
  const Page = lazyPage(load, 'Page', { retryDelayMs: 1 });
  const router = createMemoryRouter([{ path: '/', element: <Page />, errorElement: <RouterErrorPage /> }]);
  render(<RouterProvider router={router} />, { wrapper: Wrapper });
}

function LoadedPage() {
  return <p>página carregada</p>;
}

const fetchFailed = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js'));

describe('code-split pages', () => {
  it('retry once: a chunk that fails the first time still shows its page, nothing reported', async () => {
    const reports: TChunkFailure[] = [];
    setChunkFailureReporter((f) => reports.push(f));
    const load = vi
      .fn<() => Promise<{ Page: () => React.ReactNode }>>()
      .mockImplementationOnce(fetchFailed)
      .mockResolvedValue({ Page: LoadedPage });
    renderLazy(load);
    expect(await screen.findByText('página carregada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reports).toEqual([]);
  });

  it('a chunk that fails twice is reported and shows the translated "new version — reload" screen', async () => {
    const reports: TChunkFailure[] = [];
    setChunkFailureReporter((f) => reports.push(f));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(fetchFailed);
    renderLazy(load);
    expect(await screen.findByText('Uma nova versão está disponível')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reports).toEqual([expect.objectContaining({ chunk: 'Page', reason: 'error', attempts: 2 })]);
    expect(reports[0].message).toContain('Failed to fetch dynamically imported module');
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    setChunkFailureReporter(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLazy(fetchFailed);
    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('a chunk still loading after 120 s counts as failed: retried, then reported as a timeout', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    try {
      const reports: TChunkFailure[] = [];
      setChunkFailureReporter((f) => reports.push(f));
      const load = vi.fn(() => new Promise<never>(() => undefined));
      const result = loadChunk(load, 'Slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
      expect(reports).toEqual([]);
      await vi.advanceTimersByTimeAsync(1 + 1_000 + CHUNK_TIMEOUT_MS);
      const error = await result;
      expect(error).toBeInstanceOf(ChunkLoadError);
      expect(isChunkLoadError(error)).toBe(true);
      expect(load).toHaveBeenCalledTimes(2);
      expect(reports).toEqual([expect.objectContaining({ chunk: 'Slow', reason: 'timeout', attempts: 2 })]);
      expect(reports[0].elapsedMs).toBeGreaterThanOrEqual(2 * CHUNK_TIMEOUT_MS);
    } finally {
      vi.useRealTimers();
    }
  });

  it('other render errors keep the generic error page', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });
});
