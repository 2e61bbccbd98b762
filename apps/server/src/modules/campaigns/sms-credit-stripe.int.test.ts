import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsProvider } from '../../testing/fake-sms';
import { FakeStripe } from '../../testing/fake-stripe';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { insertOutbound, insertSmsChannel, messageRow } from '../inbox/testing/intake.testing';

// SMS credit bought through Stripe (issue 16): the buy answers Stripe Checkout's page (a one-time
// payment in BRL), the purchase waits as 'pending' until the signed checkout.session.completed
// webhook, then billing's checkout.paid event credits the balance once, through the campaigns
// module's durable listener (the job workers run in this app).

let ctx: TTestApp;
const stripe = new FakeStripe();
const sms = new FakeSmsProvider();

beforeAll(async () => {
  await stripe.start();
  ctx = await startTestApp({ ...stripe.config(), SMS_API_URL: await sms.start() });
});
afterAll(async () => {
  await ctx?.close();
  await stripe.stop();
  await sms.stop();
});

type THistoryEntry = {
  kind: string;
  amount: number;
  balanceAfter: number | null;
  packageId: string | null;
  price: number | null;
  provider: string | null;
  status: string;
};

const creditOf = async (user: TSignedUp) => {
  const res = await api(ctx.app, 'GET', `/p/sms-credit?acc=${user.accountId}`, { token: user.token });
  expect(res.statusCode).toBe(200);
  return res.body.data as { balance: number; history: THistoryEntry[] };
};
const balanceOf = async (user: TSignedUp) => (await creditOf(user)).balance;
const buy = (user: TSignedUp, packageId: string, lang = 'en', token = user.token) =>
  api(ctx.app, 'POST', `/p/sms-credit/buy?acc=${user.accountId}`, { token, body: { packageId }, lang });
const checkoutOf = async (sessionId: string) =>
  (
    await queryRows<{ id: string; kind: string; status: string; amount: number; plan_id: string }>(
      ctx,
      sql`select id, kind, status, amount, plan_id from checkouts where provider_session_id = ${sessionId}`,
    )
  )[0];
