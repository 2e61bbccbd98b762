import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' ? token : undefined;
}

/** preHandler: the caller must carry a valid access token; sets request.userId. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = bearer(request);
  if (!token) throw new AppError('JWT_INVALID');
  const claims = await request.server.platform.jwt.verify(token);
  request.userId = claims.sub;
}
