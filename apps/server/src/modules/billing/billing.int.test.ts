import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../testing/fake-stripe';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';

let ctx: TTestApp;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function details(app: TTestApp, user: TSignedUp) {
  const res = await api(app.app, 'GET', `/g/acc/${user.accountId}`, { token: user.token });
  expect(res.statusCode).toBe(200);
  return res.body.data;
}

describe('GET /g/product/plans', () => {
  it('lists the four plans, public, with their conversations and one chatbot each', async () => {
    const res = await api(ctx.app, 'GET', '/g/product/plans?product=atende&whitelabel=false');
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toHaveLength(4);
    expect(
      res.body.data.map((p: any) => [
        p.id,
        p.planParameters.conversations,
        p.planParameters.chatbots,
        p.trialDays,
      ]),
    ).toEqual([
      ['free', 100, 1, 0],
      ['pro', 300, 1, 7],
      ['business', 1000, 1, 0],
      ['advanced', 2500, 1, 0],
    ]);
    for (const plan of res.body.data)
      expect(plan).toEqual(expect.objectContaining({ title: expect.any(String), price: expect.any(Number) }));
    const bare = await api(ctx.app, 'GET', '/g/product/plans');
    expect(bare.body.data).toEqual(res.body.data);
  });
});

describe('PUT /g/acc/{acc}/plan/{id} in production without Stripe', () => {
  it('grants no paid plan through the sandbox: 503 with the translated message; the free plan still works', async () => {
    const production = await startTestApp({ isProduction: true });
    try {
      const user = await signUp(production, { plan: 'business' });
      const paid = await api(production.app, 'PUT', `/g/acc/${user.accountId}/plan/advanced`, {
        token: user.token,
        body: {},
        lang: 'pt-BR',
      });
      expect(paid.statusCode).toBe(503);
      expect(paid.body).toMatchObject({
        code: 'PAYMENTS_NOT_CONFIGURED',
        message: 'Os pagamentos ainda não estão configurados nesta instalação. Fale com o administrador.',
      });
      expect((await details(production, user)).accPlan).toMatchObject({
        id: 'business',
        paymentStatus: 'pending',
      });
      const free = await api(production.app, 'PUT', `/g/acc/${user.accountId}/plan/free`, {
        token: user.token,
        body: {},
      });
      expect(free.statusCode).toBe(200);
      expect(free.body.data.status).toBe('free');
      const info = await api(production.app, 'GET', `/g/acc/${user.accountId}/billing/checkout`, {
        token: user.token,
      });
      expect(info.body.data).toEqual({ provider: 'sandbox', sandbox: true, available: false });
    } finally {
      await production.close();
    }
  });
});

describe('GET /g/acc/{acc}/billing/checkout', () => {
  it('tells admins checkout is a sandbox outside production; operators and other accounts are refused', async () => {
    const owner = await signUp(ctx, { plan: 'pro' });
    const res = await api(ctx.app, 'GET', `/g/acc/${owner.accountId}/billing/checkout`, {
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ provider: 'sandbox', sandbox: true, available: true });
    const operator = await addMember(ctx, owner, 'operator');
    const denied = await api(ctx.app, 'GET', `/g/acc/${owner.accountId}/billing/checkout`, {
      token: operator.token,
    });
    expect(denied.statusCode).toBe(403);
    const other = await signUp(ctx);
    const foreign = await api(ctx.app, 'GET', `/g/acc/${owner.accountId}/billing/checkout`, {
      token: other.token,
    });
    expect([403, 404]).toContain(foreign.statusCode);
    expect(foreign.body.data).toBeUndefined();
  });
});

