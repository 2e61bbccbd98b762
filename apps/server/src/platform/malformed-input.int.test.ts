import fc from 'fast-check';
import { ERRORS } from '@atende/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../testing/test-app';
import { signUp, type TSignedUp } from '../testing/fixtures';

let ctx: TTestApp;
let user: TSignedUp;

beforeAll(async () => {
  ctx = await startTestApp();
  user = await signUp(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const RUNS = 50;

/** Percent-encodes every UTF-8 byte, so any string (lone surrogates included) makes a valid path segment. */
function segment(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** Sends a request and checks the envelope of its answer: never a 500, failures carry a known code. */
async function send(options: InjectOptions & { token?: boolean }) {
  const { token, ...rest } = options;
  const headers: Record<string, string> = { ...((rest.headers as Record<string, string>) ?? {}) };
  if (token) headers.authorization = `Bearer ${user.token}`;
  const res = await ctx.app.inject({ ...rest, headers });
  expect(res.statusCode, `${rest.method} ${rest.url} → ${res.body}`).toBeLessThan(500);
  const body = res.json();
  if (res.statusCode >= 400) {
    expect(body.status).toBe(0);
    expect(Object.keys(ERRORS)).toContain(body.code);
    expect(typeof body.message).toBe('string');
  } else {
    expect(body.status).toBe(1);
  }
  return { statusCode: res.statusCode, body };
}

/** Any JSON value, objects with the endpoint's own field names holding wrong types, and odd strings. */
function bodies(fields: string[]) {
  const value = fc.oneof(
    fc.anything(),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string()),
    fc.object(),
    fc.constantFrom('', ' ', '__proto__', 'delete', '00000000-0000-7000-8000-000000000000', 'a'.repeat(5000)),
  );
  return fc.oneof(
    fc.anything(),
    fc.object(),
    fc.dictionary(fc.constantFrom(...fields), value),
    fc.record(Object.fromEntries(fields.map((f) => [f, value]))),
  );
}

type TUrl = (acc: string, userId: string) => string;
const ENDPOINTS: Array<{ method: 'POST' | 'PUT' | 'DELETE'; url: TUrl; fields: string[]; token?: boolean }> =
  [
    { method: 'POST', url: () => '/g/auth/register', fields: ['name', 'phone', 'email', 'password', 'lang'] },
    {
      method: 'POST',
      url: () => '/g/auth/setup',
      fields: [
        'name',
        'phone',
        'email',
        'password',
        'plan',
        'companyName',
        'companyIndustry',
        'companyEmployees',
      ],
    },
    { method: 'POST', url: () => '/g/auth/login', fields: ['email', 'password', 'remember_me'] },
    { method: 'POST', url: () => '/g/auth/verify-otp', fields: ['email', 'otp'] },
    { method: 'POST', url: () => '/g/auth/resend-verify-otp', fields: ['email'] },
    { method: 'POST', url: () => '/g/auth/refresh-token', fields: ['token'] },
    { method: 'POST', url: () => '/g/auth/reset-password', fields: ['email'] },
    { method: 'POST', url: () => '/g/auth/reset-password/confirm', fields: ['token', 'password'] },
    { method: 'POST', url: () => '/g/auth/logout', fields: ['token'] },
    { method: 'PUT', url: () => '/g/user/me', fields: ['name', 'about', 'phone', 'lang'], token: true },
    {
      method: 'POST',
      url: () => '/g/user/me/password',
      fields: ['currentPassword', 'password'],
      token: true,
    },
    { method: 'PUT', url: () => '/g/user/me/avatar', fields: ['dataUrl'], token: true },
    {
      method: 'POST',
      url: () => '/g/user/invite',
      fields: ['email', 'acc', 'intentions', 'entities', 'acl'],
      token: true,
    },
    {
      method: 'POST',
      url: () => '/g/user/invited/update',
      fields: ['name', 'phone', 'email', 'password', 'invatation'],
    },
    {
      method: 'POST',
      url: () => '/g/user/notification/mobile-token',
      fields: ['acc', 'token', 'type', 'deviceID', 'deviceName'],
      token: true,
    },
    { method: 'POST', url: () => '/g/user/notification/remove-token', fields: ['token'], token: true },
    {
      method: 'POST',
      url: () => '/g/acc',
      fields: ['plan', 'name', 'companyIndustry', 'companyGoal', 'whitelabel', 'companyEmployeeCount'],
      token: true,
    },
    {
      method: 'PUT',
      url: (acc) => `/g/acc/${acc}`,
      fields: ['name', 'companyIndustry', 'companyGoal', 'intercom', 'timezone'],
      token: true,
    },
    { method: 'DELETE', url: (acc) => `/g/acc/${acc}`, fields: ['confirm'], token: true },
    {
      method: 'PUT',
      url: (acc, userId) => `/g/acc/${acc}/users/${userId}`,
      fields: ['acl', 'intentions', 'entities'],
      token: true,
    },
    {
      method: 'DELETE',
      url: (acc, userId) => `/g/acc/access/${acc}/${userId}`,
      fields: ['acc'],
      token: true,
    },
    {
      method: 'PUT',
      url: (acc) => `/g/acc/${acc}/plan/pro`,
      fields: ['period', 'coupon'],
      token: true,
    },
  ];

describe('malformed bodies never yield a 500', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.url('{acc}', '{userId}')}`, async () => {
      await fc.assert(
        fc.asyncProperty(bodies(endpoint.fields), async (body) => {
          await send({
            method: endpoint.method,
            url: endpoint.url(user.accountId, user.userId),
            token: endpoint.token,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
        }),
        { numRuns: RUNS },
      );
      // The account survives the fuzzing: DELETE needs the exact word, the last master stays.
      const still = await send({ method: 'GET', url: `/g/acc/${user.accountId}`, token: true });
      expect(still.statusCode).toBe(200);
    });
  }
});

describe('arbitrary path ids and query values never yield a 500', () => {
  const id = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.string({ maxLength: 80 }),
    fc.uuid(),
    fc.constantFrom('..', '.', '%', 'null', 'undefined', '0', '-1', "' or 1=1 --", 'a'.repeat(2000)),
  );
  const PATHS: Array<{
    method: 'GET' | 'PUT' | 'DELETE';
    url: (x: string, y: string, acc: string) => string;
    body?: unknown;
  }> = [
    { method: 'GET', url: (x) => `/g/acc/${x}` },
    { method: 'PUT', url: (x) => `/g/acc/${x}`, body: { name: 'X' } },
    { method: 'DELETE', url: (x) => `/g/acc/${x}`, body: { confirm: 'nope' } },
    { method: 'GET', url: (x) => `/g/acc/${x}/users` },
    { method: 'PUT', url: (x, y) => `/g/acc/${x}/users/${y}`, body: { intentions: [] } },
    { method: 'PUT', url: (_x, y, acc) => `/g/acc/${acc}/users/${y}`, body: { intentions: [] } },
    { method: 'DELETE', url: (x, y) => `/g/acc/access/${x}/${y}`, body: {} },
    { method: 'DELETE', url: (x, y) => `/g/acc/${x}/invitations/${y}` },
    { method: 'DELETE', url: (_x, y, acc) => `/g/acc/${acc}/invitations/${y}` },
    { method: 'PUT', url: (x, y) => `/g/acc/${x}/plan/${y}` },
    { method: 'PUT', url: (_x, y, acc) => `/g/acc/${acc}/plan/${y}` },
    { method: 'GET', url: (x) => `/g/user/invite/${x}` },
    { method: 'GET', url: (x) => `/g/user/avatar/${x}` },
    { method: 'GET', url: (x, y) => `/p/activity-log?acc=${x}&page=${y}&limit=${y}` },
    { method: 'GET', url: (x, y) => `/g/product/plans?product=${x}&whitelabel=${y}` },
  ];
  for (const path of PATHS) {
    it(`${path.method} ${path.url('{x}', '{y}', '{acc}')}`, async () => {
      await fc.assert(
        fc.asyncProperty(id, id, async (x, y) => {
          await send({
            method: path.method,
            url: path.url(segment(x), segment(y), user.accountId),
            token: true,
            ...(path.body !== undefined ? { payload: path.body as object } : {}),
          });
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe('bodies that are not JSON', () => {
  const login = (payload: string, contentType = 'application/json') =>
    send({ method: 'POST', url: '/g/auth/login', headers: { 'content-type': contentType }, payload });

  it('a broken JSON text answers 400 VALIDATION_FAILED', async () => {
    for (const payload of ['{"email": ', 'not json', '{email: "a@b.co"}', "{'a': 1}", '[1,2', '\u0000']) {
      const res = await login(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('an empty JSON body, another content type and a prototype-pollution body answer 400', async () => {
    for (const [payload, type] of [
      ['', 'application/json'],
      ['email=a@b.co', 'application/x-www-form-urlencoded'],
      ['hello', 'text/plain'],
      ['{"__proto__": {"admin": true}}', 'application/json'],
      ['{"constructor": {"prototype": {"admin": true}}}', 'application/json'],
    ]) {
      const res = await login(payload, type);
      expect(res.statusCode, `${type} ${payload}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('a lone UTF-16 surrogate answers 400 VALIDATION_FAILED naming the field, and changes nothing', async () => {
    const acc = `?acc=${user.accountId}`;
    const before = await send({
      method: 'GET',
      url: '/g/user/me',
      token: true,
      headers: { 'accept-language': 'en' },
    });
    for (const [method, url, payload, path] of [
      // A jsonb column: PostgreSQL refuses the escape (was a 500).
      ['PUT', `/p/surveys/settings${acc}`, '{"csatQuestion":"a\\ud800b"}', 'csatQuestion'],
      ['PUT', `/p/surveys/settings${acc}`, '{"thanksMessage":"\\udc00"}', 'thanksMessage'],
      // A text column: it would have been stored as U+FFFD, not what was sent.
      ['PUT', '/g/user/me', '{"name":"Ana \\uD83D"}', 'name'],
      ['PUT', '/g/user/me', '{"\\ud800":"x"}', ''],
    ] as const) {
      const res = await send({
        method,
        url,
        token: true,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toBe('Please correct all errors in your form');
      expect(res.body.fields).toEqual([{ path, key: 'invalid', message: 'Invalid value' }]);
    }
    const after = await send({ method: 'GET', url: '/g/user/me', token: true });
    expect(after.body.data.name).toBe(before.body.data.name);
    // A whole pair, escaped or not, is an ordinary character.
    for (const name of ['Ana \\ud83d\\ude00', 'Ana 😀']) {
      const res = await send({
        method: 'PUT',
        url: '/g/user/me',
        token: true,
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"${name}"}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.data.name).toBe('Ana 😀');
    }
  });

  it('a deeply nested body does not crash the server', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await login(deep);
    expect(res.statusCode).toBe(400);
  });

  it('a body over the size limit answers 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await login(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(3 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a malformed URL or an over-long path id answers 400 in the envelope', async () => {
    for (const url of ['/g/acc/%E0%A4%A', '/g/acc/%', `/g/user/invite/${'a'.repeat(500)}`]) {
      const res = await send({ method: 'GET', url, token: true });
      expect(res.statusCode, url).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});
