import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { ClientConfigService } from './client-config.service';

const WEB_DSN = 'https://webpublickey@errors.example.com/7';
let plain: TTestApp;
let production: TTestApp;

beforeAll(async () => {
  [plain, production] = await Promise.all([
    startTestApp(),
    startTestApp({
      NODE_ENV: 'production',
      isProduction: true,
      SENTRY_WEB_DSN: WEB_DSN,
      SENTRY_ENVIRONMENT: 'staging',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), production?.close()]);
});

describe('GET /g/client-config (public)', () => {
  it('without SENTRY_WEB_DSN browser error reporting is off: errorReporting null', async () => {
    const res = await api(plain.app, 'GET', '/g/client-config');
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 1, data: { errorReporting: null } });
  });

  it('on a production server with SENTRY_WEB_DSN: the DSN, environment and the spec’s sampling, no session needed', async () => {
    const res = await api(production.app, 'GET', '/g/client-config');
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 1,
      data: {
        errorReporting: {
          dsn: WEB_DSN,
          environment: 'staging',
          tracesSampleRate: 0.1,
          sessionSampleRate: 0.01,
        },
      },
    });
  });

  it('outside production (development, test) the DSN is never handed out', () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      const service = new ClientConfigService({ NODE_ENV, isProduction: false, SENTRY_WEB_DSN: WEB_DSN });
      expect(service.get()).toEqual({ errorReporting: null });
    }
    const prod = new ClientConfigService({
      NODE_ENV: 'production',
      isProduction: true,
      SENTRY_WEB_DSN: WEB_DSN,
    });
    expect(prod.get().errorReporting?.environment).toBe('production');
  });

  it('the server’s SENTRY_DSN is not handed to browsers', () => {
    const service = new ClientConfigService({ NODE_ENV: 'production', isProduction: true });
    expect(service.get()).toEqual({ errorReporting: null });
  });
});

describe('SENTRY_WEB_DSN validation', () => {
  const env = (value: string) => ({ SENTRY_WEB_DSN: value, JWT_SECRET: 'x'.repeat(40) });

  it('a DSN without a public key or project stops the start with a message naming the variable', () => {
    for (const bad of ['https://errors.example.com/7', 'https://key@errors.example.com/', 'not a url']) {
      expect(() => loadConfig(env(bad))).toThrow(ConfigError);
      expect(() => loadConfig(env(bad))).toThrow(/SENTRY_WEB_DSN: must be a DSN/);
    }
  });

  it('a well-formed DSN is kept as given', () => {
    expect(loadConfig(env(WEB_DSN)).SENTRY_WEB_DSN).toBe(WEB_DSN);
  });
});
