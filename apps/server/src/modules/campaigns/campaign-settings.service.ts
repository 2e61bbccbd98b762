import {
  OPT_OUT_KEYWORDS,
  optOutWord,
  type TCampaignSettings,
  type TCampaignSettingsBody,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { TActor } from '../../platform/request-context';
import { changesOf } from '../activity-log/activity-changes';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { findCampaignSettings, upsertCampaignSettings } from './campaign-settings.repo';

/**
 * Campaigns → Settings (admins): the account's opt-out words. An account that never changed them
 * uses OPT_OUT_KEYWORDS (Portuguese SAIR, PARAR, CANCELAR, DESCADASTRAR and English STOP,
 * UNSUBSCRIBE, so both languages' customers are heard); saving null goes back to them.
 */
export class CampaignSettingsService {
  constructor(
    private readonly db: TDb,
    private readonly activity: ActivityLogService,
  ) {}

  async view(accountId: string): Promise<TCampaignSettings> {
    const own = (await findCampaignSettings(this.db, accountId))?.optOutKeywords ?? null;
    return {
      optOutKeywords: own ?? [...OPT_OUT_KEYWORDS],
      custom: own !== null,
      defaults: [...OPT_OUT_KEYWORDS],
    };
  }

  /** The words a customer's reply is compared with (as optOutWord() gives them). */
  async optOutKeywords(accountId: string): Promise<readonly string[]> {
    return (await findCampaignSettings(this.db, accountId))?.optOutKeywords ?? OPT_OUT_KEYWORDS;
  }

  /** Saves the words (normalised, repeats dropped; null: the defaults) and logs the change. */
  async update(accountId: string, body: TCampaignSettingsBody, actor?: TActor): Promise<TCampaignSettings> {
    const before = await this.view(accountId);
    const words = body.optOutKeywords ? [...new Set(body.optOutKeywords.map(optOutWord))] : null;
    await upsertCampaignSettings(this.db, accountId, actor?.userId || null, { optOutKeywords: words });
    const after = await this.view(accountId);
    const changes = changesOf(
      { optOutKeywords: before.optOutKeywords.join(', ') },
      { optOutKeywords: after.optOutKeywords.join(', ') },
      ['optOutKeywords'],
    );
    if (actor && changes.length)
      await this.activity.record(accountId, actor, {
        action: 'campaigns.settings_updated',
        details: { changes },
      });
    return after;
  }
}
