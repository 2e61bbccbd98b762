import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZClientConfig } from '@atende/shared';
import { ok, okSchema } from '../../platform/envelope';

/** GET /g/client-config: public (no session), read by the web app after its first paint. */
export async function clientConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/g/client-config',
    {
      schema: {
        tags: ['client-config'],
        summary: "The web app's public configuration (browser error reporting)",
        response: okSchema(ZClientConfig),
      },
    },
    async () => ok(app.services.clientConfig.get()),
  );
}
