import { defineModule } from '../../platform/module';
import { activityLogRoutes } from './activity-log.routes';
import * as tables from './activity-log.schema';
import { ActivityLogService } from './activity-log.service';

/** Who did what in an account: every module records through this service. */
export const activityLogModule = defineModule({
  name: 'activity-log',
  tables,
  create: (platform) => ({ activityLog: new ActivityLogService(platform.database.db) }),
  plugin: async (app) => {
    await app.register(activityLogRoutes);
  },
});
