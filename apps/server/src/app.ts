import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import './fastify-augment';
import { loadConfig, type TConfig } from './config';
import type { TDatabase } from './platform/db/client';
import { errorHandler, notFoundHandler } from './platform/errors';
import { redactTokens } from './platform/log-redaction';
import { registerNulGuard } from './platform/nul-guard';
import {
  registerDocs,
  registerFrontVersion,
  registerOps,
  registerWeb,
  webBuildVersion,
} from './platform/http-plugins';
import { trackRequestsInFlight } from './platform/requests-in-flight';
import { createPlatform } from './platform/platform';
import { createServices, registerModules } from './modules';

export interface TBuildOptions {
  config?: Partial<TConfig>;
  env?: NodeJS.ProcessEnv;
  database?: TDatabase;
  /** Start pg-boss workers in this process (default true). */
  workers?: boolean;
  logger?: boolean;
}

/** The default web build location: apps/web/dist beside this app. */
function defaultWebDist(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = resolve(dir, 'apps/web/dist');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

/** Builds the whole application (API, docs, ops, web) without listening; tests use it directly. */
export async function buildApp(options: TBuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(options.env ?? process.env, options.config);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // File links carry the access token in their query: never write it to the logs.
            serializers: {
              req: (req) => ({
                method: req.method,
                url: redactTokens(req.url),
                remoteAddress: req.ip,
              }),
            },
          },
    genReqId: (req) => (req.headers['x-request-id'] as string) || randomUUID(),
    trustProxy: config.TRUST_PROXY === 'true',
    bodyLimit: 2 * 1024 * 1024,
    // Bad URLs and over-long path parameters answer in the envelope too, not Fastify's own body.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerNulGuard(app);

  const platform = await createPlatform(config, app.log, options.database);
  app.decorate('platform', platform);
  app.decorate('services', createServices(platform));
  // Shutdown order: sockets go first (preClose, while the database still answers their handlers);
  // onClose hooks run last-registered first, so this one — registered before every feature's —
  // runs after them all: jobs drain, then the database closes.
  const ownsDatabase = !options.database;
  app.addHook('preClose', async () => {
    await platform.realtime.close();
  });
  app.addHook('onClose', async () => {
    await platform.jobs.stop();
    await platform.tenantCache.stop();
    platform.mailer.close();
    await platform.errorReporter.flush(2_000);
    if (ownsDatabase) await platform.database.close();
  });

  await registerDocs(app);
  registerOps(app);
  trackRequestsInFlight(app);
  const webDist = config.WEB_DIST ?? defaultWebDist();
  registerFrontVersion(app, webBuildVersion(webDist));
  await registerModules(app);
  const spa = await registerWeb(app, webDist);
  app.setNotFoundHandler((request, reply) => {
    const html = spa && (request.method === 'GET' || request.method === 'HEAD') ? spa(request.url) : null;
    if (html && request.method === 'HEAD')
      return reply.header('cache-control', 'no-cache').type('text/html').send();
    if (html) return reply.header('cache-control', 'no-cache').type('text/html').send(html);
    return notFoundHandler(request, reply);
  });

  await platform.tenantCache.start();
  await platform.realtime.attach(app);
  await platform.jobs.start(options.workers ?? true);
  return app;
}
