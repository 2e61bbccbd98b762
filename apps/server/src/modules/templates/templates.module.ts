import { WhatsAppTemplatesApi } from '../../providers/whatsapp-cloud/whatsapp-templates';
import { defineModule } from '../../platform/module';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { templatesRoutes } from './templates.routes';
import * as tables from './templates.schema';
import { TemplatesService } from './templates.service';

/** WhatsApp message templates: drafts, submission to Meta, status sync. */
export const templatesModule = defineModule({
  name: 'templates',
  tables,
  create: (platform, deps: { activityLog: ActivityLogService }) => ({
    templates: new TemplatesService(
      platform.database.db,
      new WhatsAppTemplatesApi(platform.config.WHATSAPP_GRAPH_URL),
      deps.activityLog,
      platform.log,
      platform.events,
    ),
  }),
  plugin: async (app) => {
    await app.register(templatesRoutes);
  },
});
