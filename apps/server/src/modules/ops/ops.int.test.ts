import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';

const OPS_TOKEN = 'ops-test-token-0123456789abcdef';

let plain: TTestApp;
let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;

beforeAll(async () => {
  [plain, ctx] = await Promise.all([startTestApp(), startTestApp({ OPS_TOKEN })]);
  owner = await signUp(ctx, { plan: 'pro' });
  other = await signUp(ctx, { plan: 'pro' });
});
afterAll(async () => {
  await Promise.all([plain.close(), ctx.close()]);
});

const ops = (method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown, token = OPS_TOKEN) =>
  api(ctx.app, method, url, { body, headers: { authorization: `Bearer ${token}` }, lang: 'en' });

async function accountOf(user: TSignedUp) {
  const res = await api(ctx.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
  expect(res.statusCode).toBe(200);
  return res.body.data;
}

async function activityOf(user: TSignedUp) {
  const res = await api(ctx.app, 'GET', `/p/activity-log?acc=${user.accountId}&page=1&limit=50`, {
    token: user.token,
  });
  expect(res.statusCode).toBe(200);
  return res.body.data.items as Array<{
    action: string;
    userName: string;
    userId: string | null;
    details: { by?: string; via?: string; changes?: Array<{ field: string; from: unknown; to: unknown }> };
  }>;
}

describe('the operator API is guarded by OPS_TOKEN', () => {
  it('without OPS_TOKEN the /ops routes do not exist (404)', async () => {
    for (const url of ['/ops/coupons', `/ops/accounts/${owner.accountId}`]) {
      const res = await api(plain.app, 'GET', url, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('refuses no token, a wrong token and a user JWT (401), and changes nothing', async () => {
    const attempts = [
      api(ctx.app, 'PATCH', `/ops/accounts/${owner.accountId}`, { body: { locked: true } }),
      ops('PATCH', `/ops/accounts/${owner.accountId}`, { locked: true }, `${OPS_TOKEN}x`),
      ops('PATCH', `/ops/accounts/${owner.accountId}`, { locked: true }, 'short'),
      ops('PATCH', `/ops/accounts/${owner.accountId}`, { locked: true }, owner.token),
      api(ctx.app, 'GET', '/ops/coupons', { headers: { authorization: OPS_TOKEN } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    expect((await accountOf(owner)).acc.locked).toBe(false);
  });

  it("an account's admin cannot set these fields through the account's own API", async () => {
    const res = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}`, {
      token: owner.token,
      body: { aiEnable: false, locked: true },
    });
    expect(res.statusCode).toBe(400);
    expect((await accountOf(owner)).acc).toMatchObject({ aiEnable: true, locked: false });
  });
});

describe('account fields set by the service operator', () => {
  it('sets each field, by account id or master e-mail, and logs before → after as "service operator"', async () => {
    const before = (await ops('GET', `/ops/accounts/${owner.accountId}`)).body.data;
    expect(before).toMatchObject({ _id: owner.accountId, locked: false, isBonus: false, aiEnable: true });
    const patch = {
      locked: true,
      isBonus: true,
      whitelabel: true,
      inQueue: true,
      smsDispatchEnable: true,
      automationEnable: false,
      automationLimit: 25,
      aiEnable: false,
      assistantEnable: false,
    };
    const res = await ops('PATCH', `/ops/accounts/${encodeURIComponent(owner.email)}`, patch);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject(patch);

    const details = await accountOf(owner);
    expect(details.acc).toMatchObject({
      locked: true,
      whitelabel: true,
      inQueue: true,
      smsDispatchEnable: true,
      automationEnable: false,
      automationLimit: 25,
      aiEnable: false,
      assistantEnable: false,
    });
    expect(details.accPlan.isBonus).toBe(true);

    const [entry] = (await activityOf(owner)).filter((e) => e.action === 'account.operator_changed');
    expect(entry).toMatchObject({ userName: 'service operator', userId: null });
    expect(entry.details).toMatchObject({ by: 'service-operator', via: 'api' });
    expect(entry.details.changes).toEqual(
      expect.arrayContaining([
        { field: 'locked', from: false, to: true },
        { field: 'isBonus', from: false, to: true },
        { field: 'automationLimit', from: before.automationLimit, to: 25 },
        { field: 'aiEnable', from: true, to: false },
      ]),
    );
    expect(entry.details.changes).toHaveLength(9);

    // Isolation: the other account is untouched and its log has no such entry.
    expect((await accountOf(other)).acc).toMatchObject({ locked: false, aiEnable: true });
    expect((await activityOf(other)).some((e) => e.action === 'account.operator_changed')).toBe(false);

    // Setting a value it already has changes nothing and logs nothing.
    await ops('PATCH', `/ops/accounts/${owner.accountId}`, { aiEnable: false });
    const entries = (await activityOf(owner)).filter((e) => e.action === 'account.operator_changed');
    expect(entries).toHaveLength(1);
    await ops('PATCH', `/ops/accounts/${owner.accountId}`, { locked: false, aiEnable: true });
  });

  it('adds SMS credits and logs the balance before → after', async () => {
    const res = await ops('POST', `/ops/accounts/${other.accountId}/sms-credit`, { amount: 500 });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.smsCredit).toBe(500);
    await ops('POST', `/ops/accounts/${other.accountId}/sms-credit`, { amount: 250 });
    expect((await accountOf(other)).acc.smsCredit).toBe(750);
    const changes = (await activityOf(other))
      .filter((e) => e.action === 'account.operator_changed')
      .map((e) => e.details.changes);
    expect(changes).toEqual([
      [{ field: 'smsCredit', from: 500, to: 750 }],
      [{ field: 'smsCredit', from: 0, to: 500 }],
    ]);
  });

  it('refuses unknown fields, bad values and unknown accounts with translated errors', async () => {
    const unknownField = await ops('PATCH', `/ops/accounts/${owner.accountId}`, { blockContactTab: true });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.body.code).toBe('VALIDATION_FAILED');
    const badValue = await ops('PATCH', `/ops/accounts/${owner.accountId}`, { automationLimit: -1 });
    expect(badValue.statusCode).toBe(400);
    const empty = await ops('PATCH', `/ops/accounts/${owner.accountId}`, {});
    expect(empty.statusCode).toBe(400);
    const noCredit = await ops('POST', `/ops/accounts/${owner.accountId}/sms-credit`, { amount: 0 });
    expect(noCredit.statusCode).toBe(400);
    for (const ref of ['00000000-0000-4000-8000-000000000000', 'nobody@example.com', 'garbage']) {
      const res = await ops('PATCH', `/ops/accounts/${encodeURIComponent(ref)}`, { locked: true });
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatchObject({ code: 'ACC_NOT_FOUND', message: 'Acc not found' });
    }
  });

  it('an e-mail that is master of two accounts is ambiguous: the account id is asked for', async () => {
    const second = await api(ctx.app, 'POST', '/g/acc', {
      token: other.token,
      body: { plan: 'pro', name: 'Second Co' },
    });
    expect(second.statusCode).toBe(200);
    const res = await ops('GET', `/ops/accounts/${encodeURIComponent(other.email)}`);
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({
      code: 'OPS_ACCOUNT_AMBIGUOUS',
      message: 'This e-mail is the master of more than one account: use the account id',
    });
  });
});

describe('coupons at checkout (sandbox)', () => {
  const checkout = (user: TSignedUp, plan: string, body: unknown, lang = 'en') =>
    api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/${plan}`, { token: user.token, body, lang });
  const quote = (user: TSignedUp, plan: string, code: string, lang = 'en') =>
    api(ctx.app, 'GET', `/g/acc/${user.accountId}/plan/${plan}/coupon?code=${encodeURIComponent(code)}`, {
      token: user.token,
      lang,
    });

  it('creates coupons (code upper-cased, unique) and lists them', async () => {
    const created = await ops('POST', '/ops/coupons', { code: 'bemvindo20', kind: 'percent', value: 20 });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'BEMVINDO20', kind: 'percent', value: 20, uses: 0 });
    const duplicate = await ops('POST', '/ops/coupons', { code: 'BEMVINDO20', kind: 'fixed', value: 100 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.code).toBe('COUPON_CODE_IN_USE');
    const badPercent = await ops('POST', '/ops/coupons', { code: 'MUITO', kind: 'percent', value: 150 });
    expect(badPercent.statusCode).toBe(400);
    const list = await ops('GET', '/ops/coupons');
    expect(list.body.data.map((c: { code: string }) => c.code)).toContain('BEMVINDO20');
  });

  it('unknown, expired, not yet valid and used-up codes: "Coupon code is not valid" / "Cupom inválido"', async () => {
    const user = await signUp(ctx, { plan: 'business' });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await ops('POST', '/ops/coupons', { code: 'EXPIRED', kind: 'percent', value: 10, validUntil: past });
    await ops('POST', '/ops/coupons', { code: 'LATER', kind: 'percent', value: 10, validFrom: future });
    await ops('POST', '/ops/coupons', { code: 'ONCE', kind: 'fixed', value: 5000, maxUses: 1 });
    for (const code of ['NOPE', 'EXPIRED', 'LATER', 'x']) {
      const en = await checkout(user, 'business', { coupon: code });
      expect(en.statusCode).toBe(400);
      expect(en.body).toMatchObject({ code: 'COUPON_INVALID', message: 'Coupon code is not valid' });
      const pt = await quote(user, 'business', code, 'pt-BR');
      expect(pt.statusCode).toBe(400);
      expect(pt.body).toMatchObject({ code: 'COUPON_INVALID', message: 'Cupom inválido' });
    }
    expect((await accountOf(user)).acc.accIsPaying).toBe(false);

    // ONCE: shown before paying, paid with the discount, then used up.
    const shown = await quote(user, 'business', 'once');
    expect(shown.body.data).toEqual({
      code: 'ONCE',
      kind: 'fixed',
      value: 5000,
      amount: 49900,
      discount: 5000,
      total: 44900,
    });
    const paid = await checkout(user, 'business', { coupon: 'once' });
    expect(paid.statusCode).toBe(200);
    expect(paid.body.data.status).toBe('paid');
    const [row] = await queryRows<{ amount: number; details: Record<string, unknown> }>(
      ctx,
      sql`select amount, details from checkouts where account_id = ${user.accountId} and status = 'paid'`,
    );
    expect(row).toMatchObject({
      amount: 44900,
      details: { coupon: 'ONCE', discount: 5000, listAmount: 49900 },
    });
    const again = await signUp(ctx, { plan: 'business' });
    const usedUp = await checkout(again, 'business', { coupon: 'ONCE' }, 'pt-BR');
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.body).toMatchObject({ code: 'COUPON_INVALID', message: 'Cupom inválido' });
    const coupons = (await ops('GET', '/ops/coupons')).body.data as Array<{ code: string; uses: number }>;
    expect(coupons.find((c) => c.code === 'ONCE')?.uses).toBe(1);
  });

  it('a percentage applies to the yearly price; only admins of the account may ask', async () => {
    const user = await signUp(ctx, { plan: 'business' });
    await ops('POST', '/ops/coupons', { code: 'METADE', kind: 'percent', value: 50 });
    const yearly = await api(
      ctx.app,
      'GET',
      `/g/acc/${user.accountId}/plan/advanced/coupon?code=METADE&period=yearly`,
      { token: user.token },
    );
    expect(yearly.body.data).toMatchObject({ amount: 999000, discount: 499500, total: 499500 });
    const outsider = await api(ctx.app, 'GET', `/g/acc/${user.accountId}/plan/advanced/coupon?code=METADE`, {
      token: owner.token,
    });
    expect(outsider.statusCode).toBe(404);
  });
});
