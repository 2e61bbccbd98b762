import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../testing/test-app';

let ctx: TTestApp;
let webDist: string;
const INDEX_HTML = '<!doctype html><html><body><div id="root">atende-spa</div></body></html>';

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'atende-web-'));
  writeFileSync(join(webDist, 'version.json'), JSON.stringify({ version: 200 }));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, 'app.js'), 'console.log(1);');
  ctx = await startTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('Front-Version', () => {
  const plans = (version?: string) =>
    api(ctx.app, 'GET', '/g/product/plans', {
      headers: version === undefined ? {} : { 'front-version': version },
    });

  it('flags a client older than the server’s web build', async () => {
    const res = await plans('100');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 1, frontVersionConflict: true });
    expect(res.body.data).toHaveLength(4);
  });

  it('does not flag a current or newer client, nor one without the header', async () => {
    for (const version of ['200', '201', undefined]) {
      const res = await plans(version);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toHaveProperty('frontVersionConflict');
    }
  });

  it('flags error answers too, so an outdated client reloads whatever it called', async () => {
    const res = await api(ctx.app, 'GET', '/g/user/me', { headers: { 'front-version': '100' } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ status: 0, message: 'invalid token', frontVersionConflict: true });
  });

  it('ignores a header that is not a number', async () => {
    const res = await plans('abc');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toHaveProperty('frontVersionConflict');
  });
});

describe('web app and SPA fallback', () => {
  it('serves index.html for the app’s routes', async () => {
    for (const url of [
      '/dashboard',
      '/apps/inbox',
      '/invitation/0192d3a4-0000-7000-8000-000000000000',
      '/login?to=%2Facc',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('serves the build’s files', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1);');
    const version = await ctx.app.inject({ method: 'GET', url: '/version.json' });
    expect(version.json()).toEqual({ version: 200 });
  });

  it('answers 404 for a file the build does not have, never the app page', async () => {
    for (const url of ['/assets/index-0ld.js', '/assets/style', '/gone.js', '/logo.png?v=2', '/app.js.map']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/^text\/html/);
      expect(res.json()).toEqual({ status: 0, code: 'ROUTE_NOT_FOUND', message: 'Route not found' });
    }
  });

  it('keeps API 404s in JSON', async () => {
    for (const [method, url] of [
      ['GET', '/g/nope'],
      ['GET', '/p/nope?acc=1'],
      ['GET', '/webhooks/nope'],
      ['POST', '/dashboard'],
      ['DELETE', '/g/auth/login'],
    ] as const) {
      const res = await api(ctx.app, method, url, { lang: 'en' });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ status: 0, code: 'ROUTE_NOT_FOUND', message: 'Route not found' });
    }
  });
});

describe('ops', () => {
  it('/healthz and /readyz answer 200', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await api(ctx.app, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toEqual({ status: 1, data: { ok: true } });
    }
  });

  it('/metrics is Prometheus text with the request counter', async () => {
    await api(ctx.app, 'GET', '/healthz');
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
  });

  it('/docs/json is the OpenAPI document with the auth, user and account paths', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/g/auth/register',
      '/g/auth/setup',
      '/g/auth/login',
      '/g/auth/verify-otp',
      '/g/auth/resend-verify-otp',
      '/g/auth/refresh-token',
      '/g/auth/reset-password',
      '/g/auth/reset-password/confirm',
      '/g/auth/logout',
      '/g/user/me',
      '/g/user/invite',
      '/g/acc/list',
      '/g/product/plans',
      '/p/activity-log',
    ]) {
      expect(paths, path).toContain(path);
    }
    const login = doc.paths['/g/auth/login'].post;
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    const ui = await ctx.app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});
