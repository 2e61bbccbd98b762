import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonText } from './envelope';

/**
 * A remembered answer (JsonText) sent gzipped to a client that accepts it (every browser does).
 * The inbox's page of 1,000 conversations is about 800 kB of JSON and 60–90 kB gzipped: writing
 * it costs the server a tenth, and the browser gets it ten times sooner on a slow link. The gzip
 * copy is made once per remembered answer, when it is asked for a second time, off the event loop
 * (envelope.ts JsonText.gzippedWhenRepeated): a page answered again unchanged costs no compression,
 * and a page that changes between reads (built for one request) is sent as it is.
 *
 * Only the remembered bytes themselves are swapped: when a hook added a field to the envelope
 * (frontVersionConflict), the answer is the spliced identity bytes, as before.
 */
const offered = new WeakMap<FastifyReply, { plain: Buffer; gzip: Buffer }>();

/** Whether `Accept-Encoding` names gzip (or `*`) with a q-value above 0. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Readies the gzip copy of a JsonText answer for gzipOnSend when the client accepts it. */
export async function offerGzip(request: FastifyRequest, reply: FastifyReply, answer: JsonText<unknown>) {
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return;
  // A compression that failed leaves the answer as it is: gzip is only ever a cheaper way to send it.
  const gzip = await answer.gzippedWhenRepeated()?.catch(() => null);
  if (gzip) offered.set(reply, { plain: answer.okBytes, gzip });
}

/** onSend of the passthrough routes: the gzip copy instead of the remembered bytes, when offered. */
export async function gzipOnSend(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const copy = offered.get(reply);
  if (!copy || payload !== copy.plain) return payload;
  reply.header('content-encoding', 'gzip');
  return copy.gzip;
}
