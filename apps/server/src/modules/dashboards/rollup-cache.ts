/**
 * The figures read from the roll-ups (dashboard_totals, dashboard_daily, dashboard_monthly,
 * dashboard_contacts_daily) by query, remembered per account and roll-up version: those tables
 * change only when a day is built (rollup.service.ts → rollup.repo.ts replaceDay, which moves the
 * version, then the day's totals and months in the same transaction), so a figure read
 * under a version stays right until the version moves. The version is read from the database on
 * every request (dashboard_rollups, with the period), so every server process sees a rebuild at
 * once. Names, targets and live counts are never kept here: they are read on every request.
 *
 * Concurrent requests for the same figure share one query (20 managers opening the same dashboard
 * run it once). Entries live at most TTL_MS and the cache holds at most MAX_ENTRIES.
 */
export const MAX_ENTRIES = 2000;
export const TTL_MS = 10 * 60_000;

interface TEntry {
  value: Promise<unknown>;
  expires: number;
}

export class RollupCache {
  private readonly entries = new Map<string, TEntry>();

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly ttlMs = TTL_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The value under (account, version, key), computed by `load` when absent or expired. A failed
   * load is not kept. `version` null (roll-ups never built) is not cached.
   */
  async get<T>(accountId: string, version: string | null, key: string, load: () => Promise<T>): Promise<T> {
    if (version === null) return load();
    const id = `${accountId}|${version}|${key}`;
    const now = this.clock();
    const hit = this.entries.get(id);
    if (hit && hit.expires > now) {
      // Most recently used last (Map keeps insertion order).
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.value as Promise<T>;
    }
    const value = load();
    this.entries.delete(id);
    this.entries.set(id, { value, expires: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(id)?.value === value) this.entries.delete(id);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
