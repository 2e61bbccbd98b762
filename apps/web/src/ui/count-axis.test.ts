import { describe, expect, it } from 'vitest';
import { chartMax, countAxis } from './count-axis';

describe('countAxis', () => {
  it('ends on a whole step above the largest value, with even whole-number ticks', () => {
    expect(countAxis(0).ticks).toEqual([0, 1]);
    expect(countAxis(3).ticks).toEqual([0, 1, 2, 3]);
    expect(countAxis(4).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(countAxis(7).ticks).toEqual([0, 2, 4, 6, 8]);
    expect(countAxis(27).ticks).toEqual([0, 10, 20, 30]);
    expect(countAxis(140).ticks).toEqual([0, 50, 100, 150]);
    expect(countAxis(1234).domain).toEqual([0, 1500]);
    for (const max of [1, 2, 5, 9, 13, 38, 99, 101, 999, 12_345]) {
      const { ticks, domain } = countAxis(max);
      const gaps = new Set(ticks.slice(1).map((t, i) => t - ticks[i]));
      expect(gaps.size, String(max)).toBe(1);
      expect(domain[1]).toBe(ticks.at(-1));
      expect(domain[1]).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
    }
  });

  it('reads the largest value of side-by-side series or of stacked rows', () => {
    const rows = [
      { a: 1, b: 2 },
      { a: 3, b: 0 },
    ];
    expect(chartMax(rows, ['a', 'b'])).toBe(3);
    expect(chartMax(rows, ['a', 'b'], true)).toBe(3);
    expect(chartMax([{ a: 2, b: 2 }], ['a', 'b'], true)).toBe(4);
    expect(chartMax([], ['a'])).toBe(0);
  });
});
