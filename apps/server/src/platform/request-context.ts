import type { FastifyRequest } from 'fastify';
import { requestLang } from './i18n';

/** Who did something, from where: passed from routes to services for auditing. */
export interface TActor {
  userId: string;
  ip: string;
  lang: 'pt-BR' | 'en';
}

export function actorOf(request: FastifyRequest): TActor {
  return { userId: request.userId ?? '', ip: request.ip, lang: requestLang(request) };
}
