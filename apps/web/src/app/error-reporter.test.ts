import { describe, expect, it } from 'vitest';
import type { TWebErrorReporting } from '@atende/shared';
import { APP_VERSION } from './app-version';
import { parseStack, routePattern, uaContexts } from './error-event';
import { createReporter, MAX_ERRORS, type TReporterEnv } from './error-reporter';

const SETTINGS: TWebErrorReporting = {
  dsn: 'https://webkey123@errors.example.com/sentry/42',
  environment: 'production',
  tracesSampleRate: 0.1,
  sessionSampleRate: 0.01,
};
const ENDPOINT =
  'https://errors.example.com/sentry/api/42/envelope/?sentry_key=webkey123&sentry_version=7&sentry_client=atende-web%2F1.0';
const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Safari/537.36';
const NOW = 1_750_000_000_000;
const ORIGIN_TIME = 1_749_999_990_000;
const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;

interface TSent {
  url: string;
  raw: string;
  header: Record<string, any>;
  items: Array<{ header: Record<string, any>; payload: Record<string, any> }>;
}

/** A reporter whose envelopes are parsed into `sent`; random answers `randoms` in turn (session, trace). */
function setup(
  randoms: number[] = [0.5, 0.5],
  env: Partial<TReporterEnv> = {},
  settings: TWebErrorReporting = SETTINGS,
) {
  const sent: TSent[] = [];
  const location = { origin: 'https://app.atende.test', pathname: '/apps/contacts' };
  const queue = [...randoms];
  const reporter = createReporter(settings, {
    random: () => queue.shift() ?? 0.99,
    now: () => NOW,
    timeOrigin: ORIGIN_TIME,
    userAgent: CHROME_UA,
    location,
    navigation: () => undefined,
    paints: () => [],
    send: (url, raw) => {
      const lines = raw.split('\n');
      expect(lines.at(-1)).toBe('');
      const items: TSent['items'] = [];
      for (let i = 1; i + 1 < lines.length; i += 2)
        items.push({ header: JSON.parse(lines[i]!), payload: JSON.parse(lines[i + 1]!) });
      sent.push({ url, raw, header: JSON.parse(lines[0]!), items });
    },
    ...env,
  });
  return { reporter: reporter!, sent, location };
}

function errorWithStack(message: string, name = 'TypeError'): Error {
  const error = new Error(message);
  error.name = name;
  error.stack = [
    `${name}: ${message}`,
    '    at renderList (https://app.atende.test/assets/contacts-page-Ab12.js:3:1450)',
    '    at https://app.atende.test/assets/index-Xy9.js?v=2:1:200',
  ].join('\n');
  return error;
}

describe('stack frames', () => {
  it('Chrome: `at fn (url:line:col)` and `at url:line:col`, oldest first, query strings dropped', () => {
    const stack = [
      'TypeError: x is undefined',
      '    at renderList (https://app.atende.test/assets/contacts-page-Ab12.js:3:1450)',
      '    at async Promise.all (index 0)',
      '    at new Loader (https://cdn.example.com/vendor.js?token=abc:10:5)',
      '    at https://app.atende.test/assets/index-Xy9.js?v=2#x:1:200',
    ].join('\n');
    expect(parseStack(stack, 'https://app.atende.test')).toEqual([
      { filename: 'https://app.atende.test/assets/index-Xy9.js', lineno: 1, colno: 200, in_app: true },
      {
        function: 'new Loader',
        filename: 'https://cdn.example.com/vendor.js',
        lineno: 10,
        colno: 5,
        in_app: false,
      },
      {
        function: 'renderList',
        filename: 'https://app.atende.test/assets/contacts-page-Ab12.js',
        lineno: 3,
        colno: 1450,
        in_app: true,
      },
    ]);
  });

  it('Firefox and Safari: `fn@url:line:col` and `@url:line:col`; native frames skipped', () => {
    const stack = [
      'renderList@https://app.atende.test/assets/contacts-page-Ab12.js:3:1450',
      'forEach@[native code]',
      'loadAll/<@https://app.atende.test/node_modules/.vite/deps/x.js:7:9',
      '@https://app.atende.test/assets/index-Xy9.js:1:200',
      '',
    ].join('\n');
    expect(parseStack(stack, 'https://app.atende.test')).toEqual([
      { filename: 'https://app.atende.test/assets/index-Xy9.js', lineno: 1, colno: 200, in_app: true },
      {
        function: 'loadAll/<',
        filename: 'https://app.atende.test/node_modules/.vite/deps/x.js',
        lineno: 7,
        colno: 9,
        in_app: false,
      },
      {
        function: 'renderList',
        filename: 'https://app.atende.test/assets/contacts-page-Ab12.js',
        lineno: 3,
        colno: 1450,
        in_app: true,
      },
    ]);
    expect(parseStack(undefined, 'https://app.atende.test')).toEqual([]);
  });
});

