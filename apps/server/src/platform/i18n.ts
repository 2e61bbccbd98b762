import type { FastifyRequest } from 'fastify';
import type { TLang } from '@atende/shared';

/** The language of a request: Accept-Language starting with 'en' → en, else pt-BR (the default). */
export function requestLang(request: FastifyRequest): TLang {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'pt-BR';
}
