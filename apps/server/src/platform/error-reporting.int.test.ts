import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../testing/test-app';
import { signUp, type TSignedUp } from '../testing/fixtures';
import { until } from '../testing/helpers';
import { createErrorReporter, parseDsn } from './error-reporting';

/** A Sentry-like collector: parses every envelope it receives (header, item header, event). */
interface TReceived {
  url: string;
  headers: IncomingHttpHeaders;
  envelope: Record<string, any>;
  item: Record<string, any>;
  event: Record<string, any>;
  raw: string;
}

let collector: Server;
let collectorUrl = '';
const received: TReceived[] = [];
let ctx: TTestApp;
let owner: TSignedUp;

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [envelope, item, event] = raw.split('\n');
      received.push({
        url: req.url ?? '',
        headers: req.headers,
        envelope: JSON.parse(envelope!),
        item: JSON.parse(item!),
        event: JSON.parse(event!),
        raw,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"ok"}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  const dsn = `${collectorUrl.replace('http://', 'http://publickey123@')}/42`;
  ctx = await startTestApp({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'staging' });
  owner = await signUp(ctx);
});

afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => collector.close(resolve));
});

describe('parseDsn', () => {
  it('maps a DSN to its envelope endpoint, keeping a path prefix and dropping a legacy secret', () => {
    expect(parseDsn('https://abc@o1.ingest.sentry.io/123')).toMatchObject({
      envelopeUrl: 'https://o1.ingest.sentry.io/api/123/envelope/',
      publicKey: 'abc',
      projectId: '123',
    });
    expect(parseDsn('http://key:secret@errors.local:9000/sentry/7')).toMatchObject({
      envelopeUrl: 'http://errors.local:9000/sentry/api/7/envelope/',
      publicKey: 'key',
      raw: 'http://key@errors.local:9000/sentry/7',
    });
    expect(parseDsn('https://o1.ingest.sentry.io/123')).toBeNull();
    expect(parseDsn('not a dsn')).toBeNull();
  });
});

describe('error reporting with SENTRY_DSN', () => {
  it('an unhandled 500 is posted as a Sentry envelope: exception, frames, request, account tag, no personal data', async () => {
    // A broken table turns a plain read into an unhandled database error.
    await ctx.app.platform.database.db.execute(sql`alter table quick_messages rename to quick_messages_gone`);
    const before = received.length;
    try {
      const res = await api(
        ctx.app,
        'GET',
        `/p/chat/quick-messages?acc=${owner.accountId}&search=maria%40mail.com`,
        {
          token: owner.token,
          lang: 'en',
          headers: { cookie: 'session=secret-cookie' },
        },
      );
      expect(res.statusCode).toBe(500);
      expect(res.body).toMatchObject({ status: 0, code: 'INTERNAL_ERROR' });
    } finally {
      await ctx.app.platform.database.db.execute(
        sql`alter table quick_messages_gone rename to quick_messages`,
      );
    }
    const report = await until(async () => received.slice(before).find((r) => r.event.tags?.route));
    expect(report.url).toBe('/api/42/envelope/');
    expect(report.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(report.headers['x-sentry-auth']).toMatch(
      /^Sentry sentry_version=7, sentry_key=publickey123, sentry_client=/,
    );
    expect(report.envelope).toMatchObject({
      event_id: report.event.event_id,
      dsn: expect.stringContaining('publickey123@'),
    });
    expect(report.item).toMatchObject({ type: 'event', content_type: 'application/json' });
    expect(report.item.length).toBe(Buffer.byteLength(report.raw.split('\n')[2]!));
    const { event } = report;
    expect(event.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event).toMatchObject({
      level: 'error',
      platform: 'node',
      environment: 'staging',
      release: expect.stringMatching(/^atende-server@\d+\.\d+\.\d+/),
      request: { method: 'GET', url: 'http://app.test/p/chat/quick-messages' },
      tags: { account_id: owner.accountId, route: '/p/chat/quick-messages' },
    });
    const exception = event.exception.values.at(-1);
    expect(exception.type).toEqual(expect.any(String));
    expect(exception.value).toContain('quick_messages');
    expect(exception.stacktrace.frames.length).toBeGreaterThan(0);
    expect(exception.stacktrace.frames[0]).toMatchObject({
      filename: expect.any(String),
      lineno: expect.any(Number),
      in_app: expect.any(Boolean),
    });
    // No request body, query string, headers, token, cookie or e-mail in what leaves the server.
    expect(event.request.headers).toBeUndefined();
    expect(event.request.data).toBeUndefined();
    expect(event.user).toBeUndefined();
    for (const secret of [owner.token, 'secret-cookie', 'maria', owner.email, 'search='])
      expect(report.raw).not.toContain(secret);
  });

  it('a failed job is reported with its queue, never its data', async () => {
    const before = received.length;
    // The SMTP server goes away: the reset mail's job fails and is reported.
    await ctx.smtp.stop();
    const res = await api(ctx.app, 'POST', '/g/auth/reset-password', { body: { email: owner.email } });
    expect(res.statusCode).toBe(200);
    const report = await until(
      async () => received.slice(before).find((r) => r.event.tags?.queue === 'mail'),
      20_000,
    );
    expect(report.event.tags.job_id).toEqual(expect.any(String));
    expect(report.event.request).toBeUndefined();
    expect(report.event.exception.values.at(-1).value).toEqual(expect.any(String));
    expect(report.raw).not.toContain(owner.email);
    expect(report.raw).not.toContain('Redefin');
  });
});

describe('reporting failures never affect requests', () => {
  it('with the collector down the 500 still answers at once in the envelope', async () => {
    const dead = await startTestApp({ SENTRY_DSN: 'http://key@127.0.0.1:1/9' });
    try {
      const user = await signUp(dead);
      await dead.app.platform.database.db.execute(
        sql`alter table quick_messages rename to quick_messages_gone`,
      );
      const res = await api(dead.app, 'GET', `/p/chat/quick-messages?acc=${user.accountId}`, {
        token: user.token,
      });
      expect(res.statusCode).toBe(500);
      expect(res.body.code).toBe('INTERNAL_ERROR');
      await dead.app.platform.database.db.execute(
        sql`alter table quick_messages_gone rename to quick_messages`,
      );
      const ok = await api(dead.app, 'GET', `/p/chat/quick-messages?acc=${user.accountId}`, {
        token: user.token,
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await dead.close();
    }
  });

  it('without SENTRY_DSN (or with a malformed one) nothing is sent; a throwing transport never throws', async () => {
    const calls: string[] = [];
    const spy = (async (url: string) => {
      calls.push(url);
      return new Response('');
    }) as unknown as typeof fetch;
    const base = { environment: 'test', release: 'r', appUrl: 'http://app.test', fetch: spy };
    for (const dsn of [undefined, 'https://no-key.example/1']) {
      const off = createErrorReporter({ ...base, dsn });
      expect(off.enabled).toBe(false);
      off.capture(new Error('boom'));
      await off.flush();
    }
    expect(calls).toEqual([]);
    const broken = createErrorReporter({
      ...base,
      dsn: 'http://k@127.0.0.1:1/2',
      fetch: (() => {
        throw new Error('transport exploded');
      }) as unknown as typeof fetch,
    });
    expect(() => broken.capture(new Error('boom'))).not.toThrow();
    await broken.flush();
  });
});
