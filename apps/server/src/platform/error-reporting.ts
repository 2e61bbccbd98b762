import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { parseDsn, scrub, type TDsn } from '@atende/shared';

/**
 * Sentry-compatible error reporting (issue 13, spec §7/§9): with SENTRY_DSN set, unhandled server
 * errors (500s, failed jobs, crashes) go to the DSN's envelope endpoint as one `event` item each.
 * Events carry the exception (type, value, stack frames), environment, release, the request's
 * method and path, and tags (account id, route, queue) – never request bodies, query strings,
 * headers, user names, e-mails or phone numbers. Sending is fire-and-forget: a failing or slow
 * collector never affects a request or a job.
 */

// The DSN mapping and the scrubbing are shared with the web app's reporting (packages/shared).
export { parseDsn, scrub, type TDsn } from '@atende/shared';

export interface TStackFrame {
  function?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  in_app: boolean;
}

const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/** V8 stack lines → Sentry frames, oldest call first (as Sentry orders them). */
export function stackFrames(stack: string | undefined): TStackFrame[] {
  if (!stack) return [];
  const frames: TStackFrame[] = [];
  for (const line of stack.split('\n').slice(1)) {
    const m = FRAME.exec(line);
    if (!m) continue;
    const filename = m[2]!.replace(/^file:\/\//, '');
    frames.push({
      ...(m[1] ? { function: m[1] } : {}),
      filename,
      lineno: Number(m[3]),
      colno: Number(m[4]),
      in_app: !filename.includes('node_modules') && !filename.startsWith('node:'),
    });
  }
  return frames.reverse();
}

export interface TErrorContext {
  /** Method and path only: the query string can hold search terms and tokens, and is never sent. */
  request?: { method: string; url: string };
  /** The account the error happened in (an id, no personal data). */
  accountId?: string | null;
  tags?: Record<string, string | number>;
  /** 'error' (default) or 'fatal' (the process is going down). */
  level?: 'error' | 'fatal';
}

export interface TErrorReporter {
  readonly enabled: boolean;
  capture(error: unknown, context?: TErrorContext): void;
  /** Waits (at most `timeoutMs`) for the events in flight: shutdown and tests. */
  flush(timeoutMs?: number): Promise<void>;
}

interface TReporterOptions {
  dsn: string | undefined;
  environment: string;
  release: string;
  appUrl: string;
  log?: FastifyBaseLogger;
  /** Overridable for tests; the platform's fetch otherwise. */
  fetch?: typeof fetch;
}

const CLIENT = 'atende-server/1.0';
const SEND_TIMEOUT_MS = 5_000;

/** The reporter of SENTRY_DSN; without it (or with a malformed DSN) nothing is ever sent. */
export function createErrorReporter(options: TReporterOptions): TErrorReporter {
  const dsn = options.dsn ? parseDsn(options.dsn) : null;
  if (options.dsn && !dsn) options.log?.warn('SENTRY_DSN is not a valid DSN: error reporting is off');
  if (!dsn) return { enabled: false, capture: () => undefined, flush: async () => undefined };
  const send = options.fetch ?? fetch;
  const inFlight = new Set<Promise<void>>();

  const capture = (error: unknown, context: TErrorContext = {}) => {
    try {
      const body = envelope(dsn, buildEvent(error, context, options));
      const auth = `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=${CLIENT}`;
      const sending = send(dsn.envelopeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
        body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
        .then(async (res) => {
          await res.arrayBuffer().catch(() => undefined);
          if (!res.ok) options.log?.warn({ status: res.status }, 'error report refused by the collector');
        })
        .catch((err) => options.log?.warn({ reason: String(err) }, 'error report not sent'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    } catch (err) {
      options.log?.warn({ reason: String(err) }, 'error report not built');
    }
  };

  return {
    enabled: true,
    capture,
    flush: async (timeoutMs = SEND_TIMEOUT_MS) => {
      if (!inFlight.size) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise<void>((done) => {
          timer = setTimeout(done, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

function exceptionValues(error: unknown) {
  const values: Array<{ type: string; value: string; stacktrace?: { frames: TStackFrame[] } }> = [];
  let current: unknown = error;
  // The outermost error goes last, its causes before it (Sentry's order for chained exceptions).
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    if (current instanceof Error) {
      const frames = stackFrames(current.stack);
      values.unshift({
        type: current.name || 'Error',
        value: scrub(current.message),
        ...(frames.length ? { stacktrace: { frames } } : {}),
      });
      current = (current as { cause?: unknown }).cause;
    } else {
      values.unshift({ type: 'Error', value: scrub(String(current)) });
      break;
    }
  }
  return values;
}

export function buildEvent(error: unknown, context: TErrorContext, options: Omit<TReporterOptions, 'dsn'>) {
  const tags: Record<string, string> = {};
  for (const [key, value] of Object.entries(context.tags ?? {})) tags[key] = String(value);
  if (context.accountId) tags.account_id = context.accountId;
  const request = context.request
    ? { method: context.request.method, url: `${options.appUrl}${context.request.url.split('?')[0]}` }
    : undefined;
  return {
    event_id: randomUUID().replaceAll('-', ''),
    timestamp: Date.now() / 1000,
    platform: 'node',
    level: context.level ?? 'error',
    logger: 'atende',
    environment: options.environment,
    release: options.release,
    exception: { values: exceptionValues(error) },
    ...(request
      ? { request, transaction: `${request.method} ${tags.route ?? context.request!.url.split('?')[0]}` }
      : {}),
    tags,
    contexts: { runtime: { name: 'node', version: process.version } },
    sdk: { name: 'atende.error-reporting', version: '1.0.0' },
  };
}

/** One envelope: its header, then one `event` item (header + JSON payload), newline separated. */
export function envelope(dsn: TDsn, event: ReturnType<typeof buildEvent>): string {
  const payload = JSON.stringify(event);
  const header = { event_id: event.event_id, sent_at: new Date().toISOString(), dsn: dsn.raw };
  const item = { type: 'event', content_type: 'application/json', length: Buffer.byteLength(payload) };
  return `${JSON.stringify(header)}\n${JSON.stringify(item)}\n${payload}\n`;
}

/** The release reported with events: `atende-server@{version}` of the server's package.json. */
export function serverRelease(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = resolve(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.version) return `atende-server@${pkg.version}`;
      } catch {
        // unreadable: keep looking up
      }
    }
    dir = dirname(dir);
  }
  return 'atende-server@unknown';
}
