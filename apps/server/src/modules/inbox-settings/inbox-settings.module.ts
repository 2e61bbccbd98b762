import { defineModule } from '../../platform/module';
import { inboxSettingsRoutes } from './inbox-settings.routes';
import * as tables from './inbox-settings.schema';
import { InboxSettingsService } from './inbox-settings.service';

/** The inbox's settings: attendance hours, closing reasons, load size, restrictions, automatic messages. */
export const inboxSettingsModule = defineModule({
  name: 'inbox-settings',
  tables,
  create: (platform) => ({
    inboxSettings: new InboxSettingsService(platform.database.db, platform.tenantCache),
  }),
  plugin: async (app) => {
    await app.register(inboxSettingsRoutes);
  },
});
