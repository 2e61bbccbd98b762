/**
 * Live figures shared between requests. Concurrent callers of a key share one running load (20
 * managers opening /dashboard at once run the live count once). A settled value is served for
 * `freshMs`; for `staleMs` more it is still served while one refresh runs behind it, so no request
 * waits for a refresh then. A value is thus never older than freshMs + staleMs plus one load; a
 * failed load is never kept. With both 0 a value is only shared while it loads.
 */
export class SingleFlight {
  private readonly entries = new Map<
    string,
    { value?: Promise<unknown>; settledAt?: number; loading?: Promise<unknown> }
  >();

  constructor(private readonly clock: () => number = Date.now) {}

  run<T>(key: string, load: () => Promise<T>, freshMs = 0, staleMs = 0): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {};
      this.entries.set(key, entry);
    }
    const age = entry.settledAt === undefined ? Number.POSITIVE_INFINITY : this.clock() - entry.settledAt;
    if (entry.value && age < freshMs) return entry.value as Promise<T>;
    const usable = entry.value && age < freshMs + staleMs;
    if (!entry.loading) {
      const e = entry;
      const loading = load().then(
        (v) => {
          e.value = loading;
          e.settledAt = this.clock();
          e.loading = undefined;
          if (freshMs + staleMs <= 0) this.entries.delete(key);
          return v;
        },
        (err) => {
          e.loading = undefined;
          if (!e.value) this.entries.delete(key);
          throw err;
        },
      );
      e.loading = loading;
      // A refresh behind a served value: its failure is seen by the next caller that waits for it.
      if (usable) loading.catch(() => undefined);
    }
    if (this.entries.size > 1000) this.sweep(freshMs + staleMs);
    return (usable ? entry.value : entry.loading) as Promise<T>;
  }

  /** Drops the settled entries too old to be served (one per account and figure). */
  private sweep(maxAgeMs: number) {
    const now = this.clock();
    for (const [k, e] of this.entries)
      if (!e.loading && (e.settledAt === undefined || now - e.settledAt >= maxAgeMs)) this.entries.delete(k);
  }
}
