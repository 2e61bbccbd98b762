import { defineModule } from '../../platform/module';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { TeamChat } from '../team-chat/team-chat';
import { recordContactEvents } from './contact-events.listener';
import { DashboardsExportService } from './dashboards-export.service';
import { dashboardsRoutes } from './dashboards.routes';
import * as tables from './dashboards.schema';
import { DashboardsService } from './dashboards.service';
import { FANOUT_CRON, FANOUT_QUEUE, ROLLUP_QUEUE, RollupService } from './rollup.service';

interface TDashboardsDeps {
  inboxSettings: InboxSettingsService;
  teamChat: TeamChat;
}

/**
 * Dashboards (issue 20): daily roll-ups per account and local day (a durable fan-out job every 30
 * minutes, one job per account), the dashboards' APIs and exports.
 *
 * Listens: contact.phase_changed and contact.updated (durable: phase entries and opt-outs). Reads
 * the inbox's and contacts' tables read-only for the roll-ups (reporting; see rollup.repo.ts).
 */
export const dashboardsModule = defineModule({
  name: 'dashboards',
  tables,
  create: (platform, deps: TDashboardsDeps) => {
    const db = platform.database.db;
    const rollups = new RollupService(db, platform.jobs, deps.inboxSettings, platform.log);
    const dashboards = new DashboardsService(db, rollups, deps.teamChat);
    return {
      dashboards,
      dashboardRollups: rollups,
      dashboardsExport: new DashboardsExportService(dashboards),
    };
  },
  plugin: async (app) => {
    const { jobs, events, database } = app.platform;
    const rollups = app.services.dashboardRollups;
    jobs.register(FANOUT_QUEUE, async () => {
      await rollups.fanOut();
    });
    jobs.register<{ accountId: string }>(ROLLUP_QUEUE, async ({ accountId }) => {
      await rollups.catchUp(accountId);
    });
    jobs.schedule(FANOUT_QUEUE, FANOUT_CRON);
    recordContactEvents(database.db, events, rollups);
    await app.register(dashboardsRoutes);
  },
});
