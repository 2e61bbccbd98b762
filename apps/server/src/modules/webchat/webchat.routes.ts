import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONVERSATION_LIMITS,
  ZWebchatConfig,
  ZWebchatSession,
  ZWebchatUpload,
  zOptionalEmail,
  zOptionalPhone,
} from '@atende/shared';
import { ok, okSchema, rawSchema } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { WEBCHAT_CLIENT_JS } from './webchat-client';
import { visitorLang } from './webchat-i18n';
import { chatPageCsp, chatPageHtml, widgetJs } from './webchat-page';

const slugParams = z.object({ slug: z.string().trim().min(1).max(100) });
const ZSessionBody = z.object({
  token: z.string().max(2000).optional(),
  name: z.string().trim().max(200, { error: 'tooLong' }).optional(),
  email: zOptionalEmail,
  phone: zOptionalPhone,
});

let socketClient: string | null = null;
/** socket.io's own browser client (shipped in the socket.io package). */
function socketClientJs(): string {
  // The package exports only its entry and package.json: the client file sits beside the latter.
  const root = dirname(createRequire(import.meta.url).resolve('socket.io/package.json'));
  socketClient ??= readFileSync(join(root, 'client-dist/socket.io.min.js'), 'utf8');
  return socketClient;
}

/**
 * The public side of web chat: the chat page /chat/<slug>, the widget /widget/<slug>.js, the
 * page's scripts, its settings, visitor sessions (POST /webchat/<slug>/session, rate-limited) and
 * visitors' files (POST /webchat/<slug>/files, raw bytes, with the visitor token as bearer).
 */
export async function webchatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const webchat = () => app.services.webchat;
  const tags = ['webchat'];

  r.get(
    '/chat/:slug',
    { schema: { tags, params: slugParams, ...rawSchema('text/html', 'The chat page') } },
    async (request, reply) => {
      const config = await webchat().publicConfig(request.params.slug);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', chatPageCsp(config))
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language')
        .send(chatPageHtml(config, visitorLang(request.headers['accept-language'])));
    },
  );

  r.get(
    '/widget/:file',
    {
      schema: {
        tags,
        params: z.object({ file: z.string().max(110) }),
        ...rawSchema('application/javascript', 'The widget script'),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!file.endsWith('.js')) throw new AppError('CHANNEL_NOT_FOUND');
      const config = await webchat().publicConfig(file.slice(0, -3));
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .send(widgetJs(config, app.platform.config.APP_URL));
    },
  );

  r.get(
    '/webchat/client.js',
    { schema: { tags, ...rawSchema('application/javascript', 'The page script') } },
    async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(WEBCHAT_CLIENT_JS),
  );

  r.get(
    '/webchat/socket.io.min.js',
    { schema: { tags, ...rawSchema('application/javascript', 'socket.io client') } },
    async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(socketClientJs()),
  );

  r.get(
    '/webchat/:slug/config',
    { schema: { tags, params: slugParams, response: okSchema(ZWebchatConfig) } },
    async (request) => {
      const { allowedOrigins: _origins, ...config } = await webchat().publicConfig(request.params.slug);
      return ok(config);
    },
  );

  // A visitor's file arrives as raw bytes (its type comes from the name).
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: CONVERSATION_LIMITS.fileMaxBytes + 1 },
    (_req, body, done) => done(null, body),
  );

  r.post(
    '/webchat/:slug/files',
    {
      bodyLimit: CONVERSATION_LIMITS.fileMaxBytes + 1,
      schema: {
        tags,
        params: slugParams,
        querystring: z.object({ name: z.string().trim().min(1).max(255) }),
        response: okSchema(ZWebchatUpload),
      },
    },
    async (request) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!Buffer.isBuffer(request.body)) throw new AppError('FILE_UPLOAD_ERROR');
      return ok(await webchat().upload(request.params.slug, token, request.query.name, request.body));
    },
  );

  r.post(
    '/webchat/:slug/session',
    { schema: { tags, params: slugParams, body: ZSessionBody, response: okSchema(ZWebchatSession) } },
    async (request) => ok(await webchat().session(request.params.slug, request.body, request.ip)),
  );
}
