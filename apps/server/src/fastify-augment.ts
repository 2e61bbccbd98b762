// Fastify type augmentation: app.platform, app.services, request.userId, request.tenant.
import type { TPlatform } from './platform';
import type { TServices } from '../services';
import type { TTenant } from './tenancy';

declare module 'fastify' {
  interface FastifyInstance {
    platform: TPlatform;
    services: TServices;
  }
  interface FastifyRequest {
    userId?: string;
    tenant?: TTenant;
  }
}
