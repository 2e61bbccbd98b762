import { describe, expect, it } from 'vitest';
import { retryDelay } from './webhook-delivery';

const BASE = 30_000;

describe('the wait before a webhook delivery is retried', () => {
  it('doubles from the base at each failure of a schedule, even when every attempt times out (10 s)', () => {
    const waits: number[] = [];
    let since = 10_000; // the first attempt's own time
    for (let failure = 1; failure <= 10; failure++) {
      const wait = retryDelay(BASE, since);
      waits.push(wait / 1000);
      since += wait + 1_000 + 10_000; // the sweep's second, then the next attempt's timeout
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7200, 7200]);
  });

  it('is the base for the first failure of a schedule (a replay starts one), at most 2 h', () => {
    expect(retryDelay(BASE, 0)).toBe(BASE);
    expect(retryDelay(BASE, -5_000)).toBe(BASE);
    expect(retryDelay(BASE, 30 * 3_600_000)).toBe(7_200_000);
  });
});
