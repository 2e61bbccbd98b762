import type { TLang } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { TenantCache } from '../../platform/tenant-cache';
import { loadAccountBundle, loadMembership } from '../../platform/tenancy';
import { listTeam, type TTeamRow } from './presence.repo';

const TTL_MS = 5_000;

/**
 * Who is in an account (names, avatars, languages), cached briefly per process and dropped when
 * the tenant cache hears the account changed (members added or removed, on any node).
 */
export class TeamDirectory {
  private readonly cache = new Map<string, { at: number; rows: Promise<TTeamRow[]> }>();

  constructor(
    private readonly db: TDb,
    private readonly tenantCache: TenantCache,
  ) {
    tenantCache.on('invalidated', (accountId) => this.cache.delete(accountId));
  }

  team(accountId: string): Promise<TTeamRow[]> {
    const hit = this.cache.get(accountId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.rows;
    return this.fresh(accountId);
  }

  /** Read now (presence changes every moment), refreshing the cache. */
  fresh(accountId: string): Promise<TTeamRow[]> {
    const rows = listTeam(this.db, accountId);
    this.cache.set(accountId, { at: Date.now(), rows });
    rows.catch(() => this.cache.delete(accountId));
    return rows;
  }

  async langOf(accountId: string, userId: string): Promise<TLang> {
    const me = (await this.team(accountId)).find((m) => m.userId === userId);
    return me?.lang === 'en' ? 'en' : 'pt-BR';
  }

  account(accountId: string) {
    return this.tenantCache.account(accountId, () => loadAccountBundle(this.db, accountId));
  }

  /** Membership straight from the tenant cache (kept exact by NOTIFY invalidation). */
  isMember(accountId: string, userId: string): Promise<boolean> {
    return this.tenantCache
      .member(accountId, userId, () => loadMembership(this.db, accountId, userId))
      .then(Boolean);
  }
}