describe('PUT /g/acc/{acc}/plan/{id} with the sandbox provider', () => {
  it('Pro is paid at once and says it is a sandbox', async () => {
    const user = await signUp(ctx, { plan: 'pro' });
    const res = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/pro`, {
      token: user.token,
      body: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ provider: 'sandbox', status: 'paid', sandbox: true });
    const data = await details(ctx, user);
    expect(data.accPlan).toMatchObject({
      id: 'pro',
      paymentStatus: 'paid',
      period: 'monthly',
      trialActive: false,
    });
    expect(data.acc).toMatchObject({ accIsPaying: true, blocked: false });
    expect(data.accFinancial).toMatchObject({ isPaying: true, provider: 'sandbox' });
    const end = Date.parse(data.accPlan.endDate);
    expect(end).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });

  it('accepts a call without a body (period defaults to monthly)', async () => {
    const user = await signUp(ctx, { plan: 'pro' });
    const res = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/advanced`, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.status).toBe('paid');
    expect((await details(ctx, user)).accPlan).toMatchObject({ id: 'advanced', period: 'monthly' });
  });

  it('a Business account is blocked until paid; paying unblocks it; yearly costs ten months', async () => {
    const user = await signUp(ctx, { plan: 'business' });
    expect((await details(ctx, user)).acc.blocked).toBe(true);
    const res = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/business`, {
      token: user.token,
      body: { period: 'yearly' },
    });
    expect(res.body.data.status).toBe('paid');
    const data = await details(ctx, user);
    expect(data.acc).toMatchObject({ blocked: false, accIsPaying: true });
    expect(data.accPlan).toMatchObject({
      id: 'business',
      period: 'yearly',
      paymentStatus: 'paid',
      price: 49900,
    });
    const [checkout] = await queryRows<{ amount: number; status: string }>(
      ctx,
      sql`select amount, status from checkouts where account_id = ${user.accountId}`,
    );
    expect(checkout).toEqual({ amount: 499000, status: 'paid' });
  });

  it('switching to Free needs no payment and never leaves the account blocked', async () => {
    for (const start of ['pro', 'business'] as const) {
      const user = await signUp(ctx, { plan: start });
      const res = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/free`, { token: user.token });
      expect(res.body.data).toEqual({ provider: 'sandbox', status: 'free', sandbox: true });
      const data = await details(ctx, user);
      expect(data.accPlan).toMatchObject({
        id: 'free',
        paymentStatus: 'free',
        trialActive: false,
        remainingTrialDays: 0,
      });
      expect(data.acc).toMatchObject({ accIsPaying: false, blocked: false });
      expect(data.accFinancial.usage.limit).toBe(100);
    }
  });

  it('answers 404 PLAN_NOT_FOUND for an unknown plan and validates the period', async () => {
    const user = await signUp(ctx);
    const res = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/gold`, {
      token: user.token,
      lang: 'en',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 0, code: 'PLAN_NOT_FOUND', message: 'Plan not found' });
    const period = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/pro`, {
      token: user.token,
      body: { period: 'weekly' },
    });
    expect(period.statusCode).toBe(400);
    expect(period.body.fields?.[0].path).toBe('period');
    expect((await details(ctx, user)).accPlan.paymentStatus).toBe('trial');
  });

  it('the sandbox ignores Stripe webhooks', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'checkout.session.completed', data: { object: { id: 'sandbox_x' } } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, data: { received: true } });
  });
});

