import { WEEKDAYS, type TWeekday, type TWeekHours } from '@atende/shared';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The weekday and 'HH:MM' of an instant in a time zone (an unknown zone falls back to UTC). */
export function localWeekTime(now: Date, timeZone: string): { day: TWeekday; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timeZone).formatToParts(now);
  } catch {
    parts = formatter('UTC').formatToParts(now);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = get('weekday').toLowerCase() as TWeekday;
  return { day: WEEKDAYS.includes(day) ? day : 'monday', time: `${get('hour')}:${get('minute')}` };
}

/** True when `now` falls in one of the day's ranges (start inclusive, end exclusive). */
export function isWithinHours(hours: TWeekHours, now: Date, timeZone: string): boolean {
  const { day, time } = localWeekTime(now, timeZone);
  return (hours[day] ?? []).some((r) => time >= r.start && time < r.end);
}

/** The zone an account without one counts its hours in. */
export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

/** Outside the week hours at `at` (null hours: the default week), in the zone (null: the default). */
export function isOutOfHours(hours: TWeekHours | null, at: Date, timeZone: string | null): boolean {
  return !isWithinHours(hours ?? defaultWeekHours(), at, timeZone ?? DEFAULT_TIMEZONE);
}

/** Mondays to Fridays 08:00–18:00: what a new account starts from when it turns hours on. */
export function defaultWeekHours(): TWeekHours {
  const work = [{ start: '08:00', end: '18:00' }];
  return {
    monday: work,
    tuesday: work,
    wednesday: work,
    thursday: work,
    friday: work,
    saturday: [],
    sunday: [],
  };
}

/** The next range start after `now` within a week ({ day, time } in the zone), or null when no day has hours. */
export function nextOpening(
  hours: TWeekHours,
  now: Date,
  timeZone: string,
): { day: TWeekday; time: string } | null {
  const { day, time } = localWeekTime(now, timeZone);
  const today = WEEKDAYS.indexOf(day);
  for (let offset = 0; offset <= 7; offset++) {
    const d = WEEKDAYS[(today + offset) % 7];
    const starts = (hours[d] ?? [])
      .map((r) => r.start)
      .filter((s) => offset > 0 || s > time)
      .sort();
    if (starts.length) return { day: d, time: starts[0] };
  }
  return null;
}