describe('browser and OS from the user agent', () => {
  it('names and versions only', () => {
    expect(uaContexts(CHROME_UA)).toEqual({
      browser: { name: 'Chrome', version: '126.0.6478.126' },
      os: { name: 'Windows', version: '10.0' },
    });
    expect(uaContexts('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({
      browser: { name: 'Firefox', version: '128.0' },
      os: { name: 'Linux' },
    });
    expect(
      uaContexts(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: { name: 'Safari', version: '17.5' }, os: { name: 'iOS', version: '17.5.1' } });
    expect(
      uaContexts(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.80',
      ),
    ).toEqual({
      browser: { name: 'Edge', version: '126.0.2592.80' },
      os: { name: 'Android', version: '14' },
    });
  });
});

describe('route pattern (never the address)', () => {
  it('names the route of the path, ids and codes as parameters; unknown paths keep their first segment', () => {
    expect(routePattern('/apps/campaigns/0190f3a2-1111-7000-8000-000000000001')).toBe(
      '/apps/campaigns/:campaign_id',
    );
    expect(routePattern('/invitation/secret-invite-code')).toBe('/invitation/:invatation_id');
    expect(routePattern('/apps/chatbot/edit/flow/hybrid/123')).toBe(
      '/apps/chatbot/edit/flow/hybrid/:chatbot_id',
    );
    expect(routePattern('/login')).toBe('/login');
    expect(routePattern('/create-account')).toBe('/create-account');
    expect(routePattern('/nowhere/maria@mail.com')).toBe('/nowhere/*');
    expect(routePattern('/')).toBe('/');
  });
});

