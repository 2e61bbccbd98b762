import type { TClientConfig } from '@atende/shared';
import { FRONT_VERSION } from './api-client';
import { ChunkLoadError, setChunkFailureReporter, type TChunkFailure } from './lazy-page';

/**
 * Browser error reporting, the part every page carries (issue 13): it catches errors from the start
 * (up to EARLY_MAX, held until the configuration is known) and, after the first paint, asks the
 * server (GET /g/client-config) whether reporting is on. Only then is the reporter
 * (error-reporter.ts: envelopes, sessions, traces) loaded with a dynamic import; with no DSN the
 * held errors are dropped, the listeners removed, and nothing is loaded or sent.
 */

/** What the page reports: an error (window, unhandled rejection, render) or a chunk that failed to load. */
export type TReport =
  | {
      kind: 'error';
      error: unknown;
      mechanism: 'onerror' | 'onunhandledrejection' | 'react';
      handled: boolean;
    }
  | { kind: 'chunk'; failure: TChunkFailure };

export interface TReportSink {
  report(item: TReport): unknown;
}

/** Reports held while the configuration is unknown (the reporter's own limit applies after). */
export const EARLY_MAX = 10;

/** undefined: not known yet (hold); null: reporting is off (drop). */
let sink: TReportSink | null | undefined;
let held: TReport[] = [];

/** Sends (or holds) a report; never throws. */
export function reportToCollector(item: TReport): void {
  try {
    if (sink) sink.report(item);
    else if (sink === undefined && held.length < EARLY_MAX) held.push(item);
  } catch {
    // reporting never breaks the page
  }
}

/** A render error caught by the route error boundary (chunk failures were reported by lazy-page). */
export function reportRenderError(error: unknown): void {
  if (error instanceof ChunkLoadError) return;
  reportToCollector({ kind: 'error', error, mechanism: 'react', handled: false });
}

function onWindowError(event: ErrorEvent): void {
  reportToCollector({
    kind: 'error',
    error: event.error ?? event.message,
    mechanism: 'onerror',
    handled: false,
  });
}

function onRejection(event: PromiseRejectionEvent): void {
  reportToCollector({
    kind: 'error',
    error: event.reason,
    mechanism: 'onunhandledrejection',
    handled: false,
  });
}

function reportChunkFailure(failure: TChunkFailure): void {
  console.error('chunk load failed', failure);
  reportToCollector({ kind: 'chunk', failure });
}

/** The public configuration; null when the server does not answer it (reporting stays off). */
export async function fetchClientConfig(): Promise<TClientConfig | null> {
  const res = await fetch('/g/client-config', {
    headers: { Accept: 'application/json', 'Front-Version': FRONT_VERSION },
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { status?: number; data?: TClientConfig };
  return body.status === 1 && body.data ? body.data : null;
}

/** Runs `fn` once the page has loaded and painted (the reporter's traffic never competes with it). */
function afterFirstPaint(fn: () => void): void {
  const next = () => {
    if (document.hidden) setTimeout(fn, 0);
    else requestAnimationFrame(() => setTimeout(fn, 0));
  };
  if (document.readyState === 'complete') next();
  else window.addEventListener('load', next, { once: true });
}

export interface TStartOptions {
  fetchConfig?: () => Promise<TClientConfig | null>;
  loadReporter?: () => Promise<Pick<typeof import('./error-reporter'), 'createReporter'>>;
  whenReady?: (fn: () => void) => void;
}

/**
 * main.tsx: listens for errors and chunk failures at once, then (after the first paint) loads the
 * reporter when the server gives a DSN. Resolves true when reporting is on, false when off.
 */
export function startErrorReporting({
  fetchConfig = fetchClientConfig,
  loadReporter = () => import('./error-reporter'),
  whenReady = afterFirstPaint,
}: TStartOptions = {}): Promise<boolean> {
  sink = undefined;
  held = [];
  window.addEventListener('error', onWindowError);
  window.addEventListener('unhandledrejection', onRejection);
  setChunkFailureReporter(reportChunkFailure);
  return new Promise<void>((resolve) => whenReady(resolve))
    .then(async () => {
      const settings = (await fetchConfig())?.errorReporting;
      if (!settings) return false;
      const reporter = (await loadReporter()).createReporter(settings);
      if (!reporter) return false;
      sink = reporter;
      const pending = held;
      held = [];
      for (const item of pending) reportToCollector(item);
      return true;
    })
    .catch(() => false)
    .then((on) => {
      if (!on) stopErrorReporting();
      return on;
    });
}

/** Reporting off: held reports dropped, listeners removed (chunk failures still go to the console). */
export function stopErrorReporting(): void {
  sink = null;
  held = [];
  window.removeEventListener('error', onWindowError);
  window.removeEventListener('unhandledrejection', onRejection);
}
