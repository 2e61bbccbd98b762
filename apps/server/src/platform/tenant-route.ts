import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { type TRole, ZAccQuery, ZErrorEnvelope, zUuid } from '@atende/shared';
import { JsonText, ok, rawSchema, type TOkResponse, type TRawResponse, type TResponseSpec } from './envelope';
import { requestLang } from './i18n';
import { gzipOnSend, offerGzip } from './json-text-gzip';
import { actorOf, type TActor } from './request-context';
import { requireTenant, type TAccountSource, type TTenant, tenantOf } from './tenancy';

/**
 * Where a route's account id comes from (DESIGN.md §4; never trusted from a body unless the spec's
 * call carries it there):
 * - 'query' (default): `?acc=` — the query schema gets ZAccQuery's `acc`;
 * - 'path': the path's `:acc` (g/acc/{acc}/..., p/chat/inbox/{acc}) — `params` must name `acc`;
 * - 'path-id': the path's `:id` (g/acc/{id});
 * - 'body': the body's `acc` (g/user/invite, mobile-token);
 * - 'query-or-body': `?acc=` when given, else the body's (PUT p/chat/contact/{id} as the spec sends it).
 */
export type TAccountIn = 'query' | 'path' | 'path-id' | 'body' | 'query-or-body';

const SOURCE: Record<TAccountIn, TAccountSource> = {
  query: 'acc',
  path: 'acc',
  'path-id': 'id',
  body: 'body',
  'query-or-body': 'acc-or-body',
};

type TObject = z.ZodObject<z.ZodRawShape>;
type TOut<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;

export interface TTenantRouteSpec<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends z.ZodType | undefined,
  R extends TResponseSpec,
> {
  /** The minimum role (the ladder of packages/shared roles): the `requireTenant(role)` preHandler. */
  role: TRole;
  account?: TAccountIn;
  /** An access rule of the feature, run after the gate (e.g. the contacts blocks of spec §6). */
  check?: (tenant: TTenant) => void;
  params?: P;
  /** Extra query fields; `acc` is added (from ZAccQuery) when the account comes from the query. */
  query?: Q;
  body?: B;
  /** Required: `okOf(ZData)` (JSON envelope), `passthroughOf(ZData)` (hot routes) or `raw(type, what)`. */
  response: R;
  bodyLimit?: number;
  summary?: string;
}

/** What a handler gets: the tenant (set by the gate, never null) and the validated input. */
export interface TTenantCtx<P, Q, B> {
  tenant: TTenant;
  params: TOut<P>;
  query: TOut<Q>;
  body: TOut<B>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Who acts, for the audit trail (actorOf(request)). */
  readonly actor: TActor;
  /** The caller's language (messages, files). */
  readonly lang: 'pt-BR' | 'en';
}

/** A JSON route's handler returns the envelope's `data`; a raw route's sends through `reply` and returns it. */
export type TTenantResult<R> =
  R extends TOkResponse<infer D, true>
    ? z.input<D> | JsonText<z.input<D>>
    : R extends TOkResponse<infer D>
      ? z.input<D>
      : R extends TRawResponse
        ? FastifyReply
        : never;

export type TTenantHandler<P, Q, B, R> = (
  ctx: TTenantCtx<P, Q, B>,
) => TTenantResult<R> | Promise<TTenantResult<R>>;

/**
 * The passthrough routes' serializer: JSON.stringify, except for an answer already written as
 * JSON (JsonText), sent as it is, with the fields a hook added beside `status` and `data`
 * (frontVersionConflict) put in before its last brace.
 */
export function stringifyEnvelope(payload: unknown): string | Buffer {
  const data = (payload as { data?: unknown } | null)?.data;
  if (!(data instanceof JsonText)) return JSON.stringify(payload);
  const { data: _data, status: _status, ...added } = payload as Record<string, unknown>;
  const more = JSON.stringify(added);
  if (more === '{}') return data.okBytes;
  return Buffer.concat([data.okBytes.subarray(0, -1), Buffer.from(`,${more.slice(1)}`)]);
}
// fastify types a serializer as returning a string; it sends a Buffer as well (reply.js onSendEnd).
const stringify = () => stringifyEnvelope as (payload: unknown) => string;

function querySchema(account: TAccountIn, query: TObject | undefined): TObject | undefined {
  if (account === 'query') {
    if (!query) return ZAccQuery;
    return 'acc' in query.shape ? query : query.safeExtend(ZAccQuery.shape);
  }
  if (account === 'query-or-body') {
    const acc = { acc: zUuid.optional() };
    return query ? ('acc' in query.shape ? query : query.safeExtend(acc)) : z.object(acc);
  }
  return query;
}

function responseSchemas(response: TResponseSpec) {
  if (response.kind === 'raw') return rawSchema(response.contentTypes, response.description);
  return { produces: undefined, response: { 200: response.envelope, '4xx': ZErrorEnvelope } };
}

/**
 * One tenant route: the `requireTenant(role)` gate, the query's `acc` (ZAccQuery), the validated
 * params/query/body, a handler that gets `ctx.tenant` non-null, and a required response schema
 * (OpenAPI at /docs; checked and stripped by the zod serializer unless passthrough or raw).
 */
export function tenantRoute<
  P extends TObject | undefined = undefined,
  Q extends TObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends TResponseSpec = TResponseSpec,
>(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  tags: string[],
  spec: TTenantRouteSpec<P, Q, B, R>,
  handler: TTenantHandler<P, Q, B, R>,
): void {
  const account = spec.account ?? 'query';
  const gate = requireTenant(spec.role, SOURCE[account]);
  const { check, response } = spec;
  const preHandler = check
    ? async (request: FastifyRequest) => {
        await gate(request);
        check(tenantOf(request));
      }
    : gate;
  const json = response.kind === 'ok';
  const { produces, response: responseSchema } = responseSchemas(response);
  const querystring = querySchema(account, spec.query);
  app.route({
    method,
    url,
    preHandler,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    ...(json && !response.passthrough ? {} : { serializerCompiler: stringify }),
    ...(json && response.passthrough ? { onSend: gzipOnSend } : {}),
    schema: {
      tags,
      ...(spec.summary ? { summary: spec.summary } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(querystring ? { querystring } : {}),
      ...(produces ? { produces } : {}),
      response: responseSchema,
    },
    handler: async (request, reply) => {
      const ctx: TTenantCtx<P, Q, B> = {
        tenant: tenantOf(request),
        params: request.params as TOut<P>,
        query: request.query as TOut<Q>,
        body: request.body as TOut<B>,
        request,
        reply,
        get actor() {
          return actorOf(request);
        },
        get lang() {
          return requestLang(request);
        },
      };
      const result = await handler(ctx);
      if (result instanceof JsonText) await offerGzip(request, reply, result);
      return json ? ok(result) : result;
    },
  });
}

type TVerb = <
  P extends TObject | undefined = undefined,
  Q extends TObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends TResponseSpec = TResponseSpec,
>(
  url: string,
  spec: TTenantRouteSpec<P, Q, B, R>,
  handler: TTenantHandler<P, Q, B, R>,
) => void;

/** `tenantRoute` per HTTP verb for one routes file: `const route = tenantRoutes(app, ['inbox'])`. */
export function tenantRoutes(app: FastifyInstance, tags: string[]) {
  const verb =
    (method: HTTPMethods): TVerb =>
    (url, spec, handler) =>
      tenantRoute(app, method, url, tags, spec, handler);
  return {
    get: verb('GET'),
    post: verb('POST'),
    put: verb('PUT'),
    delete: verb('DELETE'),
    patch: verb('PATCH'),
  };
}