describe('Stripe provider', () => {
  let stripe: TTestApp;
  const fake = new FakeStripe();

  beforeAll(async () => {
    await fake.start();
    stripe = await startTestApp(fake.config());
  });
  afterAll(async () => {
    await stripe.close();
    await fake.stop();
  });

  const webhook = (payload: string, sig?: string | null) => fake.deliver(stripe.app, payload, sig);
  const completed = (id: string) => fake.sessionEvent('checkout.session.completed', id);

  it('checkout info says Stripe, not the sandbox', async () => {
    const user = await signUp(stripe, { plan: 'pro' });
    const res = await api(stripe.app, 'GET', `/g/acc/${user.accountId}/billing/checkout`, {
      token: user.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ provider: 'stripe', sandbox: false, available: true });
  });

  it('redirects to Stripe Checkout, and the signed webhook marks the plan paid once', async () => {
    const user = await signUp(stripe, { plan: 'pro' });
    const res = await api(stripe.app, 'PUT', `/g/acc/${user.accountId}/plan/pro`, { token: user.token });
    expect(res.statusCode).toBe(200);
    const session = fake.lastSession();
    expect(res.body.data).toEqual({
      provider: 'stripe',
      status: 'redirect',
      url: `https://checkout.stripe.test/c/pay/${session.id}`,
      sandbox: false,
    });
    expect(session.auth).toBe('Bearer sk_test');
    expect(session.form.get('mode')).toBe('subscription');
    expect(session.form.get('line_items[0][price]')).toBe('price_pro');
    expect(session.form.get('metadata[accountId]')).toBe(user.accountId);
    expect(session.form.get('success_url')).toContain('http://app.test/plans');

    // Not paid until Stripe confirms.
    let data = await details(stripe, user);
    expect(data.accPlan.paymentStatus).toBe('trial');
    expect(data.acc.accIsPaying).toBe(false);

    const payload = completed(session.id);
    const hook = await webhook(payload);
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ status: 1, data: { received: true } });
    data = await details(stripe, user);
    expect(data.accPlan).toMatchObject({ id: 'pro', paymentStatus: 'paid' });
    expect(data.acc).toMatchObject({ accIsPaying: true, blocked: false });
    expect(data.accFinancial.provider).toBe('stripe');

    const replay = await webhook(payload);
    expect(replay.statusCode).toBe(200);
    const changes = await queryRows(
      stripe,
      sql`select id from activity_log where account_id = ${user.accountId} and action = 'plan.changed'`,
    );
    expect(changes).toHaveLength(1);
    expect((await details(stripe, user)).accPlan.paymentStatus).toBe('paid');
  });

  it('refuses a webhook with a bad, stale or missing signature', async () => {
    const user = await signUp(stripe, { plan: 'business' });
    await api(stripe.app, 'PUT', `/g/acc/${user.accountId}/plan/business`, { token: user.token });
    const payload = completed(fake.lastSession().id);
    const cases = [
      fake.signature(payload, { secret: 'whsec_wrong' }),
      fake.signature(payload, { t: Math.floor(Date.now() / 1000) - 3600 }),
      fake.signature(`${payload} `),
      't=1,v1=deadbeef',
      'garbage',
      null,
    ];
    for (const sig of cases) {
      const res = await webhook(payload, sig);
      expect(res.statusCode, String(sig)).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    const data = await details(stripe, user);
    expect(data.acc).toMatchObject({ accIsPaying: false, blocked: true });
  });

  it('a plan session that expired unpaid cancels its checkout and pays nothing', async () => {
    const user = await signUp(stripe, { plan: 'business' });
    await api(stripe.app, 'PUT', `/g/acc/${user.accountId}/plan/business`, { token: user.token });
    const session = fake.lastSession();
    const expired = await webhook(fake.sessionEvent('checkout.session.expired', session.id));
    expect(expired.statusCode).toBe(200);
    const [checkout] = await queryRows<{ status: string; kind: string }>(
      stripe,
      sql`select status, kind from checkouts where provider_session_id = ${session.id}`,
    );
    expect(checkout).toEqual({ status: 'canceled', kind: 'plan' });
    expect((await details(stripe, user)).acc).toMatchObject({ accIsPaying: false, blocked: true });
  });

  it('acknowledges events it does not act on and sessions it does not know', async () => {
    for (const payload of [
      JSON.stringify({ id: 'evt_other', type: 'invoice.paid', data: { object: { id: 'in_1' } } }),
      completed('cs_unknown'),
    ]) {
      const res = await webhook(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, data: { received: true } });
    }
  });

  it('answers 502 BILLING_PROVIDER_ERROR when Stripe fails, and changes nothing', async () => {
    const user = await signUp(stripe, { plan: 'pro' });
    fake.failWith = 500;
    try {
      const res = await api(stripe.app, 'PUT', `/g/acc/${user.accountId}/plan/pro`, {
        token: user.token,
        lang: 'en',
      });
      expect(res.statusCode).toBe(502);
      expect(res.body).toMatchObject({
        code: 'BILLING_PROVIDER_ERROR',
        message: 'The payment provider did not answer. Try again.',
      });
    } finally {
      fake.failWith = 200;
    }
    expect((await details(stripe, user)).accPlan.paymentStatus).toBe('trial');
  });

  it('switching to Free does not go through Stripe', async () => {
    const user = await signUp(stripe, { plan: 'pro' });
    const before = fake.sessions.length;
    const res = await api(stripe.app, 'PUT', `/g/acc/${user.accountId}/plan/free`, { token: user.token });
    expect(res.body.data).toEqual({ provider: 'stripe', status: 'free', sandbox: false });
    expect(fake.sessions.length).toBe(before);
  });
});
