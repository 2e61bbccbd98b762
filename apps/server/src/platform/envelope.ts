import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';
import { ZErrorEnvelope } from '@atende/shared';

/** Success envelope of DESIGN.md §3. */
export function ok<T>(data: T): { status: 1; data: T } {
  return { status: 1, data };
}

/** List envelope: data = { items, count }. */
export function list<T>(items: T[], count: number) {
  return ok({ items, count });
}

/** Response schema for the envelope around `data` (feeds OpenAPI). */
export function zOk<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(1), data, frontVersionConflict: z.boolean().optional() });
}

/** `data = { items, count }` of a list answer. */
export function zList<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), count: z.number() });
}

/**
 * The response of a JSON route: `{ status: 1, data }` around `data`. The handler returns the data
 * (typed by the schema's input), the route wraps it with `ok()`, and fastify-type-provider-zod's
 * serializer checks it and strips what the schema does not name. The schema is the OpenAPI answer.
 */
export interface TOkResponse<T extends z.ZodType = z.ZodType, P extends boolean = boolean> {
  kind: 'ok';
  data: T;
  envelope: ReturnType<typeof zOk<T>>;
  /**
   * Serialized with JSON.stringify, not parsed (documented only): for benchmarked hot routes. Their
   * handlers may also answer a JsonText (data written as JSON once, sent again as it is).
   */
  passthrough: P;
}

/**
 * A passthrough route's answer already written as JSON: an answer a service remembers (the inbox
 * list's page cache) is sent again without being built, serialized and encoded again. `T` is the
 * data it holds; tenant-route.ts stringifyEnvelope sends it (with any field a hook adds).
 */
export class JsonText<T> {
  declare private readonly _holds?: T;
  private gzip?: Promise<Buffer>;
  private asked = 0;
  /** `{"status":1,"data":…}` in UTF-8. */
  private constructor(readonly okBytes: Buffer) {}

  static of<T>(data: T): JsonText<T> {
    return new JsonText<T>(Buffer.from(`{"status":1,"data":${JSON.stringify(data)}}`));
  }

  /**
   * `okBytes` gzipped, from the second time this answer is asked for in gzip (json-text-gzip.ts):
   * a page built for one request and then changed is not worth compressing. Made once, in libuv's
   * thread pool, and kept with the answer.
   */
  gzippedWhenRepeated(): Promise<Buffer> | null {
    this.asked += 1;
    if (this.asked < 2) return null;
    this.gzip ??= gzipAsync(this.okBytes);
    return this.gzip;
  }
}

const gzipAsync = promisify(gzip);

/**
 * A route that answers something other than the JSON envelope (a file, a stream, HTML, a script):
 * the handler sends it itself through `reply` and OpenAPI shows the media type and description.
 */
export interface TRawResponse {
  kind: 'raw';
  contentTypes: string[];
  description: string;
}

export type TResponseSpec = TOkResponse | TRawResponse;

export function okOf<T extends z.ZodType>(data: T): TOkResponse<T, false> {
  return { kind: 'ok', data, envelope: zOk(data), passthrough: false };
}

/**
 * okOf without the serializer's parse: the schema documents the answer, JSON.stringify writes it.
 * Only where a benchmark shows the parse costs (say why at the call site).
 */
export function passthroughOf<T extends z.ZodType>(data: T): TOkResponse<T, true> {
  return { ...okOf(data), passthrough: true };
}

/** The documented escape for non-JSON answers (binary, streamed, HTML, JavaScript). */
export function raw(contentType: string | string[], description: string): TRawResponse {
  return { kind: 'raw', contentTypes: Array.isArray(contentType) ? contentType : [contentType], description };
}

/** `schema.response` of a route that is not a tenantRoute (global, public): the envelope or a failure. */
export function okSchema<T extends z.ZodType>(data: T) {
  return { 200: zOk(data), '4xx': ZErrorEnvelope };
}

/**
 * `schema.produces` and `schema.response` of a non-JSON route (file, stream, HTML, script): OpenAPI
 * shows the media types and the description. Fastify never serializes a Buffer, a stream, or a
 * string sent with its own content type, so the 200 schema only documents.
 */
export function rawSchema(contentType: string | string[], description: string) {
  const { contentTypes } = raw(contentType, description);
  return {
    produces: contentTypes,
    response: {
      200: z.custom<Buffer | Uint8Array | string | NodeJS.ReadableStream>().meta({
        description,
        type: 'string',
        format: 'binary',
      }),
      '4xx': ZErrorEnvelope,
    },
  };
}
