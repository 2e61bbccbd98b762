import { describe, expect, it } from 'vitest';
import { RollupCache } from './rollup-cache';

describe('roll-up figures cache', () => {
  it('answers the same query once per roll-up version, and again after the version moves', async () => {
    const cache = new RollupCache();
    let runs = 0;
    const load = async () => ++runs;
    const [a, b] = await Promise.all([
      cache.get('acc', 'v1', 'sums', load),
      cache.get('acc', 'v1', 'sums', load),
    ]);
    expect([a, b, runs]).toEqual([1, 1, 1]); // concurrent requests share one query
    expect(await cache.get('acc', 'v2', 'sums', load)).toBe(2);
    expect(await cache.get('other', 'v2', 'sums', load)).toBe(3); // per account
    expect(await cache.get('acc', null, 'sums', load)).toBe(4); // never built: not kept
    expect(await cache.get('acc', null, 'sums', load)).toBe(5);
  });

  it('drops failures, expired and least recently used entries', async () => {
    let now = 0;
    const cache = new RollupCache(2, 1000, () => now);
    await expect(cache.get('acc', 'v', 'k', () => Promise.reject(new Error('db')))).rejects.toThrow('db');
    expect(await cache.get('acc', 'v', 'k', async () => 'ok')).toBe('ok');
    now = 1500;
    expect(await cache.get('acc', 'v', 'k', async () => 'fresh')).toBe('fresh');
    await cache.get('acc', 'v', 'a', async () => 'a');
    await cache.get('acc', 'v', 'k', async () => 'unused'); // k used again: 'a' is the oldest
    await cache.get('acc', 'v', 'b', async () => 'b');
    expect(cache.size).toBe(2);
    expect(await cache.get('acc', 'v', 'a', async () => 'a again')).toBe('a again');
    expect(await cache.get('acc', 'v', 'b', async () => 'b again')).toBe('b');
  });
});
