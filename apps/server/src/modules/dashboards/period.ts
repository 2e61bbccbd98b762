import { DASHBOARD_LIMITS, type TDashboardFilter } from '@atende/shared';
import { AppError } from '../../platform/errors';
import { addDays, dayOf, daysBetween, type TDay } from './local-day';

export interface TPeriod {
  filter: TDashboardFilter;
  /** Local days, inclusive. `to` < `from` when the period has no finished day yet (Monday's "this week"). */
  from: TDay;
  to: TDay;
  previous: { from: TDay; to: TDay } | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};
const parts = (d: TDay) => d.split('-').map(Number) as [number, number, number];
const min = (a: TDay, b: TDay) => (a < b ? a : b);
const max = (a: TDay, b: TDay) => (a > b ? a : b);

/** Months back from a day, clamped to the month's length (Mar 31 − 1 month = Feb 28). */
function monthsBack(d: TDay, n: number): TDay {
  const [y, m, dd] = parts(d);
  const last = new Date(Date.UTC(y, m - 1 - n + 1, 0)).getUTCDate();
  return day(y, m - n, Math.min(dd, last));
}

/**
 * The local days a dashboard shows (spec §9 filters, weeks from Monday), up to yesterday (D-1:
 * today is not rolled up yet), never before September 2025 (engagement data starts there), and the
 * period it is compared with: the same span one week/month/year earlier, or, for a custom range,
 * the days just before it.
 */
export function resolvePeriod(
  query: { filter: TDashboardFilter; from?: string; to?: string },
  timeZone: string,
  now = new Date(),
): TPeriod {
  const today = dayOf(now, timeZone);
  const yesterday = addDays(today, -1);
  const [y, m, d] = parts(today);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  const since = DASHBOARD_LIMITS.dataSince;
  const clip = (from: TDay, to: TDay) => ({ from: max(from, since), to: min(to, yesterday) });
  switch (query.filter) {
    case 'thisWeek': {
      const p = clip(monday, yesterday);
      return { filter: 'thisWeek', ...p, previous: { from: addDays(p.from, -7), to: addDays(p.to, -7) } };
    }
    case 'lastWeek': {
      const p = clip(addDays(monday, -7), addDays(monday, -1));
      return { filter: 'lastWeek', ...p, previous: { from: addDays(p.from, -7), to: addDays(p.to, -7) } };
    }
    case 'thisMonth': {
      const p = clip(day(y, m, 1), yesterday);
      return {
        filter: 'thisMonth',
        ...p,
        previous: { from: monthsBack(p.from, 1), to: monthsBack(p.to, 1) },
      };
    }
    case 'lastMonth': {
      const p = clip(day(y, m - 1, 1), day(y, m, 0));
      return { filter: 'lastMonth', ...p, previous: { from: day(y, m - 2, 1), to: day(y, m - 1, 0) } };
    }
    case 'thisYear': {
      const p = clip(day(y, 1, 1), yesterday);
      return {
        filter: 'thisYear',
        ...p,
        previous: { from: monthsBack(p.from, 12), to: monthsBack(p.to, 12) },
      };
    }
    case 'lastYear': {
      const p = clip(day(y - 1, 1, 1), day(y - 1, 12, 31));
      return { filter: 'lastYear', ...p, previous: { from: day(y - 2, 1, 1), to: day(y - 2, 12, 31) } };
    }
    case 'custom': {
      if (!query.from || !query.to) throw AppError.validation([{ path: 'from', key: 'required' }]);
      if (daysBetween(query.from, query.to) + 1 > DASHBOARD_LIMITS.customMaxDays)
        throw AppError.validation([{ path: 'to', key: 'invalid' }]);
      const p = clip(query.from, query.to);
      const length = daysBetween(p.from, p.to) + 1;
      const previous = length > 0 ? { from: addDays(p.from, -length), to: addDays(p.from, -1) } : null;
      return { filter: 'custom', ...p, previous };
    }
    default:
      return { filter: 'all', from: since, to: yesterday, previous: null };
  }
}
