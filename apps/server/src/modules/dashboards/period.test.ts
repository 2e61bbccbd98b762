import { describe, expect, it } from 'vitest';
import { resolvePeriod } from './period';

// Wednesday 25 November 2026, 10:00 in São Paulo.
const now = new Date('2026-11-25T13:00:00Z');
const tz = 'America/Sao_Paulo';

describe('dashboard periods (spec §9: D-1, weeks from Monday, data from September 2025)', () => {
  it('ends the current periods yesterday and compares them with the same span before', () => {
    expect(resolvePeriod({ filter: 'thisWeek' }, tz, now)).toEqual({
      filter: 'thisWeek',
      from: '2026-11-23',
      to: '2026-11-24',
      previous: { from: '2026-11-16', to: '2026-11-17' },
    });
    expect(resolvePeriod({ filter: 'thisMonth' }, tz, now)).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-24',
      previous: { from: '2026-10-01', to: '2026-10-24' },
    });
    expect(resolvePeriod({ filter: 'lastMonth' }, tz, now)).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      previous: { from: '2026-09-01', to: '2026-09-30' },
    });
    expect(resolvePeriod({ filter: 'lastWeek' }, tz, now)).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(resolvePeriod({ filter: 'thisYear' }, tz, now)).toMatchObject({
      from: '2026-01-01',
      to: '2026-11-24',
    });
  });

  it('starts no period before September 2025, and "all" has nothing to compare with', () => {
    expect(resolvePeriod({ filter: 'lastYear' }, tz, now)).toMatchObject({
      from: '2025-09-01',
      to: '2025-12-31',
    });
    expect(resolvePeriod({ filter: 'all' }, tz, now)).toEqual({
      filter: 'all',
      from: '2025-09-01',
      to: '2026-11-24',
      previous: null,
    });
  });

  it('takes a custom range up to yesterday and compares it with the days just before', () => {
    expect(resolvePeriod({ filter: 'custom', from: '2026-11-10', to: '2026-11-30' }, tz, now)).toEqual({
      filter: 'custom',
      from: '2026-11-10',
      to: '2026-11-24',
      previous: { from: '2026-10-26', to: '2026-11-09' },
    });
  });
});
