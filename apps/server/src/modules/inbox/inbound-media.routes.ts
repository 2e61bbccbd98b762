import { Readable } from 'node:stream';
import { zUuid } from '@atende/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WhatsAppCloudAdapter } from '../../channels/whatsapp-cloud/whatsapp-cloud.adapter';
import { withTenant } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import { requireTenant } from '../../platform/tenancy';
import { channels } from '../channels/channels.schema';
import { conversations, messages } from './inbox.schema';

/**
 * GET /p/chat/inbox/media/{messageId}?acc=: the media a customer sent on WhatsApp, read from Meta
 * with the channel's token and streamed through (Meta's media URLs are short-lived and need the
 * token, so the web cannot link to them). Whoever may see the conversation may read its media.
 */
export async function inboundMediaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/p/chat/inbox/media/:id',
    {
      preHandler: requireTenant('operator'),
      schema: { tags: ['inbox'], params: z.object({ id: zUuid }), querystring: z.object({ acc: zUuid }) },
    },
    async (request, reply) => {
      const tenant = request.tenant!;
      const db = app.platform.database.db;
      const [row] = await withTenant(db, tenant.accountId, (tx) =>
        tx
          .select({ media: messages.media, conversation: conversations, channel: channels })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .innerJoin(channels, eq(channels.id, messages.channelId))
          .where(and(eq(messages.accountId, tenant.accountId), eq(messages.id, request.params.id))),
      );
      if (!row) throw new AppError('MESSAGE_NOT_FOUND');
      const access = app.services.inbox.access;
      access.assertCanSee(tenant, row.conversation, await access.gate(tenant));
      const mediaId = row.media?.providerMediaId;
      if (!mediaId || row.channel.kind !== 'whatsapp-cloud') throw new AppError('MESSAGE_NOT_FOUND');
      const adapter = app.services.channelRegistry.get('whatsapp-cloud') as WhatsAppCloudAdapter;
      const media = await adapter.fetchMedia({ ...row.channel, kind: 'whatsapp-cloud' }, mediaId);
      if (!media) throw new AppError('MESSAGE_NOT_FOUND');
      reply.header('content-type', media.mimeType).header('cache-control', 'private, max-age=3600');
      if (media.size) reply.header('content-length', media.size);
      return reply.send(Readable.fromWeb(media.body as never));
    },
  );
}
