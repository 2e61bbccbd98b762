import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChangePlanBody, ZCheckoutInfo, ZCouponQuote, ZPlan, ZPlanChange, zUuid } from '@atende/shared';
import { ok, okOf, okSchema } from '../../platform/envelope';
import { tenantRoutes } from '../../platform/tenant-route';

export async function billingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = tenantRoutes(app, ['billing']);
  const billing = () => app.services.billing;
  const tags = ['billing'];

  r.get(
    '/g/product/plans',
    {
      schema: {
        tags,
        querystring: z.object({
          product: z.string().max(40).optional(),
          whitelabel: z.string().max(10).optional(),
        }),
        response: okSchema(z.array(ZPlan)),
      },
    },
    async () => ok([...billing().plans()]),
  );

  route.put(
    '/g/acc/:acc/plan/:id',
    {
      role: 'admin',
      account: 'path',
      params: z.object({ acc: zUuid, id: z.string().max(40) }),
      body: ZChangePlanBody,
      response: okOf(ZPlanChange),
    },
    ({ tenant, params, body, actor }) =>
      billing().changePlan(tenant.accountId, tenant.plan, params.id, body.period, actor, body.coupon),
  );

  // Issue 13: the installation's payment provider, so checkout shows the sandbox note or Stripe's page.
  route.get(
    '/g/acc/:acc/billing/checkout',
    {
      role: 'admin',
      account: 'path',
      params: z.object({ acc: zUuid }),
      response: okOf(ZCheckoutInfo),
    },
    () => billing().checkoutInfo(),
  );

  // Issue 13: the coupon's discount on a plan, shown at checkout before paying (COUPON_INVALID otherwise).
  route.get(
    '/g/acc/:acc/plan/:id/coupon',
    {
      role: 'admin',
      account: 'path',
      params: z.object({ acc: zUuid, id: z.string().max(40) }),
      query: z.object({
        code: z.string().max(40),
        period: z.enum(['monthly', 'yearly']).optional().default('monthly'),
      }),
      response: okOf(ZCouponQuote),
    },
    ({ params, query }) => billing().quote(query.code, params.id, query.period),
  );

  // Stripe posts JSON; the signature covers the raw bytes, so this route keeps them as text.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/webhooks/stripe', { schema: { hide: true } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      return ok(
        await billing().handleWebhook(
          String(request.body ?? ''),
          Array.isArray(signature) ? signature[0] : signature,
        ),
      );
    });
  });
}
