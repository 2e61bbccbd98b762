import type { TStatement } from '@atende/shared';

export const PERIOD_PRESETS = ['thisMonth', 'lastMonth', 'last7', 'last30', 'custom'] as const;
export type TPeriodPreset = (typeof PERIOD_PRESETS)[number];
export interface TPeriod {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date (YYYY-MM-DD) in a time zone (the account's). */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const toUtc = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => fromUtc(toUtc(day) + n * DAY_MS);

/** The dates of a preset, given today's date. */
export function presetPeriod(preset: Exclude<TPeriodPreset, 'custom'>, today: string): TPeriod {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  switch (preset) {
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const first = fromUtc(Date.UTC(y, m - 2, 1));
      return { from: first, to: fromUtc(Date.UTC(y, m - 1, 0)) };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
  }
}

/** Which preset a period is (else custom). */
export function presetOf(period: TPeriod, today: string): TPeriodPreset {
  for (const preset of PERIOD_PRESETS) {
    if (preset === 'custom') break;
    const p = presetPeriod(preset, today);
    if (p.from === period.from && p.to === period.to) return preset;
  }
  return 'custom';
}

/** The period from the URL, or this month; an invalid or reversed one falls back to this month. */
export function periodFromParams(params: URLSearchParams, today: string): TPeriod {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to) return { from, to };
  return presetPeriod('thisMonth', today);
}

export interface TChartPoint {
  key: string;
  label: string;
  counted: number;
  notCounted: number;
}

/**
 * Every day of the period (days without conversations as zeros), as chart points; a period longer
 * than 62 days is summed per month.
 */
export function chartPoints(
  period: TPeriod,
  days: TStatement['totals']['days'],
  lang: string,
): TChartPoint[] {
  const byDay = new Map(days.map((d) => [d.date, d]));
  const count = Math.round((toUtc(period.to) - toUtc(period.from)) / DAY_MS) + 1;
  const monthly = count > 62;
  const locale = lang === 'en' ? 'en-US' : 'pt-BR';
  const fmt = new Intl.DateTimeFormat(
    locale,
    monthly
      ? { month: 'short', year: '2-digit', timeZone: 'UTC' }
      : { day: '2-digit', month: '2-digit', timeZone: 'UTC' },
  );
  const points = new Map<string, TChartPoint>();
  for (let i = 0; i < count; i++) {
    const day = addDays(period.from, i);
    const key = monthly ? day.slice(0, 7) : day;
    const point = points.get(key) ?? {
      key,
      label: fmt.format(new Date(toUtc(day))),
      counted: 0,
      notCounted: 0,
    };
    const d = byDay.get(day);
    if (d) {
      point.counted += d.counted;
      point.notCounted += d.notCounted;
    }
    points.set(key, point);
  }
  return [...points.values()];
}
