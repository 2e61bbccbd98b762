import type { TAppDashboardPanel } from '@atende/shared';
import type { AppsService } from '../catalogue/apps.service';

/** The Dashboard app: an active install is a tab of the conversation's side panel (its title, else its host). */
export class DashboardPanels {
  constructor(private readonly apps: AppsService) {}

  async list(accountId: string): Promise<TAppDashboardPanel[]> {
    const installs = await this.apps.activeInstalls(accountId, 'dashboard');
    return installs.map((row) => {
      const url = String(row.settings.url ?? '');
      return { _id: row.id, name: String(row.settings.title ?? '') || row.name || hostOf(url), url };
    });
  }
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
