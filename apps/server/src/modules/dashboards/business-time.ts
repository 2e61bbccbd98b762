import { WEEKDAYS, type TWeekHours } from '@atende/shared';
import { addDays, dayOf, daysBetween, localInstant, type TDay } from './local-day';

/** Durations longer than this are counted in wall-clock time only up to it (a year and a month). */
const MAX_DAYS = 400;

/**
 * Seconds between two instants that fall inside the attendance hours (inbox settings, the
 * account's time zone): each local day's ranges are turned into instants, so a daylight-saving
 * day is counted as its clocks show it. `hours` null means attendance hours are off: every second
 * counts (wall clock). Intervals are cached per calendar (one roll-up asks for the same days often).
 */
export class BusinessClock {
  private readonly cache = new Map<TDay, Array<[number, number]>>();

  constructor(
    private readonly hours: TWeekHours | null,
    private readonly timeZone: string,
  ) {}

  seconds(start: Date, end: Date): number {
    const from = start.getTime();
    const to = end.getTime();
    if (to <= from) return 0;
    if (!this.hours) return Math.round((to - from) / 1000);
    let total = 0;
    const first = dayOf(start, this.timeZone);
    const span = Math.min(daysBetween(first, dayOf(end, this.timeZone)), MAX_DAYS);
    for (let i = 0; i <= span; i++) {
      for (const [a, b] of this.intervals(addDays(first, i))) {
        const lo = Math.max(a, from);
        const hi = Math.min(b, to);
        if (hi > lo) total += hi - lo;
      }
    }
    return Math.round(total / 1000);
  }

  private intervals(day: TDay): Array<[number, number]> {
    let list = this.cache.get(day);
    if (!list) {
      const [y, m, d] = day.split('-').map(Number);
      const weekday = WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
      list = (this.hours?.[weekday] ?? []).map((r) => [
        localInstant(day, r.start, this.timeZone).getTime(),
        r.end === '24:00'
          ? localInstant(addDays(day, 1), '00:00', this.timeZone).getTime()
          : localInstant(day, r.end, this.timeZone).getTime(),
      ]);
      this.cache.set(day, list);
    }
    return list;
  }
}
