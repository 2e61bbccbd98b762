import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../testing/fake-stripe';
import { signUp } from '../../testing/fixtures';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';

const OPS_TOKEN = 'ops-test-token-0123456789abcdef';

let ctx: TTestApp;
const fake = new FakeStripe('whsec_ops_test');

beforeAll(async () => {
  await fake.start();
  ctx = await startTestApp({ OPS_TOKEN, ...fake.config() });
});
afterAll(async () => {
  await ctx.close();
  await fake.stop();
});

const ops = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  api(ctx.app, method, url, { body, headers: { authorization: `Bearer ${OPS_TOKEN}` } });

describe('coupons with Stripe (issue 13)', () => {
  it('a coupon becomes a Stripe promotion code, the checkout carries it, and the paid webhook counts its use', async () => {
    const until = new Date(Date.now() + 30 * 86_400_000);
    const created = await ops('POST', '/ops/coupons', {
      code: 'stripe10',
      kind: 'fixed',
      value: 1000,
      maxUses: 3,
      validUntil: until.toISOString(),
    });
    expect(created.statusCode).toBe(200);
    const [coupon, promotion] = fake.requests.slice(-2);
    expect(coupon.path).toBe('/v1/coupons');
    expect(Object.fromEntries(coupon.form)).toMatchObject({
      duration: 'once',
      amount_off: '1000',
      currency: 'brl',
      max_redemptions: '3',
      redeem_by: String(Math.floor(until.getTime() / 1000)),
    });
    expect(promotion.path).toBe('/v1/promotion_codes');
    expect(Object.fromEntries(promotion.form)).toMatchObject({ code: 'STRIPE10', max_redemptions: '3' });
    const promoId = created.body.data.providerPromotionId as string;
    expect(promoId).toMatch(/^promo_/);

    const user = await signUp(ctx, { plan: 'business' });
    const res = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/business`, {
      token: user.token,
      body: { coupon: 'Stripe10' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.status).toBe('redirect');
    const session = fake.lastSession();
    expect(session.path).toBe('/v1/checkout/sessions');
    expect(session.form.get('discounts[0][promotion_code]')).toBe(promoId);

    const list = async () =>
      ((await ops('GET', '/ops/coupons')).body.data as Array<{ code: string; uses: number }>).find(
        (c) => c.code === 'STRIPE10',
      )?.uses;
    expect(await list()).toBe(0);
    const payload = fake.sessionEvent('checkout.session.completed', session.id);
    for (let i = 0; i < 2; i++) expect((await fake.deliver(ctx.app, payload)).statusCode).toBe(200);
    expect(await list()).toBe(1);

    const unknown = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/business`, {
      token: user.token,
      body: { coupon: 'NOPE' },
      lang: 'pt-BR',
    });
    expect(unknown.body).toMatchObject({ code: 'COUPON_INVALID', message: 'Cupom inválido' });
  });
});
