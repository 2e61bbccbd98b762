import type { FastifyInstance } from 'fastify';
import { WhatsAppTemplatesApi } from '../../providers/whatsapp-cloud/whatsapp-templates';
import type { TPlatform } from '../../platform/platform';
import { templatesRoutes } from './templates.routes';
import { TemplatesService } from './templates.service';

export function createTemplatesService(platform: TPlatform) {
  return new TemplatesService(
    platform.database.db,
    new WhatsAppTemplatesApi(platform.config.WHATSAPP_GRAPH_URL),
  );
}

export async function templatesModule(app: FastifyInstance) {
  await app.register(templatesRoutes);
}
