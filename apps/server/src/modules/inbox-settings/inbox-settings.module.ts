import { defineModule } from '../../platform/module';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { inboxSettingsRoutes } from './inbox-settings.routes';
import * as tables from './inbox-settings.schema';
import { InboxSettingsService } from './inbox-settings.service';

/** The inbox's settings: attendance hours, closing reasons, load size, restrictions, automatic messages. */
export const inboxSettingsModule = defineModule({
  name: 'inbox-settings',
  tables,
  create: (platform, deps: { activityLog: ActivityLogService }) => ({
    inboxSettings: new InboxSettingsService(platform.database.db, platform.tenantCache, deps.activityLog),
  }),
  plugin: async (app) => {
    await app.register(inboxSettingsRoutes);
  },
});
