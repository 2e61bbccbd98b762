import { Readable } from 'node:stream';
import { zUuid } from '@atende/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TChannelKind } from '@atende/shared';
import type { TFetchedMedia } from '../../../providers/channel-adapter';
import type { SmsAdapter } from '../../../providers/sms/sms.adapter';
import type { WhatsAppCloudAdapter } from '../../../providers/whatsapp-cloud/whatsapp-cloud.adapter';
import type { TDb } from '../../../platform/db/client';
import { withTenant } from '../../../platform/db/tenant';
import { AppError } from '../../../platform/errors';
import { requireTenant } from '../../../platform/tenancy';
import { channelRecord } from '../../channels/channels.presenter';
import { channels } from '../../channels/channels.schema';
import { conversations, messages } from '../inbox.schema';

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
      schema: { tags: ['inbox'], params: z.object({ id: zUuid }), querystring: ZMediaQuery },
    },
    async (request, reply) => {
      const { acc, exp, sig } = request.query;
      const messageId = request.params.id;
      const inbox = app.services.inbox;
      if (sig !== undefined) inbox.files.checkInboundMediaLink(acc, messageId, exp ?? 0, sig);
      const row = await findMediaMessage(app.platform.database.db, acc, messageId);
      if (!row) throw new AppError('MESSAGE_NOT_FOUND');
      if (sig === undefined) {
        const tenant = request.tenant!;
        inbox.access.assertCanSee(tenant, row.conversation, await inbox.access.gate(tenant));
      }
      const media = await fetchFromProvider(app, row);
      if (!media) throw new AppError('MESSAGE_NOT_FOUND');
      reply
        .header('content-type', media.mimeType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff');
      if (media.size) reply.header('content-length', media.size);
      return reply.send(Readable.fromWeb(media.body as never));
    },
  );
}

async function findMediaMessage(db: TDb, accountId: string, messageId: string) {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ media: messages.media, conversation: conversations, channel: channels })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .where(and(eq(messages.accountId, accountId), eq(messages.id, messageId))),
  );
  return row;
}

function fetchFromProvider(
  app: FastifyInstance,
  row: NonNullable<Awaited<ReturnType<typeof findMediaMessage>>>,
): Promise<TFetchedMedia | undefined> {
  const channel = channelRecord(row.channel);
  const media = row.media;
  const registry = app.services.channelRegistry;
  const kind = row.channel.kind as TChannelKind;
  if (kind === 'whatsapp-cloud' && media?.providerMediaId)
    return (registry.get(kind) as WhatsAppCloudAdapter).fetchMedia(channel, media.providerMediaId);
  if (kind === 'sms' && media?.url) return (registry.get(kind) as SmsAdapter).fetchMedia(channel, media.url);
  return Promise.resolve(undefined);
}
