import type { TPushConfig, TPushPreferences } from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import type { AppsService } from '../catalogue/apps.service';
import { findPushPreferences, upsertPushPreferences } from './push-preferences.repo';
import type { TVapidKeys } from './vapid-keys';

/** What the browser needs to subscribe (the VAPID public key) and each member's preferences. */
export class PushService {
  constructor(
    private readonly db: TDb,
    private readonly apps: AppsService,
    private readonly keys: TVapidKeys,
  ) {}

  async config(accountId: string, userId: string): Promise<TPushConfig> {
    return {
      vapidPublicKey: this.keys.publicKey,
      enabled: Boolean(await this.apps.activeInstall(accountId, 'browser-notifications')),
      preferences: await findPushPreferences(this.db, accountId, userId),
    };
  }

  async savePreferences(
    accountId: string,
    userId: string,
    prefs: TPushPreferences,
  ): Promise<TPushPreferences> {
    const unique = { ...prefs, events: [...new Set(prefs.events)] };
    await upsertPushPreferences(this.db, accountId, userId, unique);
    return unique;
  }
}
