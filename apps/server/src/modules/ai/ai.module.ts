import { defineModule } from '../../platform/module';
import { loadAccountBundle } from '../../platform/tenancy';
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
  create: (platform, deps: { activityLog: ActivityLogService }) => {
    const db = platform.database.db;
    // Usage counts per calendar month of the account's time zone.
    const timeZoneOf = async (accountId: string) => {
      const bundle = await platform.tenantCache.account(accountId, () => loadAccountBundle(db, accountId));
      return bundle?.account.timezone ?? 'America/Sao_Paulo';
    };
    return { aiSettings: new AiSettingsService(db, deps.activityLog, timeZoneOf) };
  },
  plugin: async (app) => {
    await app.register(aiRoutes);
  },
});
