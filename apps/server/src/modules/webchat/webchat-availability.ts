import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import type { TeamChat } from '../team-chat/team-chat';

export interface TAvailability {
  status: 'online' | 'away' | 'closed';
  nextOpen: { day: string; time: string } | null;
}

const CACHE_MS = 15_000;

/**
 * What the chat page's header says about the team: online (within the attendance hours and a
 * member connected), away (within the hours, nobody connected: "replies in a few hours") or closed
 * (outside the hours, with the next opening). Cached per account for a few seconds: every page
 * view asks.
 */
export class WebchatAvailability {
  private readonly cache = new Map<string, { at: number; value: TAvailability }>();

  constructor(
    private readonly settings: Pick<InboxSettingsService, 'availability'>,
    private readonly team: Pick<TeamChat, 'presence'>,
  ) {}

  async of(accountId: string, now = new Date()): Promise<TAvailability> {
    const hit = this.cache.get(accountId);
    if (hit && now.getTime() - hit.at < CACHE_MS) return hit.value;
    const hours = await this.settings.availability(accountId, now);
    let value: TAvailability;
    if (!hours.open) value = { status: 'closed', nextOpen: hours.nextOpen };
    else {
      const members = await this.team.presence.snapshot(accountId).catch(() => []);
      const someone = members.some((m) => m.status !== 'offline');
      value = { status: someone ? 'online' : 'away', nextOpen: null };
    }
    this.cache.set(accountId, { at: now.getTime(), value });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }

  forget(accountId: string) {
    this.cache.delete(accountId);
  }
}
