import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSupportMessageBody } from '@atende/shared';
import { ok, okSchema } from '../../platform/envelope';
import { requireUser } from '../../platform/auth/guard';

/** POST /g/support/contact: the help form (any signed-in user). */
export async function supportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/g/support/contact',
    {
      preHandler: requireUser,
      schema: {
        tags: ['support'],
        body: ZSupportMessageBody,
        response: okSchema(z.object({ sent: z.literal(true) })),
      },
    },
    async (request) => ok(await app.services.support.send(request.userId!, request.body)),
  );
}
