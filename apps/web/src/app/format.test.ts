import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatMonth } from './format';

// A browser in São Paulo (UTC−3): midnight UTC is still the day before there.
const before = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Sao_Paulo';
});
afterEach(() => {
  process.env.TZ = before;
});

describe('dates for reading', () => {
  it('a bare day is that calendar day wherever the browser is', () => {
    expect(formatDate('2026-12-01', 'pt-BR')).toBe('1 de dez. de 2026');
    expect(formatDate('2026-12-01', 'en')).toBe('Dec 1, 2026');
    expect(formatDay('2026-12-31', 'en', { day: 'numeric', month: 'short' })).toBe('Dec 31');
  });

  it("a moment is read in the browser's time zone", () => {
    expect(formatDate('2026-12-01T02:00:00.000Z', 'en')).toBe('Nov 30, 2026');
    expect(formatDate('2026-12-01T15:30:00.000Z', 'pt-BR', true)).toBe('1 de dez. de 2026, 12:30');
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDate(null, 'en')).toBe('');
  });

  it('a month reads as its name and year', () => {
    expect(formatMonth('2026-12', 'pt-BR')).toBe('dezembro de 2026');
    expect(formatMonth('2026-01', 'en')).toBe('January 2026');
    expect(formatMonth('soon', 'en')).toBe('soon');
  });
});