/** checkout.paid jobs written for the SMS credit listener about one session (one per paid checkout). */
const paidJobs = async (sessionId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from pgboss.job where name = 'event.campaigns.sms-credit-paid'
          and data->'data'->>'providerSessionId' = ${sessionId}`,
    )
  )[0].n;

describe('SMS credit bought through Stripe', () => {
  it("asks Stripe for a one-time BRL payment of the package's price and credits nothing until Stripe confirms", async () => {
    const owner = await signUp(ctx);
    const res = await buy(owner, 'sms-5000');
    expect(res.statusCode).toBe(200);
    const session = stripe.lastSession();
    expect(res.body.data).toEqual({ status: 'redirect', url: session.url, sandbox: false, balance: 0 });
    const checkout = await checkoutOf(session.id);
    expect(checkout).toMatchObject({
      kind: 'sms_credit',
      status: 'open',
      amount: 40000,
      plan_id: 'sms-5000',
    });
    expect(session.auth).toBe('Bearer sk_test');
    expect(Object.fromEntries(session.form)).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '40000',
      'line_items[0][price_data][product_data][name]': 'SMS credits: 5,000',
      'line_items[0][quantity]': '1',
      client_reference_id: checkout.id,
      'metadata[accountId]': owner.accountId,
      'metadata[kind]': 'sms_credit',
      'metadata[packageId]': 'sms-5000',
      'metadata[checkoutId]': checkout.id,
      locale: 'en',
      success_url: `http://app.test/apps/campaigns?acc=${owner.accountId}&sms=success`,
      cancel_url: `http://app.test/apps/campaigns?acc=${owner.accountId}&sms=cancel`,
    });

    // pt-BR buyers see the package named in Portuguese on Stripe's page.
    await buy(owner, 'sms-1000', 'pt-BR');
    expect(stripe.lastSession().form.get('line_items[0][price_data][product_data][name]')).toBe(
      'Créditos de SMS: 1.000',
    );
    expect(stripe.lastSession().form.get('locale')).toBe('pt-BR');

    const credit = await creditOf(owner);
    expect(credit.balance).toBe(0);
    expect(credit.history).toHaveLength(2);
    expect(credit.history.find((h) => h.packageId === 'sms-5000')).toEqual(
      expect.objectContaining({
        kind: 'purchase',
        amount: 5000,
        balanceAfter: null,
        price: 40000,
        provider: 'stripe',
        status: 'pending',
      }),
    );
  });

  it('the signed checkout.session.completed webhook credits the package once, however often it comes', async () => {
    const owner = await signUp(ctx);
    await buy(owner, 'sms-1000');
    const session = stripe.lastSession();
    const completed = stripe.sessionEvent('checkout.session.completed', session.id);
    const hook = await stripe.deliver(ctx.app, completed);
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ status: 1, data: { received: true } });
    expect((await checkoutOf(session.id)).status).toBe('paid');
    await expect.poll(() => balanceOf(owner), { timeout: 15_000 }).toBe(1000);
    const [purchase] = (await creditOf(owner)).history;
    expect(purchase).toEqual(
      expect.objectContaining({
        kind: 'purchase',
        amount: 1000,
        balanceAfter: 1000,
        packageId: 'sms-1000',
        price: 9000,
        provider: 'stripe',
        status: 'done',
      }),
    );

    // Stripe delivers again (the same event, and another event about the same session): the
    // checkout is already paid, so no second checkout.paid is emitted.
    for (const payload of [completed, stripe.sessionEvent('checkout.session.completed', session.id)])
      expect((await stripe.deliver(ctx.app, payload)).statusCode).toBe(200);
    expect(await paidJobs(session.id)).toBe(1);
    // And a listener job run twice (a retry after its commit) credits nothing more.
    const [job] = await queryRows<{ data: { accountId: string; data: any } }>(
      ctx,
      sql`select data from pgboss.job where name = 'event.campaigns.sms-credit-paid'
          and data->'data'->>'providerSessionId' = ${session.id}`,
    );
    await ctx.app.services.smsCredit.confirmPurchase(owner.accountId, job.data.data);
    const after = await creditOf(owner);
    expect(after.balance).toBe(1000);
    expect(after.history.filter((h) => h.kind === 'purchase')).toHaveLength(1);
    const [account] = await queryRows<{ sms_credit: number }>(
      ctx,
      sql`select sms_credit from accounts where id = ${owner.accountId}`,
    );
    expect(account.sms_credit).toBe(1000);
  });

  it('a session that expires unpaid shows the purchase canceled and credits nothing', async () => {
    const owner = await signUp(ctx);
    await buy(owner, 'sms-20000');
    const session = stripe.lastSession();
    expect(
      (await stripe.deliver(ctx.app, stripe.sessionEvent('checkout.session.expired', session.id))).statusCode,
    ).toBe(200);
    expect((await checkoutOf(session.id)).status).toBe('canceled');
    await expect
      .poll(async () => (await creditOf(owner)).history.map((h) => [h.packageId, h.status]), {
        timeout: 15_000,
      })
      .toEqual([['sms-20000', 'canceled']]);
    expect(await balanceOf(owner)).toBe(0);
  });

  it('a delayed payment (boleto) is credited when Stripe reports it paid, not when the session completes unpaid', async () => {
    const owner = await signUp(ctx);
    await buy(owner, 'sms-1000');
    const session = stripe.lastSession();
    const unpaid = stripe.sessionEvent('checkout.session.completed', session.id, {
      payment_status: 'unpaid',
    });
    expect((await stripe.deliver(ctx.app, unpaid)).statusCode).toBe(200);
    expect((await checkoutOf(session.id)).status).toBe('open');
    expect(await paidJobs(session.id)).toBe(0);
    const succeeded = stripe.sessionEvent('checkout.session.async_payment_succeeded', session.id, {
      payment_status: 'paid',
    });
    expect((await stripe.deliver(ctx.app, succeeded)).statusCode).toBe(200);
    await expect.poll(() => balanceOf(owner), { timeout: 15_000 }).toBe(1000);
  });

  it('refuses a webhook with a bad signature and credits nothing', async () => {
    const owner = await signUp(ctx);
    await buy(owner, 'sms-1000');
    const session = stripe.lastSession();
    const payload = stripe.sessionEvent('checkout.session.completed', session.id);
    for (const sig of [stripe.signature(payload, { secret: 'whsec_forged' }), null]) {
      const res = await stripe.deliver(ctx.app, payload, sig);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect((await checkoutOf(session.id)).status).toBe('open');
    expect(await paidJobs(session.id)).toBe(0);
    const credit = await creditOf(owner);
    expect(credit.balance).toBe(0);
    expect(credit.history[0].status).toBe('pending');
  });

  it('answers 502 BILLING_PROVIDER_ERROR when Stripe fails, and records no purchase', async () => {
    const owner = await signUp(ctx);
    stripe.failWith = 500;
    try {
      const res = await buy(owner, 'sms-1000', 'pt-BR');
      expect(res.statusCode).toBe(502);
      expect(res.body).toMatchObject({
        code: 'BILLING_PROVIDER_ERROR',
        message: 'O provedor de pagamento não respondeu. Tente novamente.',
      });
    } finally {
      stripe.failWith = 200;
    }
    expect(await creditOf(owner)).toMatchObject({ balance: 0, history: [] });
  });

  it('only admins buy (operators and managers: 403 NOT_AUTHORIZED); another account neither sees nor buys for it', async () => {
    const owner = await signUp(ctx);
    const sessions = stripe.sessions.length;
    for (const role of ['operator', 'manager'] as const) {
      const member = await addMember(ctx, owner, role);
      const res = await buy(owner, 'sms-1000', 'en', member.token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({
        status: 0,
        code: 'NOT_AUTHORIZED',
        message: "You don't have access to this feature, talk to your account administrator",
      });
    }
    const admin = await addMember(ctx, owner, 'admin');
    expect((await buy(owner, 'sms-1000', 'en', admin.token)).body.data.status).toBe('redirect');
    expect(stripe.sessions.length).toBe(sessions + 1);

    const other = await signUp(ctx);
    const foreign = await buy(owner, 'sms-1000', 'en', other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.data).toBeUndefined();
    const peek = await api(ctx.app, 'GET', `/p/sms-credit?acc=${owner.accountId}`, { token: other.token });
    expect(peek.statusCode).toBe(404);
    expect(peek.body.data).toBeUndefined();
    expect(stripe.sessions.length).toBe(sessions + 1);

    // The owner's payment credits the owner only.
    await stripe.deliver(ctx.app, stripe.sessionEvent('checkout.session.completed', stripe.lastSession().id));
    await expect.poll(() => balanceOf(owner), { timeout: 15_000 }).toBe(1000);
    expect(await creditOf(other)).toMatchObject({ balance: 0, history: [] });
  });

  it('SMS replies of a new account fail for lack of credit, and go out once the Stripe payment is confirmed', async () => {
    const owner = await signUp(ctx);
    const channel = await insertSmsChannel(ctx, owner.accountId);
    sms.accounts.set(channel.config.accountSid as string, channel.secrets.authToken);
    const run = (messageId: string) =>
      ctx.app.services.outbound.run({ accountId: owner.accountId, messageId });

    const refused = await insertOutbound(ctx, channel, '+5511960000301', { body: 'Olá!' });
    await run(refused.messageId);
    expect(await messageRow(ctx, refused.messageId)).toMatchObject({
      ack: -1,
      error_code: 'SMS_INSUFFICIENT_BALANCE',
    });

    await buy(owner, 'sms-1000');
    await stripe.deliver(ctx.app, stripe.sessionEvent('checkout.session.completed', stripe.lastSession().id));
    await expect.poll(() => balanceOf(owner), { timeout: 15_000 }).toBe(1000);

    const reply = await insertOutbound(ctx, channel, '+5511960000302', { body: 'Agora vai pelo Stripe.' });
    await run(reply.messageId);
    expect(sms.sent.find((m) => m.body === 'Agora vai pelo Stripe.')).toMatchObject({ to: '+5511960000302' });
    expect(await messageRow(ctx, reply.messageId)).toMatchObject({ ack: 1 });
    expect(await balanceOf(owner)).toBe(999);
  });
});

describe('SMS credit in production without Stripe', () => {
  it('sells no credit through the sandbox: 503 PAYMENTS_NOT_CONFIGURED, nothing credited', async () => {
    const production = await startTestApp({ isProduction: true });
    try {
      const owner = await signUp(production);
      const res = await api(production.app, 'POST', `/p/sms-credit/buy?acc=${owner.accountId}`, {
        token: owner.token,
        body: { packageId: 'sms-1000' },
        lang: 'pt-BR',
      });
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatchObject({
        code: 'PAYMENTS_NOT_CONFIGURED',
        message: 'Os pagamentos ainda não estão configurados nesta instalação. Fale com o administrador.',
      });
      const credit = await api(production.app, 'GET', `/p/sms-credit?acc=${owner.accountId}`, {
        token: owner.token,
      });
      expect(credit.body.data).toMatchObject({ balance: 0, history: [] });
    } finally {
      await production.close();
    }
  });
});
