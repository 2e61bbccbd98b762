import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_WEBHOOK_URL, seedDemoApps } from './seed-demo-apps';
import { signUp, type TSignedUp } from './testing/fixtures';
import { api, startTestApp, type TTestApp } from './testing/test-app';

// A machine without DNS (offline, air-gapped, this project's CI): no name resolves.
vi.mock('node:dns/promises', async (original) => {
  const dns = await original<typeof import('node:dns/promises')>();
  const lookup = async () => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  };
  return { ...dns, lookup, default: { ...dns, lookup } };
});

describe('the demo apps on a machine whose DNS resolves nothing', () => {
  let ctx: TTestApp;
  let owner: TSignedUp;
  beforeAll(async () => {
    // The address guard as in production: the demo endpoint's name must resolve to a public address.
    ctx = await startTestApp({ OUTBOUND_HTTP_ALLOW_PRIVATE: 'false' });
    owner = await signUp(ctx);
  });
  afterAll(() => ctx?.close());

  it('installs the apps and leaves only the endpoint out, so the rest of the demo is seeded', async () => {
    await expect(seedDemoApps(ctx.app, owner.accountId, owner.userId)).resolves.toBeUndefined();
    const get = async (path: string) => {
      const res = await api(ctx.app, 'GET', `${path}?acc=${owner.accountId}`, { token: owner.token });
      expect(res.statusCode, path).toBe(200);
      return res.body.data;
    };
    const installs = await get('/p/apps/installs');
    expect(installs.map((i: { app: string }) => i.app).sort()).toEqual(['browser-notifications', 'webhooks']);
    expect(await get('/p/apps/webhooks/endpoints')).toEqual([]);
    // The same address typed by an admin gets the guard's answer.
    const res = await api(ctx.app, 'POST', `/p/apps/webhooks/endpoints?acc=${owner.accountId}`, {
      token: owner.token,
      lang: 'en',
      body: { url: DEMO_WEBHOOK_URL, events: ['contact.created'], enabled: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe('URL_NOT_ALLOWED');
  });
});
