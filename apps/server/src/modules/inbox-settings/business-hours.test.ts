import { describe, expect, it } from 'vitest';
import { defaultWeekHours, isWithinHours, localWeekTime, nextOpening } from './business-hours';

describe('business hours in the account time zone', () => {
  it('reads the weekday and time in the zone', () => {
    // 2025-06-02 is a Monday; 11:30 UTC is 08:30 in São Paulo (UTC-3).
    expect(localWeekTime(new Date('2025-06-02T11:30:00Z'), 'America/Sao_Paulo')).toEqual({
      day: 'monday',
      time: '08:30',
    });
    // 02:00 UTC on Monday is still Sunday 23:00 in São Paulo.
    expect(localWeekTime(new Date('2025-06-02T02:00:00Z'), 'America/Sao_Paulo').day).toBe('sunday');
  });

  it('is open inside a range (start inclusive, end exclusive) and closed on empty days', () => {
    const hours = defaultWeekHours();
    const tz = 'America/Sao_Paulo';
    expect(isWithinHours(hours, new Date('2025-06-02T11:00:00Z'), tz)).toBe(true); // Mon 08:00
    expect(isWithinHours(hours, new Date('2025-06-02T10:59:00Z'), tz)).toBe(false); // Mon 07:59
    expect(isWithinHours(hours, new Date('2025-06-02T21:00:00Z'), tz)).toBe(false); // Mon 18:00
    expect(isWithinHours(hours, new Date('2025-06-07T15:00:00Z'), tz)).toBe(false); // Saturday
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(localWeekTime(new Date('2025-06-02T11:30:00Z'), 'Nowhere/Unknown').time).toBe('11:30');
  });

  it('finds the next opening (later today, another day, or none) in the zone', () => {
    const hours = defaultWeekHours();
    // Monday 07:00 in São Paulo: opens at 08:00 the same day.
    expect(nextOpening(hours, new Date('2025-06-02T10:00:00Z'), 'America/Sao_Paulo')).toEqual({
      day: 'monday',
      time: '08:00',
    });
    // Friday 19:00 in São Paulo: back on Monday.
    expect(nextOpening(hours, new Date('2025-06-06T22:00:00Z'), 'America/Sao_Paulo')).toEqual({
      day: 'monday',
      time: '08:00',
    });
    const none = { ...hours, monday: [], tuesday: [], wednesday: [], thursday: [], friday: [] };
    expect(nextOpening(none, new Date('2025-06-06T22:00:00Z'), 'America/Sao_Paulo')).toBeNull();
  });
});
