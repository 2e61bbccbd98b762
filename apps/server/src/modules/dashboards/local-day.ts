import { localDate, localMidnight } from '../../platform/local-dates';

/** A local calendar day as 'YYYY-MM-DD'. */
export type TDay = string;

const pad = (n: number) => String(n).padStart(2, '0');

export function dayOf(instant: Date, timeZone: string): TDay {
  const d = localDate(instant, timeZone);
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** `day` moved by `n` days (calendar arithmetic, no time zone involved). */
export function addDays(day: TDay, n: number): TDay {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The first day of the calendar month of `day`. */
export const monthOf = (day: TDay): TDay => `${day.slice(0, 8)}01`;

/**
 * The whole calendar months inside [from, to] (days inclusive): the first day of the first one and
 * the last day of the last one; null when no month is whole.
 */
export function wholeMonths(from: TDay, to: TDay): { from: TDay; to: TDay } | null {
  const first = from.endsWith('-01') ? from : monthOf(addDays(monthOf(from), 32));
  const last = addDays(to, 1).endsWith('-01') ? to : addDays(monthOf(to), -1);
  return first <= last ? { from: first, to: last } : null;
}

export function daysBetween(from: TDay, to: TDay): number {
  const t = (day: TDay) => {
    const [y, m, d] = day.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((t(to) - t(from)) / 86_400_000);
}

/** The instants [from, to) of a local day (23 or 25 hours long on a daylight-saving change). */
export function dayBounds(day: TDay, timeZone: string): { from: Date; to: Date } {
  const [y, m, d] = day.split('-').map(Number);
  return { from: localMidnight(y, m, d, timeZone), to: localMidnight(y, m, d + 1, timeZone) };
}

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric' });
    clocks.set(timeZone, f);
  }
  return f;
}

/** The instant of a local wall time (hh:mm) of a day; a time skipped by daylight saving moves forward. */
export function localInstant(day: TDay, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const midnight = localMidnight(y, m, d, timeZone).getTime();
  // Start from the naive guess and correct it by the difference between wanted and found wall time.
  let guess = midnight + (hh * 60 + mm) * 60_000;
  for (let i = 0; i < 2; i++) {
    const local = localDate(new Date(guess), timeZone);
    const parts = clockOf(timeZone).formatToParts(guess);
    const h = Number(parts.find((p) => p.type === 'hour')?.value);
    const mi = Number(parts.find((p) => p.type === 'minute')?.value);
    const dayShift = daysBetween(day, `${local.year}-${pad(local.month)}-${pad(local.day)}`);
    const diff = (hh * 60 + mm - (dayShift * 1440 + h * 60 + mi)) * 60_000;
    if (diff === 0) break;
    guess += diff;
  }
  return new Date(guess);
}
