import { Readable } from 'node:stream';
import { zUuid } from '@atende/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawSchema } from '../../../platform/envelope';
import { requireTenant, tenantOf } from '../../../platform/tenancy';

const ZMediaQuery = z.object({
  acc: zUuid,
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});

const isSigned = (request: FastifyRequest) => typeof (request.query as { sig?: unknown }).sig === 'string';

/**
 * GET /p/chat/inbox/media/{messageId}?acc=: the media a customer sent, read from the provider on
 * request and streamed through — WhatsApp (Meta's media URLs are short-lived and need the
 * channel's token) and MMS (the provider's URL may need the account's credentials). Opened with
 * the signed link the messages API gives to those who may see the message (exp, sig: what an
 * <img> can use), or with the session's token by whoever may see the conversation.
 */
export async function inboundMediaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = requireTenant('operator');
  r.get(
    '/p/chat/inbox/media/:id',
    {
      preHandler: async (request) => {
        if (!isSigned(request)) await member(request);
      },
      // Not a tenantRoute: a signed link needs no session (the tenant gate runs only without one).
      schema: {
        tags: ['inbox'],
        params: z.object({ id: zUuid }),
        querystring: ZMediaQuery,
        ...rawSchema('application/octet-stream', "The customer's media, streamed from the provider"),
      },
    },
    async (request, reply) => {
      const { acc, exp, sig } = request.query;
      const by = sig !== undefined ? { link: { exp: exp ?? 0, sig } } : { viewer: tenantOf(request) };
      const media = await app.services.inbox.inboundMedia.open(acc, request.params.id, by);
      reply
        .header('content-type', media.mimeType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff');
      if (media.size) reply.header('content-length', media.size);
      return reply.send(Readable.fromWeb(media.body as never));
    },
  );
}