describe('error events', () => {
  it('a window error becomes one `event` envelope at the DSN’s endpoint: exception, frames, release, route, browser', () => {
    const { reporter, sent } = setup();
    expect(reporter.sampled).toEqual({ session: false, trace: false });
    expect(sent).toEqual([]);
    expect(
      reporter.report({
        kind: 'error',
        error: errorWithStack('x is undefined'),
        mechanism: 'onerror',
        handled: false,
      }),
    ).toBe(true);
    expect(sent).toHaveLength(1);
    const [{ url, header, items }] = sent as [TSent];
    expect(url).toBe(ENDPOINT);
    expect(header).toEqual({
      event_id: items[0]!.payload.event_id,
      sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      dsn: 'https://webkey123@errors.example.com/sentry/42',
      sdk: { name: 'atende.web-error-reporting', version: '1.0.0' },
    });
    expect(items).toHaveLength(1);
    const raw = sent[0]!.raw.split('\n');
    expect(items[0]!.header).toEqual({
      type: 'event',
      content_type: 'application/json',
      length: new TextEncoder().encode(raw[2]!).length,
    });
    expect(items[0]!.payload).toEqual({
      event_id: expect.stringMatching(HEX32),
      timestamp: NOW / 1000,
      platform: 'javascript',
      level: 'error',
      logger: 'atende.web',
      release: `atende-web@${APP_VERSION}`,
      environment: 'production',
      transaction: '/apps/contacts',
      exception: {
        values: [
          {
            type: 'TypeError',
            value: 'x is undefined',
            stacktrace: {
              frames: [
                {
                  filename: 'https://app.atende.test/assets/index-Xy9.js',
                  lineno: 1,
                  colno: 200,
                  in_app: true,
                },
                {
                  function: 'renderList',
                  filename: 'https://app.atende.test/assets/contacts-page-Ab12.js',
                  lineno: 3,
                  colno: 1450,
                  in_app: true,
                },
              ],
            },
            mechanism: { type: 'onerror', handled: false },
          },
        ],
      },
      tags: { route: '/apps/contacts' },
      contexts: {
        browser: { name: 'Chrome', version: '126.0.6478.126' },
        os: { name: 'Windows', version: '10.0' },
        trace: { trace_id: expect.stringMatching(HEX32), span_id: expect.stringMatching(HEX16) },
      },
      sdk: { name: 'atende.web-error-reporting', version: '1.0.0' },
    });
  });

  it('no personal data: e-mails, phones and tokens in messages masked; the address, its ids and query never sent; no user', () => {
    const { reporter, sent, location } = setup();
    location.pathname = '/invitation/secret-invite-code';
    const cause = new Error('request for +55 (11) 98765-4321 failed');
    const error = new Error('Could not save maria.souza@mail.com: Bearer eyJhbGciOi.abc-def', { cause });
    reporter.report({ kind: 'error', error, mechanism: 'onunhandledrejection', handled: false });
    reporter.report({
      kind: 'error',
      error: 'rejected for joao@mail.com',
      mechanism: 'onunhandledrejection',
      handled: false,
    });
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((s) => s.items[0]!.payload);
    expect(first!.exception.values.map((v: { value: string }) => v.value)).toEqual([
      'request for [number] failed',
      'Could not save [email]: Bearer [token]',
    ]);
    expect(first!.transaction).toBe('/invitation/:invatation_id');
    expect(second!.exception.values).toEqual([
      {
        type: 'Error',
        value: 'rejected for [email]',
        mechanism: { type: 'onunhandledrejection', handled: false },
      },
    ]);
    for (const { raw, items } of sent) {
      for (const secret of ['maria', 'joao', '98765', 'eyJhbGciOi', 'secret-invite-code', 'Mozilla'])
        expect(raw).not.toContain(secret);
      expect(items[0]!.payload.user).toBeUndefined();
      expect(items[0]!.payload.request).toBeUndefined();
    }
  });

  it('identical errors are sent once, and at most 10 events per page load', () => {
    const { reporter, sent } = setup();
    const same = () =>
      reporter.report({ kind: 'error', error: errorWithStack('boom'), mechanism: 'onerror', handled: false });
    expect(same()).toBe(true);
    expect(same()).toBe(false);
    const results = Array.from({ length: 15 }, (_, i) =>
      reporter.report({
        kind: 'error',
        error: new Error(`failure ${i}`),
        mechanism: 'onerror',
        handled: false,
      }),
    );
    expect(MAX_ERRORS).toBe(10);
    expect(results.filter(Boolean)).toHaveLength(9);
    expect(sent).toHaveLength(10);
    expect(sent.map((s) => s.items[0]!.payload.exception.values[0].value)).toEqual([
      'boom',
      ...Array.from({ length: 9 }, (_, i) => `failure ${i}`),
    ]);
  });

  it('browser noise (ResizeObserver loops, cross-origin "Script error.") is not sent', () => {
    const { reporter, sent } = setup();
    reporter.report({
      kind: 'error',
      error: new Error('ResizeObserver loop completed with undelivered notifications.'),
      mechanism: 'onerror',
      handled: false,
    });
    reporter.report({ kind: 'error', error: 'Script error.', mechanism: 'onerror', handled: false });
    expect(sent).toEqual([]);
  });

  it('a chunk-load failure is a ChunkLoadError event tagged with the chunk, reason, attempts and time', () => {
    const { reporter, sent } = setup();
    reporter.report({
      kind: 'chunk',
      failure: {
        chunk: 'InboxPage',
        reason: 'timeout',
        message: 'chunk InboxPage not loaded after 120000 ms',
        attempts: 2,
        elapsedMs: 241_000,
      },
    });
    const event = sent[0]!.items[0]!.payload;
    expect(event.exception).toEqual({
      values: [
        {
          type: 'ChunkLoadError',
          value: 'chunk InboxPage not loaded after 120000 ms',
          mechanism: { type: 'chunk-load', handled: true },
        },
      ],
    });
    expect(event.tags).toEqual({
      route: '/apps/contacts',
      chunk: 'InboxPage',
      reason: 'timeout',
      attempts: '2',
      elapsedMs: '241000',
    });
  });

  it('a malformed DSN gives no reporter and sends nothing', () => {
    let sends = 0;
    const reporter = createReporter(
      { ...SETTINGS, dsn: 'https://errors.example.com/42' },
      { send: () => sends++, random: () => 0 },
    );
    expect(reporter).toBeNull();
    expect(sends).toBe(0);
  });
});

