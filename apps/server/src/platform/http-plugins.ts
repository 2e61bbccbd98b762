import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';

/** /docs: OpenAPI generated from the zod schemas of every route. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Atende API',
        version: '0.1.0',
        description: 'Envelope: { status: 1, data } or { status: 0, code, message }',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}

const READY_TIMEOUT_MS = 2_000;

/** /healthz (process up), /readyz (database answers), /metrics (Prometheus). */
export function registerOps(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unknown';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 1, data: { ok: true } }));
  // Not ready while the database does not answer within READY_TIMEOUT_MS: a load balancer takes
  // the node out of rotation during an outage and back as soon as the database answers again.
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.platform.database.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 1, data: { ok: true } };
    } catch {
      return reply.status(503).send({ status: 0, code: 'INTERNAL_ERROR', message: 'database unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

/** The web build's version number (dist/version.json), compared with the client's Front-Version. */
export function webBuildVersion(webDist: string | undefined): number | null {
  if (!webDist) return null;
  const file = resolve(webDist, 'version.json');
  if (!existsSync(file)) return null;
  const version = Number(JSON.parse(readFileSync(file, 'utf8')).version);
  return Number.isFinite(version) ? version : null;
}

/** Adds frontVersionConflict: true to JSON bodies when the server's web build is newer than the caller's. */
export function registerFrontVersion(app: FastifyInstance, serverVersion: number | null) {
  if (serverVersion === null) return;
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const header = request.headers['front-version'];
    const client = Number(Array.isArray(header) ? header[0] : header);
    if (!header || !Number.isFinite(client) || client >= serverVersion) return payload;
    if (payload && typeof payload === 'object' && !Array.isArray(payload))
      return { ...payload, frontVersionConflict: true };
    return payload;
  });
}

/** A file's address: under /assets/, or a last segment with an extension (no app route has one). */
const FILE_PATH = /^\/assets\/|\.[a-z0-9]+$/i;

/**
 * The built web app with SPA fallback: unknown non-API GETs serve index.html, except a file's
 * address. A file the build no longer has (a tab holding an older index.html after a deploy) gets
 * a 404: sent index.html as JavaScript, the browser refused it and the page stayed blank. The
 * build's files are routes from startup, so a new build is served after a restart.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  if (!webDist || !existsSync(resolve(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    maxAge: '1y',
    immutable: true,
  });
  const indexHtml = readFileSync(resolve(webDist, 'index.html'));
  return (url: string) => {
    if (/^\/(g|p|webhooks|socket\.io|docs|healthz|readyz|metrics)(\/|$|\?)/.test(url)) return null;
    if (FILE_PATH.test(url.split('?')[0])) return null;
    return indexHtml;
  };
}
