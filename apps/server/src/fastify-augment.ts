// Fastify type augmentation: app.platform, app.services, request.userId, request.tenant.
// It lives beside app.ts, not in platform/: platform never imports the modules.
import type { TServices } from './modules';
import type { TPlatform } from './platform/platform';
import type { TTenant } from './platform/tenancy';

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
