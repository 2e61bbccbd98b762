import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../testing/fixtures';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';

const OPS_TOKEN = 'ops-test-token-0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_ops_test';

let ctx: TTestApp;
let fake: Server;
const posts: Array<{ path: string; form: URLSearchParams }> = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const path = req.url ?? '';
    posts.push({ path, form });
    const n = posts.length;
    const answer: Record<string, unknown> | undefined =
      path === '/v1/coupons'
        ? { id: `coupon_${n}` }
        : path === '/v1/promotion_codes'
          ? { id: `promo_${n}` }
          : path === '/v1/checkout/sessions'
            ? { id: `cs_ops_${n}`, url: `https://checkout.stripe.test/${n}` }
            : undefined;
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  ctx = await startTestApp({
    OPS_TOKEN,
    STRIPE_SECRET_KEY: 'sk_test',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => fake.close(resolve));
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
    const [coupon, promotion] = posts.slice(-2);
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
    const session = posts.at(-1)!;
    expect(session.path).toBe('/v1/checkout/sessions');
    expect(session.form.get('discounts[0][promotion_code]')).toBe(promoId);

    const list = async () =>
      ((await ops('GET', '/ops/coupons')).body.data as Array<{ code: string; uses: number }>).find(
        (c) => c.code === 'STRIPE10',
      )?.uses;
    expect(await list()).toBe(0);
    const sessionId = `cs_ops_${posts.length}`;
    const payload = JSON.stringify({
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId } },
    });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
    for (let i = 0; i < 2; i++) {
      const hook = await ctx.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
        payload,
      });
      expect(hook.statusCode).toBe(200);
    }
    expect(await list()).toBe(1);

    const unknown = await api(ctx.app, 'PUT', `/g/acc/${user.accountId}/plan/business`, {
      token: user.token,
      body: { coupon: 'NOPE' },
      lang: 'pt-BR',
    });
    expect(unknown.body).toMatchObject({ code: 'COUPON_INVALID', message: 'Cupom inválido' });
  });
});
