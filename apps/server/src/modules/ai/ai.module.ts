import { defineModule } from '../../platform/module';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { aiRoutes } from './ai.routes';
import * as tables from './ai.schema';
import { AiSettingsService } from './ai-settings.service';

/**
 * Settings → AI: the account's AI prompts and the monthly AI usage counter. The provider itself is
 * created once by the knowledge module (whose search the built-in assistant answers from), counted
 * through `aiSettings.record`, and shared as `aiProvider`.
 */
export const aiModule = defineModule({
  name: 'ai',
  tables,
  create: (platform, deps: { activityLog: ActivityLogService }) => ({
    aiSettings: new AiSettingsService(platform.database.db, deps.activityLog),
  }),
  plugin: async (app) => {
    await app.register(aiRoutes);
  },
});
