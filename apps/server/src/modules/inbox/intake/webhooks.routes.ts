import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TChannelRecord, TParsedWebhook } from '../../../providers/channel-adapter';
import { CALLBACK_PARAM, type SmsAdapter } from '../../../providers/sms/sms.adapter';
import type { WhatsAppCloudAdapter } from '../../../providers/whatsapp-cloud/whatsapp-cloud.adapter';
import { parseTemplateStatusEvents } from '../../../providers/whatsapp-cloud/whatsapp-webhook';
import { AppError } from '../../../platform/errors';
import type { TWebhookChannel } from '../../channels/webhook-channels';

/** A bad signature answers 401 (the catalogue's code, with the status providers expect). */
class SignatureError extends AppError {
  constructor() {
    super('WEBHOOK_SIGNATURE_INVALID');
  }
  override get statusCode() {
    return 401;
  }
}

/** JSON with NUL characters dropped from strings (PostgreSQL text cannot hold them). */
function parseJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  try {
    // A NUL can only be written as the escape \u0000: the (slower) reviver runs only then.
    if (!text.includes('\\u0000')) return JSON.parse(text);
    return JSON.parse(text, (_key, value) =>
      typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value,
    );
  } catch {
    throw AppError.validation([{ path: '', key: 'invalid' }]);
  }
}

function rawOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

/**
 * Provider webhooks (DESIGN.md §3: /webhooks/<kind>/<channel id>). Not tenant-authenticated: the
 * channel is found by id, the signature proves the provider, and the answer is 200 only after
 * what the delivery carried is committed — any failure answers 500 so the provider retries
 * (storage is idempotent on the provider's message id). Bad input never answers 500: an
 * unknown channel 404, a bad signature 401, a signed but malformed body 400.
 */
export async function webhooksRoutes(app: FastifyInstance) {
  // The signatures cover the raw bytes: every body of these routes is kept as a Buffer.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const services = () => app.services;

  async function channelOf(kind: TChannelRecord['kind'], id: string): Promise<TWebhookChannel> {
    const channel = await services().webhookChannels.find(kind, id);
    if (!channel) throw new AppError('CHANNEL_NOT_FOUND');
    return channel;
  }

  app.get<{ Params: { channelId: string }; Querystring: Record<string, unknown> }>(
    '/webhooks/whatsapp-cloud/:channelId',
    { schema: { hide: true } },
    async (request, reply) => {
      const channel = await channelOf('whatsapp-cloud', request.params.channelId);
      const adapter = services().channelRegistry.get('whatsapp-cloud') as WhatsAppCloudAdapter;
      const challenge = adapter.verifyChallenge(channel, request.query);
      if (challenge === null) return reply.code(403).type('text/plain').send('Forbidden');
      return reply.code(200).type('text/plain').send(challenge);
    },
  );

  app.post<{ Params: { channelId: string } }>(
    '/webhooks/whatsapp-cloud/:channelId',
    { schema: { hide: true } },
    async (request, reply) => {
      const channel = await channelOf('whatsapp-cloud', request.params.channelId);
      const adapter = services().channelRegistry.get('whatsapp-cloud');
      const raw = rawOf(request);
      if (!adapter.verifySignature(channel, raw, request.headers)) throw new SignatureError();
      const body = parseJson(raw);
      const parsed = kept(channel, adapter.parseWebhook(channel, body));
      await services().inbound.receive(channel, parsed);
      if (parsed.reactions?.length) await services().inbox.reactions.receive(channel, parsed.reactions);
      const templateEvents = parseTemplateStatusEvents(body);
      if (templateEvents.length > 0) await services().templates.applyStatusEvents(channel, templateEvents);
      return okEmpty(reply);
    },
  );

  app.post<{ Params: { channelId: string }; Querystring: Record<string, string | undefined> }>(
    '/webhooks/sms/:channelId',
    { schema: { hide: true } },
    async (request, reply) => {
      const channel = await channelOf('sms', request.params.channelId);
      const adapter = services().channelRegistry.get('sms') as SmsAdapter;
      const raw = rawOf(request);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      if (!adapter.verifySignature(channel, raw, request.headers, query)) throw new SignatureError();
      const form = new URLSearchParams(raw.toString('utf8').replaceAll('%00', ''));
      const callbackData = request.query[CALLBACK_PARAM];
      const parsed = adapter.parseWebhook(
        channel,
        form,
        typeof callbackData === 'string' ? callbackData : undefined,
      );
      await services().inbound.receive(channel, kept(channel, parsed));
      // Twilio reads the answer to an inbound SMS as TwiML: an empty response sends no reply.
      return reply
        .code(200)
        .type('text/xml')
        .send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );
}

/**
 * A disabled channel (settings → channels) opens no conversation: its customers' messages are
 * acknowledged to the provider (so it stops retrying) and not stored; delivery reports of what
 * was sent before still update their messages.
 */
function kept(channel: TWebhookChannel, parsed: TParsedWebhook): TParsedWebhook {
  return channel.active ? parsed : { ...parsed, messages: [], reactions: [] };
}

function okEmpty(reply: FastifyReply) {
  return reply.code(200).send({ status: 1, data: { received: true } });
}
