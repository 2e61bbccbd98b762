import { defineModule } from '../../platform/module';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { quickMessagesRoutes } from './quick-messages.routes';
import * as tables from './quick-messages.schema';
import { QuickMessagesService } from './quick-messages.service';

/** Quick messages with variables (the composer's '/'). */
export const quickMessagesModule = defineModule({
  name: 'quick-messages',
  tables,
  create: (platform, deps: { activityLog: ActivityLogService }) => ({
    quickMessages: new QuickMessagesService(platform.database.db, deps.activityLog),
  }),
  plugin: async (app) => {
    await app.register(quickMessagesRoutes);
  },
});
