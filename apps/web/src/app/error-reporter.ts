import { parseDsn, scrub, type TDsn, type TWebErrorReporting } from '@atende/shared';
import { APP_VERSION } from './app-version';
import { exceptionValues, routePattern, type TException, uaContexts } from './error-event';
import type { TReport } from './error-reporting';

/**
 * Browser error reporting to a Sentry-compatible collector (issue 13, spec §7/§9). Loaded by
 * error-reporting.ts with a dynamic import, after the first paint, and only when the server hands
 * out a DSN (GET /g/client-config): the sign-in page never carries it.
 *
 * - errors (100%): window errors, unhandled rejections, render errors of the route error boundary
 *   and chunk-load failures; at most MAX_ERRORS events per page load, identical errors once;
 * - sessions (1% of page loads): a release-health `session` item at load, updated on errors;
 * - traces (10% of page loads): one `transaction` for the page load, from the navigation timing.
 *
 * An event holds the exception (type, message, frames), release, environment, the route PATTERN
 * (`/apps/chatbot/edit/:chatbot_id`, never the address: ids, invitation codes, query strings and
 * hashes stay in the browser), browser and OS names from the user agent. Never: the user, e-mails,
 * phone numbers, account names, tokens, request bodies; messages are scrubbed like the server's.
 */

/** Error events per page load, at most (a loop of errors must not flood the collector). */
export const MAX_ERRORS = 10;
const CLIENT = 'atende-web/1.0';
const SDK = { name: 'atende.web-error-reporting', version: '1.0.0' };
/** Browser noise, not bugs of the app. */
const IGNORED = [/^ResizeObserver loop/, /^Script error\.?$/];

export interface TReporterEnv {
  /** Sampling decisions (sessions, traces): Math.random by default. */
  random: () => number;
  /** Posts one envelope (fire-and-forget). */
  send: (url: string, body: string) => void;
  /** Epoch milliseconds. */
  now: () => number;
  location: { origin: string; pathname: string };
  userAgent: string;
  /** performance.timeOrigin: when the page load started (epoch ms). */
  timeOrigin: number;
  /** The page load's PerformanceNavigationTiming, when the browser has it. */
  navigation: () => PerformanceNavigationTiming | undefined;
  /** Paint timings (first-paint, first-contentful-paint). */
  paints: () => PerformanceEntry[];
}

/** fetch with keepalive (survives the page going away), no cookies, origin-only referrer: a simple CORS request. */
function sendEnvelope(url: string, body: string): void {
  try {
    void fetch(url, {
      method: 'POST',
      body,
      keepalive: body.length < 60_000,
      credentials: 'omit',
      referrerPolicy: 'origin',
    }).catch(() => undefined);
  } catch {
    // a transport that throws never takes the page with it
  }
}

function browserEnv(): TReporterEnv {
  return {
    random: Math.random,
    send: sendEnvelope,
    now: () => Date.now(),
    location: window.location,
    userAgent: navigator.userAgent,
    timeOrigin: performance.timeOrigin,
    navigation: () =>
      performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined,
    paints: () => performance.getEntriesByType?.('paint') ?? [],
  };
}

/** Random hex ids (crypto.getRandomValues: also on plain http, where randomUUID is missing). */
export function hexId(bytes: 16 | 8): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** One envelope: its header, then each item (header + JSON payload), newline separated. */
export function envelope(
  dsn: TDsn,
  header: Record<string, unknown>,
  items: Array<[string, unknown]>,
): string {
  const lines = [JSON.stringify({ ...header, sent_at: new Date().toISOString(), dsn: dsn.raw, sdk: SDK })];
  for (const [type, payload] of items) {
    const json = JSON.stringify(payload);
    lines.push(JSON.stringify({ type, content_type: 'application/json', length: byteLength(json) }), json);
  }
  return `${lines.join('\n')}\n`;
}

/** The DSN's envelope endpoint with its key in the query: browsers send no auth header (no CORS preflight). */
export function envelopeEndpoint(dsn: TDsn): string {
  const query = new URLSearchParams({
    sentry_key: dsn.publicKey,
    sentry_version: '7',
    sentry_client: CLIENT,
  });
  return `${dsn.envelopeUrl}?${query}`;
}

type TSessionStatus = 'ok' | 'errored' | 'crashed';
const RANK: Record<TSessionStatus, number> = { ok: 0, errored: 1, crashed: 2 };

export interface TReporter {
  /** Sends the report as an error event; false when dropped (ignored, duplicate, over the limit). */
  report(item: TReport): boolean;
  readonly sampled: { session: boolean; trace: boolean };
}

/**
 * The reporter of one page load: decides its samples, sends the session's start and the page-load
 * transaction (when sampled), and turns reports into error events. Null with a malformed DSN.
 */
