import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateChannelBody, ZUpdateChannelBody, zUuid } from '@atende/shared';
import { ok } from '../../platform/envelope';
import { requireTenant } from '../../platform/tenancy';

const accQuery = z.object({ acc: zUuid });
const idParams = z.object({ id: zUuid });

/** Channels (admin settings): list, create, read, update, delete. Secrets go in, never out. */
export async function channelsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const channels = () => app.services.channels;
  const tags = ['channels'];
  const admin = requireTenant('admin');
  const acc = (request: { tenant?: { accountId: string } }) => request.tenant!.accountId;

  r.get('/p/chat/channels', { preHandler: admin, schema: { tags, querystring: accQuery } }, async (request) =>
    ok(await channels().list(acc(request))),
  );

  r.post(
    '/p/chat/channels',
    { preHandler: admin, schema: { tags, querystring: accQuery, body: ZCreateChannelBody } },
    async (request) => ok(await channels().create(acc(request), request.body)),
  );

  r.get(
    '/p/chat/channels/:id',
    { preHandler: admin, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => ok(await channels().get(acc(request), request.params.id)),
  );

  r.put(
    '/p/chat/channels/:id',
    {
      preHandler: admin,
      schema: { tags, params: idParams, querystring: accQuery, body: ZUpdateChannelBody },
    },
    async (request) => ok(await channels().update(acc(request), request.params.id, request.body)),
  );

  r.delete(
    '/p/chat/channels/:id',
    { preHandler: admin, schema: { tags, params: idParams, querystring: accQuery } },
    async (request) => {
      await channels().remove(acc(request), request.params.id);
      return ok(null);
    },
  );
}
