import { describe, expect, it } from 'vitest';
import { BusinessClock } from './business-time';
import { dayBounds, dayOf, localInstant } from './local-day';

const week = (start: string, end: string) => {
  const r = [{ start, end }];
  return { monday: r, tuesday: r, wednesday: r, thursday: r, friday: r, saturday: [], sunday: [] };
};

describe('local days and attendance-hours time', () => {
  it('knows local days across the New York daylight-saving change (Sunday 8 March 2026 has 23 hours)', () => {
    const { from, to } = dayBounds('2026-03-08', 'America/New_York');
    expect(from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayOf(new Date('2026-03-09T03:30:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(localInstant('2026-03-09', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    expect(localInstant('2026-03-06', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-06T14:00:00.000Z',
    );
    // Lisbon falls back on 25 October 2026: a 25-hour day.
    const lisbon = dayBounds('2026-10-25', 'Europe/Lisbon');
    expect((lisbon.to.getTime() - lisbon.from.getTime()) / 3_600_000).toBe(25);
  });

  it('counts only the seconds inside the hours, as the clocks show them on each day', () => {
    const clock = new BusinessClock(week('09:00', '18:00'), 'America/New_York');
    // Friday 17:50 EST to Monday 09:10 EDT: 10 minutes on Friday and 10 on Monday.
    expect(clock.seconds(new Date('2026-03-06T22:50:00Z'), new Date('2026-03-09T13:10:00Z'))).toBe(1200);
    // Sunday only: nothing.
    expect(clock.seconds(new Date('2026-03-08T14:00:00Z'), new Date('2026-03-08T20:00:00Z'))).toBe(0);
    // Hours off: wall clock.
    const always = new BusinessClock(null, 'America/New_York');
    expect(always.seconds(new Date('2026-03-08T00:00:00Z'), new Date('2026-03-08T01:00:00Z'))).toBe(3600);
    expect(clock.seconds(new Date('2026-03-09T14:00:00Z'), new Date('2026-03-09T13:00:00Z'))).toBe(0);
  });
});
