import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * PostgreSQL text cannot hold the NUL character: a body or query carrying one would fail deep in a
 * query as a 500. It is refused at the door as VALIDATION_FAILED instead, for every route.
 */
export function registerNulGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (/\\u0000/i.test(text)) {
      done(AppError.validation([{ path: '', key: 'invalid' }]), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw AppError.validation([{ path: '', key: 'invalid' }]);
  });
}
