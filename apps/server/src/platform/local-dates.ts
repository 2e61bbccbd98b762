import type { TContactFilter, TDateFilter } from '@atende/shared';

/** A half-open range [from, to) of instants. */
export interface TDateRange {
  from: Date;
  to: Date;
}

interface TLocalDate {
  year: number;
  month: number;
  day: number;
  /** 0 = Monday ... 6 = Sunday (spec §9: weeks run Monday to Sunday). */
  weekday: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function partsOf(instant: number, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const p of formatterOf(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return parts;
}

/** The calendar date of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): TLocalDate {
  const p = partsOf(instant.getTime(), timeZone);
  return { year: +p.year, month: +p.month, day: +p.day, weekday: WEEKDAYS.indexOf(p.weekday) };
}

/** The instant of local midnight of (year, month, day) in `timeZone`; out-of-range parts roll over. */
export function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  const offsetAt = (instant: number) => {
    const p = partsOf(instant, timeZone);
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - instant;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

function range(timeZone: string, from: [number, number, number], to: [number, number, number]): TDateRange {
  return { from: localMidnight(...from, timeZone), to: localMidnight(...to, timeZone) };
}

/** Spec §9 date filters in the account's time zone ('all' → no range). */
export function dateFilterRange(filter: TDateFilter, timeZone: string, now = new Date()): TDateRange | null {
  const { year, month, day, weekday } = localDate(now, timeZone);
  const monday = day - weekday;
  switch (filter) {
    case 'thisWeek':
      return range(timeZone, [year, month, monday], [year, month, monday + 7]);
    case 'lastWeek':
      return range(timeZone, [year, month, monday - 7], [year, month, monday]);
    case 'thisMonth':
      return range(timeZone, [year, month, 1], [year, month + 1, 1]);
    case 'lastMonth':
      return range(timeZone, [year, month - 1, 1], [year, month, 1]);
    case 'thisYear':
      return range(timeZone, [year, 1, 1], [year + 1, 1, 1]);
    case 'lastYear':
      return range(timeZone, [year - 1, 1, 1], [year, 1, 1]);
    default:
      return null;
  }
}

/**
 * The created-at ranges a list filter asks for: dateFilter, and monthFilter/currentYear (created in
 * that month of that year; a month without a year means this year). Several ranges intersect.
 */
export function createdRanges(filter: TContactFilter, timeZone: string, now = new Date()): TDateRange[] {
  const ranges: TDateRange[] = [];
  if (filter.dateFilter) {
    const r = dateFilterRange(filter.dateFilter, timeZone, now);
    if (r) ranges.push(r);
  }
  if (filter.monthFilter) {
    const year = filter.currentYear ?? localDate(now, timeZone).year;
    ranges.push(range(timeZone, [year, filter.monthFilter, 1], [year, filter.monthFilter + 1, 1]));
  } else if (filter.currentYear) {
    ranges.push(range(timeZone, [filter.currentYear, 1, 1], [filter.currentYear + 1, 1, 1]));
  }
  return ranges;
}
