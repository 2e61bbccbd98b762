import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** A UTF-16 surrogate without its other half: no valid Unicode text holds one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A JSON escape of a surrogate (`\ud800`): the only way a lone one reaches a parsed body. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/** The path ('data.name', 'items.0') of the first string holding a lone surrogate, or of the object whose key does. */
function loneSurrogatePath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) return path.join('.'); // the key itself is not echoed back
    const found = loneSurrogatePath(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold the NUL character, nor jsonb a lone UTF-16 surrogate (a text column
 * would silently store U+FFFD instead): a body or query carrying one would fail deep in a query as
 * a 500 or change what the user sent. Both are refused at the door as VALIDATION_FAILED, for every
 * route.
 */
export function registerNulGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (/\\u0000/i.test(text)) {
      done(AppError.validation([{ path: '', key: 'invalid' }]), undefined);
      return;
    }
    if (!SURROGATE_ESCAPE.test(text)) {
      parseJson(request, text, done);
      return;
    }
    parseJson(request, text, (error, value) => {
      const path = error ? undefined : loneSurrogatePath(value);
      if (path !== undefined) done(AppError.validation([{ path, key: 'invalid' }]), undefined);
      else done(error, value);
    });
  });
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw AppError.validation([{ path: '', key: 'invalid' }]);
  });
}
