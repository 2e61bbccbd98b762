import { describe, expect, it } from 'vitest';
import { addTo, BUCKET_BOUNDS, bucketOf, emptyHistogram, mergeInto, quantile, shareUnder } from './histogram';

describe('duration histograms', () => {
  it('puts a duration in the bucket whose bounds hold it', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(4.9)).toBe(0);
    expect(bucketOf(5)).toBe(1);
    expect(bucketOf(600)).toBe(BUCKET_BOUNDS.indexOf(750));
    expect(bucketOf(10 ** 9)).toBe(BUCKET_BOUNDS.length);
    expect(bucketOf(-3)).toBe(0);
  });

  it('reads the median and p90 within one bucket of the exact values, and days combine by adding', () => {
    const day1 = emptyHistogram();
    const day2 = emptyHistogram();
    const all: number[] = [];
    for (let i = 1; i <= 100; i++) {
      const s = i * 60; // 1..100 minutes
      addTo(i % 2 ? day1 : day2, s);
      all.push(s);
    }
    const period = mergeInto(mergeInto(emptyHistogram(), day1), day2);
    const median = quantile(period, 0.5)!;
    const p90 = quantile(period, 0.9)!;
    // Exact: median 3000-3060 s, p90 5400 s; each read inside the bucket that holds the exact value.
    expect(bucketOf(median)).toBe(bucketOf(3000));
    expect(bucketOf(p90)).toBe(bucketOf(5400));
    expect(quantile(emptyHistogram(), 0.5)).toBeNull();
    expect(mergeInto(emptyHistogram(), [])).toEqual(emptyHistogram());
  });

  it('gives the share of samples under a target', () => {
    const h = emptyHistogram();
    for (const s of [10, 20, 30, 4000]) addTo(h, s);
    expect(shareUnder(h, 60)).toBe(0.75);
    expect(shareUnder(h, 10 ** 7)).toBe(1);
    expect(shareUnder(emptyHistogram(), 60)).toBeNull();
  });
});