describe('sampling (spec §9): 1% sessions, 10% traces, 100% errors', () => {
  it('draws once per page load: under 0.01 a session starts, under 0.1 the page load is traced', () => {
    expect(setup([0.0099, 0.0999]).reporter.sampled).toEqual({ session: true, trace: true });
    expect(setup([0.01, 0.1]).reporter.sampled).toEqual({ session: false, trace: false });
    expect(setup([0.5, 0.05]).reporter.sampled).toEqual({ session: false, trace: true });
    // Errors are sent whatever the draw.
    const { reporter, sent } = setup([0.99, 0.99]);
    reporter.report({ kind: 'error', error: new Error('boom'), mechanism: 'onerror', handled: false });
    expect(sent.map((s) => s.items[0]!.header.type)).toEqual(['event']);
  });

  it('a sampled session is sent at load (init, ok) and updated on errors: errored, then crashed by a render error', () => {
    const { reporter, sent } = setup([0.001, 0.5]);
    expect(sent).toHaveLength(1);
    const attrs = { release: `atende-web@${APP_VERSION}`, environment: 'production' };
    const started = new Date(ORIGIN_TIME).toISOString();
    const timestamp = new Date(NOW).toISOString();
    expect(sent[0]!.header).toEqual({
      sent_at: expect.any(String),
      dsn: 'https://webkey123@errors.example.com/sentry/42',
      sdk: { name: 'atende.web-error-reporting', version: '1.0.0' },
    });
    expect(sent[0]!.items).toEqual([
      {
        header: { type: 'session', content_type: 'application/json', length: expect.any(Number) },
        payload: {
          sid: expect.stringMatching(HEX32),
          init: true,
          started,
          timestamp,
          status: 'ok',
          errors: 0,
          attrs,
        },
      },
    ]);
    const sid = sent[0]!.items[0]!.payload.sid;
    reporter.report({ kind: 'error', error: new Error('one'), mechanism: 'onerror', handled: false });
    reporter.report({ kind: 'error', error: new Error('two'), mechanism: 'react', handled: false });
    reporter.report({ kind: 'error', error: new Error('three'), mechanism: 'onerror', handled: false });
    const sessions = sent
      .flatMap((s) => s.items)
      .filter((i) => i.header.type === 'session')
      .map((i) => i.payload);
    expect(sessions.slice(1)).toEqual([
      { sid, init: false, started, timestamp, status: 'errored', errors: 1, attrs },
      { sid, init: false, started, timestamp, status: 'crashed', errors: 2, attrs },
    ]);
    expect(sent.flatMap((s) => s.items).filter((i) => i.header.type === 'event')).toHaveLength(3);
  });

  it('a traced page load sends one `pageload` transaction from the navigation timing, named by its route', () => {
    const navigation = {
      startTime: 0,
      redirectStart: 0,
      redirectEnd: 0,
      domainLookupStart: 5,
      domainLookupEnd: 25,
      connectStart: 25,
      secureConnectionStart: 40,
      connectEnd: 70,
      requestStart: 72,
      responseStart: 180,
      responseEnd: 200,
      domContentLoadedEventStart: 650,
      domContentLoadedEventEnd: 660,
      loadEventStart: 900,
      loadEventEnd: 910,
    } as unknown as PerformanceNavigationTiming;
    const paints = [
      { name: 'first-paint', startTime: 400 },
      { name: 'first-contentful-paint', startTime: 420 },
    ] as PerformanceEntry[];
    const { reporter, sent } = setup([0.5, 0.05], { navigation: () => navigation, paints: () => paints });
    expect(reporter.sampled).toEqual({ session: false, trace: true });
    expect(sent).toHaveLength(1);
    const [item] = sent[0]!.items;
    expect(item!.header).toMatchObject({ type: 'transaction' });
    const tx = item!.payload;
    const at = (ms: number) => (ORIGIN_TIME + ms) / 1000;
    const traceId = tx.contexts.trace.trace_id;
    const spanId = tx.contexts.trace.span_id;
    expect(sent[0]!.header.event_id).toBe(tx.event_id);
    const span = (op: string, start: number, end: number) => ({
      trace_id: traceId,
      span_id: expect.stringMatching(HEX16),
      parent_span_id: spanId,
      op,
      description: op.slice('browser.'.length),
      start_timestamp: at(start),
      timestamp: at(end),
    });
    expect(tx).toEqual({
      type: 'transaction',
      event_id: expect.stringMatching(HEX32),
      platform: 'javascript',
      transaction: '/apps/contacts',
      transaction_info: { source: 'route' },
      start_timestamp: at(0),
      timestamp: at(910),
      release: `atende-web@${APP_VERSION}`,
      environment: 'production',
      contexts: {
        browser: { name: 'Chrome', version: '126.0.6478.126' },
        os: { name: 'Windows', version: '10.0' },
        trace: {
          trace_id: expect.stringMatching(HEX32),
          span_id: expect.stringMatching(HEX16),
          op: 'pageload',
          status: 'ok',
        },
      },
      spans: [
        span('browser.dns', 5, 25),
        span('browser.connect', 25, 70),
        span('browser.tls', 40, 70),
        span('browser.request', 72, 180),
        span('browser.response', 180, 200),
        span('browser.domContentLoadedEvent', 650, 660),
        span('browser.loadEvent', 900, 910),
      ],
      measurements: {
        ttfb: { value: 180, unit: 'millisecond' },
        fp: { value: 400, unit: 'millisecond' },
        fcp: { value: 420, unit: 'millisecond' },
      },
      tags: { route: '/apps/contacts' },
      sdk: { name: 'atende.web-error-reporting', version: '1.0.0' },
    });
    // Errors of a traced page carry its trace id.
    reporter.report({ kind: 'error', error: new Error('boom'), mechanism: 'onerror', handled: false });
    expect(sent[1]!.items[0]!.payload.contexts.trace.trace_id).toBe(traceId);
  });

  it('no transaction while the page has not finished loading (no navigation entry or load event end)', () => {
    const loading = { startTime: 0, loadEventEnd: 0 } as unknown as PerformanceNavigationTiming;
    expect(setup([0.5, 0.01], { navigation: () => loading }).sent).toEqual([]);
    expect(setup([0.5, 0.01], { navigation: () => undefined }).sent).toEqual([]);
  });
});
