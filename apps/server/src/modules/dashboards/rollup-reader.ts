import type { TTx } from '../../platform/db/tenant';
import {
  activeHours,
  contactSums,
  heatmap,
  histogramSets,
  histograms,
  sums,
  type THistogramName,
  type TKey,
  type TScope,
} from './dashboards.repo';
import type { RollupCache } from './rollup-cache';

/**
 * The roll-up queries of dashboards.repo.ts for one request: each figure comes from the cache
 * (rollup-cache.ts) when the same query was answered under the account's current roll-up version.
 */
export class RollupReader {
  constructor(
    private readonly tx: TTx,
    private readonly accountId: string,
    private readonly version: string | null,
    private readonly cache: RollupCache,
  ) {}

  private memo<T>(name: string, args: unknown[], load: () => Promise<T>): Promise<T> {
    return this.cache.get(this.accountId, this.version, `${name}:${JSON.stringify(args)}`, load);
  }

  sums(scope: TScope, key: TKey | null) {
    return this.memo('sums', [scope, key], () => sums(this.tx, scope, key));
  }

  histograms(scope: TScope, key: TKey | null, only?: readonly THistogramName[]) {
    return this.memo('histograms', [scope, key, only], () => histograms(this.tx, scope, key, only));
  }

  histogramSets(scope: TScope, keys: Array<'day' | 'channel_id' | 'department_id'>) {
    return this.memo('histogramSets', [scope, keys], () => histogramSets(this.tx, scope, keys));
  }

  heatmap(scope: TScope) {
    return this.memo('heatmap', [scope.from, scope.to], () => heatmap(this.tx, scope));
  }

  activeHours(scope: TScope) {
    return this.memo('activeHours', [scope.from, scope.to], () => activeHours(this.tx, scope));
  }

  contactSums(scope: TScope, key: 'source' | 'phase_id' | 'day' | null) {
    return this.memo('contactSums', [scope.from, scope.to, key], () => contactSums(this.tx, scope, key));
  }
}
