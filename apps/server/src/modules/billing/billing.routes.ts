import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChangePlanBody, zUuid } from '@atende/shared';
import { ok } from '../../platform/envelope';
import { actorOf } from '../../platform/request-context';
import { requireTenant } from '../../platform/tenancy';

export async function billingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      },
    },
    async () => ok(billing().plans()),
  );

  r.put(
    '/g/acc/:acc/plan/:id',
    {
      preHandler: requireTenant('admin'),
      schema: { tags, params: z.object({ acc: zUuid, id: z.string().max(40) }), body: ZChangePlanBody },
    },
    async (request) =>
      ok(
        await billing().changePlan(
          request.tenant!.accountId,
          request.tenant!.plan,
          request.params.id,
          request.body.period,
          actorOf(request),
        ),
      ),
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