export function createReporter(
  settings: TWebErrorReporting,
  overrides: Partial<TReporterEnv> = {},
): TReporter | null {
  const dsn = parseDsn(settings.dsn);
  if (!dsn) return null;
  const env = { ...browserEnv(), ...overrides };
  const url = envelopeEndpoint(dsn);
  const release = `atende-web@${APP_VERSION}`;
  const { environment } = settings;
  const contexts = uaContexts(env.userAgent);
  const traceId = hexId(16);
  const sampled = {
    session: env.random() < settings.sessionSampleRate,
    trace: env.random() < settings.tracesSampleRate,
  };
  const post = (header: Record<string, unknown>, items: Array<[string, unknown]>) => {
    try {
      env.send(url, envelope(dsn, header, items));
    } catch {
      // never throws into the page
    }
  };

  const session = sampled.session
    ? {
        sid: hexId(16),
        started: new Date(env.timeOrigin).toISOString(),
        status: 'ok' as TSessionStatus,
        errors: 0,
      }
    : null;
  const sendSession = (init: boolean) => {
    if (!session) return;
    post({}, [
      [
        'session',
        {
          sid: session.sid,
          init,
          started: session.started,
          timestamp: new Date(env.now()).toISOString(),
          status: session.status,
          errors: session.errors,
          attrs: { release, environment },
        },
      ],
    ]);
  };
  sendSession(true);
  if (sampled.trace) {
    const transaction = pageLoadTransaction(env, traceId);
    if (transaction) {
      const eventId = hexId(16);
      post({ event_id: eventId }, [
        [
          'transaction',
          {
            ...transaction,
            event_id: eventId,
            release,
            environment,
            contexts: { ...contexts, ...transaction.contexts },
            sdk: SDK,
          },
        ],
      ]);
    }
  }

  const seen = new Set<string>();
  let sent = 0;

  const report = (item: TReport): boolean => {
    const route = routePattern(env.location.pathname);
    let values: TException[];
    const tags: Record<string, string> = { route };
    let mechanism: { type: string; handled: boolean };
    if (item.kind === 'chunk') {
      const { failure } = item;
      values = [{ type: 'ChunkLoadError', value: scrub(failure.message) }];
      mechanism = { type: 'chunk-load', handled: true };
      Object.assign(tags, {
        chunk: failure.chunk,
        reason: failure.reason,
        attempts: String(failure.attempts),
        elapsedMs: String(failure.elapsedMs),
      });
    } else {
      values = exceptionValues(item.error, env.location.origin);
      mechanism = { type: item.mechanism, handled: item.handled };
    }
    const outer = values.at(-1);
    if (!outer || IGNORED.some((re) => re.test(outer.value))) return false;
    const top = outer.stacktrace?.frames.at(-1);
    const key = `${outer.type}|${outer.value}|${tags.chunk ?? ''}|${top ? `${top.filename}:${top.lineno}:${top.colno}` : ''}`;
    if (seen.has(key) || sent >= MAX_ERRORS) return false;
    seen.add(key);
    sent++;
    outer.mechanism = mechanism;
    const eventId = hexId(16);
    post({ event_id: eventId }, [
      [
        'event',
        {
          event_id: eventId,
          timestamp: env.now() / 1000,
          platform: 'javascript',
          level: 'error',
          logger: 'atende.web',
          release,
          environment,
          transaction: route,
          exception: { values },
          tags,
          contexts: { ...contexts, trace: { trace_id: traceId, span_id: hexId(8) } },
          sdk: SDK,
        },
      ],
    ]);
    if (session && session.status !== 'crashed') {
      // A render error or a chunk failure took the page down (the error page shows); other errors
      // leave it running.
      const next: TSessionStatus =
        item.kind === 'chunk' || item.mechanism === 'react' ? 'crashed' : 'errored';
      session.errors++;
      if (RANK[next] > RANK[session.status]) session.status = next;
      sendSession(false);
    }
    return true;
  };

  return { report, sampled };
}

type TSpanTiming = keyof PerformanceNavigationTiming;
const NAVIGATION_SPANS: Array<[string, TSpanTiming, TSpanTiming]> = [
  ['browser.redirect', 'redirectStart', 'redirectEnd'],
  ['browser.dns', 'domainLookupStart', 'domainLookupEnd'],
  ['browser.connect', 'connectStart', 'connectEnd'],
  ['browser.tls', 'secureConnectionStart', 'connectEnd'],
  ['browser.request', 'requestStart', 'responseStart'],
  ['browser.response', 'responseStart', 'responseEnd'],
  ['browser.domContentLoadedEvent', 'domContentLoadedEventStart', 'domContentLoadedEventEnd'],
  ['browser.loadEvent', 'loadEventStart', 'loadEventEnd'],
];

/** The page load as a transaction: from the navigation's start to the end of its load event. */
export function pageLoadTransaction(env: TReporterEnv, traceId: string) {
  const nav = env.navigation();
  if (!nav || !(nav.loadEventEnd > 0)) return null;
  const at = (ms: number) => (env.timeOrigin + ms) / 1000;
  const spanId = hexId(8);
  const spans = NAVIGATION_SPANS.flatMap(([op, from, to]) => {
    const start = nav[from] as number;
    const end = nav[to] as number;
    if (!(start > 0) || !(end > start)) return [];
    return [
      {
        trace_id: traceId,
        span_id: hexId(8),
        parent_span_id: spanId,
        op,
        description: op.slice('browser.'.length),
        start_timestamp: at(start),
        timestamp: at(end),
      },
    ];
  });
  const measurements: Record<string, { value: number; unit: 'millisecond' }> = {};
  if (nav.responseStart > 0)
    measurements.ttfb = { value: nav.responseStart - nav.startTime, unit: 'millisecond' };
  for (const paint of env.paints()) {
    if (paint.name === 'first-paint') measurements.fp = { value: paint.startTime, unit: 'millisecond' };
    if (paint.name === 'first-contentful-paint')
      measurements.fcp = { value: paint.startTime, unit: 'millisecond' };
  }
  const route = routePattern(env.location.pathname);
  return {
    type: 'transaction' as const,
    platform: 'javascript',
    transaction: route,
    transaction_info: { source: 'route' },
    start_timestamp: at(nav.startTime),
    timestamp: at(nav.loadEventEnd),
    contexts: { trace: { trace_id: traceId, span_id: spanId, op: 'pageload', status: 'ok' } },
    spans,
    measurements,
    tags: { route },
  };
}
