import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCoupon, ZCouponBody, ZOpsAccount, ZOpsAccountPatch, ZOpsSmsTopUp } from '@atende/shared';
import { safeEqual, sha256 } from '../../platform/auth/secrets';
import { ok, okSchema } from '../../platform/envelope';
import { AppError } from '../../platform/errors';

/** The bearer token equals OPS_TOKEN (compared in constant time, whatever the lengths). */
export function opsTokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  return given.length > 0 && safeEqual(sha256(given), sha256(token));
}

/**
 * The operator API (issue 13), under /ops: only with OPS_TOKEN set (otherwise these routes do not
 * exist: 404), and only with that token as the bearer (a user's JWT is never accepted here).
 */
export async function opsRoutes(app: FastifyInstance) {
  const token = app.platform.config.OPS_TOKEN;
  if (!token) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ops = () => app.services.ops;
  const origin = (request: FastifyRequest) => ({ via: 'api' as const, ip: request.ip });
  const schema = { tags: ['ops'], hide: true };
  const ref = z.object({ ref: z.string().trim().min(1).max(320) });

  app.addHook('onRequest', async (request) => {
    if (!opsTokenMatches(request.headers.authorization, token)) throw new AppError('UNAUTHORIZED');
  });

  r.get(
    '/ops/accounts/:ref',
    { schema: { ...schema, params: ref, response: okSchema(ZOpsAccount) } },
    async (request) => ok(await ops().show(request.params.ref)),
  );
  r.patch(
    '/ops/accounts/:ref',
    { schema: { ...schema, params: ref, body: ZOpsAccountPatch, response: okSchema(ZOpsAccount) } },
    async (request) => ok(await ops().set(request.params.ref, request.body, origin(request))),
  );
  r.post(
    '/ops/accounts/:ref/sms-credit',
    { schema: { ...schema, params: ref, body: ZOpsSmsTopUp, response: okSchema(ZOpsAccount) } },
    async (request) => ok(await ops().topUpSms(request.params.ref, request.body, origin(request))),
  );
  r.get('/ops/coupons', { schema: { ...schema, response: okSchema(z.array(ZCoupon)) } }, async () =>
    ok(await ops().listCoupons()),
  );
  r.post(
    '/ops/coupons',
    { schema: { ...schema, body: ZCouponBody, response: okSchema(ZCoupon) } },
    async (request) => ok(await ops().createCoupon(request.body)),
  );
}
