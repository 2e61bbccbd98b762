import type { TCampaignProgress, TCampaignStatus } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { Realtime } from '../../platform/realtime';
import { countRecipients, findCampaign, foldCounts } from './campaigns.repo';
import { countsOf } from './campaigns.service';

/** The Socket.IO event the campaign pages listen to (to the account's room). */
export const CAMPAIGN_PROGRESS_EVENT = 'campaign:progress';

/**
 * Live progress: changes of a campaign (sends, delivery reports, replies, status) are coalesced to
 * one 'campaign:progress' per campaign at most every `everyMs` (so a page is never more than that
 * behind), read fresh from the database when it goes out.
 */
export class CampaignProgress {
  private readonly pending = new Map<string, { accountId: string; timer: NodeJS.Timeout }>();
  private readonly last = new Map<string, number>();

  constructor(
    private readonly db: TDb,
    private readonly realtime: Realtime,
    private readonly everyMs = 1000,
  ) {}

  notify(accountId: string, campaignId: string) {
    if (this.pending.has(campaignId)) return;
    const wait = Math.max(0, (this.last.get(campaignId) ?? 0) + this.everyMs - Date.now());
    const timer = setTimeout(() => {
      this.pending.delete(campaignId);
      this.last.set(campaignId, Date.now());
      void this.emit(accountId, campaignId).catch(() => undefined);
    }, wait);
    timer.unref();
    this.pending.set(campaignId, { accountId, timer });
  }

  async emit(accountId: string, campaignId: string) {
    const row = await findCampaign(this.db, accountId, campaignId);
    if (!row) return;
    await foldCounts(this.db, accountId, campaignId);
    const payload: TCampaignProgress = {
      campaignId,
      status: row.status as TCampaignStatus,
      pauseReason: row.pauseReason,
      counts: countsOf(await countRecipients(this.db, accountId, [campaignId])),
    };
    this.realtime.emitToAccount(accountId, CAMPAIGN_PROGRESS_EVENT, payload);
  }

  stop() {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
