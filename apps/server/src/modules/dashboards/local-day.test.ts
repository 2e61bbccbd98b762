import { describe, expect, it } from 'vitest';
import { monthOf, wholeMonths } from './local-day';

describe('whole months of a period (pre-merged roll-ups)', () => {
  it('finds the months a period covers entirely, leaving the edge days out', () => {
    expect(monthOf('2026-02-17')).toBe('2026-02-01');
    expect(wholeMonths('2025-11-25', '2026-11-23')).toEqual({ from: '2025-12-01', to: '2026-10-31' });
    expect(wholeMonths('2026-01-01', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    // February of a leap year and of a common one end on their last day.
    expect(wholeMonths('2028-02-01', '2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(wholeMonths('2026-02-01', '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(wholeMonths('2026-02-01', '2026-02-27')).toBeNull();
    expect(wholeMonths('2026-02-02', '2026-03-30')).toBeNull();
    expect(wholeMonths('2026-12-15', '2027-02-02')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    // A period without a finished day yet (to before from).
    expect(wholeMonths('2026-03-02', '2026-03-01')).toBeNull();
  });
});
