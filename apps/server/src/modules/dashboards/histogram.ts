/**
 * Durations (seconds) as histograms with fixed buckets, so that days combine exactly: the
 * histogram of a period is the bucket-by-bucket sum of its days', and its median and p90 are read
 * from the sum. A percentile is interpolated linearly inside its bucket, so its error is at most
 * the width of one bucket (bounds grow ~25–50% each, finer under an hour). Exact percentiles per
 * day could not be combined; storing every duration would make "last year" read millions of rows.
 *
 * BUCKET_BOUNDS[i] is the exclusive upper bound of bucket i; the last bucket (index
 * BUCKET_BOUNDS.length) holds everything from 30 days up.
 */
export const BUCKET_BOUNDS: readonly number[] = [
  5, 10, 15, 20, 30, 45, 60, 90, 120, 150, 180, 240, 300, 360, 480, 600, 750, 900, 1200, 1500, 1800, 2400,
  3000, 3600, 4500, 5400, 7200, 9000, 10800, 14400, 18000, 21600, 28800, 36000, 43200, 57600, 72000, 86400,
  129600, 172800, 259200, 345600, 432000, 604800, 864000, 1209600, 1814400, 2592000,
];

export const BUCKETS = BUCKET_BOUNDS.length + 1;

export type THistogram = number[];

export function emptyHistogram(): THistogram {
  return new Array(BUCKETS).fill(0);
}

/** The bucket of a duration in seconds (negative durations count as 0). */
export function bucketOf(seconds: number): number {
  const s = Math.max(0, seconds);
  let lo = 0;
  let hi = BUCKET_BOUNDS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s < BUCKET_BOUNDS[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function addTo(h: THistogram, seconds: number): void {
  h[bucketOf(seconds)] += 1;
}

/** Adds `b` into `a` (either may be empty: a day without samples stores '{}'). */
export function mergeInto(a: THistogram, b: readonly number[]): THistogram {
  for (let i = 0; i < b.length; i++) a[i] = (a[i] ?? 0) + Number(b[i] ?? 0);
  return a;
}

export function countOf(h: readonly number[]): number {
  let n = 0;
  for (const v of h) n += Number(v);
  return n;
}

/** The q-quantile (0..1) in seconds, interpolated in its bucket; null without samples. */
export function quantile(h: readonly number[], q: number): number | null {
  const total = countOf(h);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < h.length; i++) {
    const n = Number(h[i]);
    if (n === 0) continue;
    if (seen + n >= rank) {
      const lower = i === 0 ? 0 : BUCKET_BOUNDS[i - 1];
      if (i >= BUCKET_BOUNDS.length) return lower;
      const upper = BUCKET_BOUNDS[i];
      // The samples of a bucket are taken as spread evenly, each at the middle of its share.
      const within = Math.min(1, Math.max(0, (rank - seen - 0.5) / n));
      return Math.round(lower + (upper - lower) * within);
    }
    seen += n;
  }
  return BUCKET_BOUNDS[BUCKET_BOUNDS.length - 1];
}

/** The share (0..1) of samples under `seconds` (a target), counting whole buckets below it. */
export function shareUnder(h: readonly number[], seconds: number): number | null {
  const total = countOf(h);
  if (total === 0) return null;
  const limit = bucketOf(seconds);
  let under = 0;
  for (let i = 0; i < limit && i < h.length; i++) under += Number(h[i]);
  // The target's own bucket, pro rata.
  const lower = limit === 0 ? 0 : BUCKET_BOUNDS[limit - 1];
  const upper = limit < BUCKET_BOUNDS.length ? BUCKET_BOUNDS[limit] : lower;
  if (upper > lower) under += Number(h[limit] ?? 0) * ((seconds - lower) / (upper - lower));
  return Math.min(1, under / total);
}

/** Stored form: '{}' for a histogram without samples (most rows), the dense array otherwise. */
export function stored(h: THistogram): number[] {
  return countOf(h) === 0 ? [] : h;
}
