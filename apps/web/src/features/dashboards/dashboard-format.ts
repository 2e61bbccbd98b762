import { intlLocale } from '../../app/format';

const unit = (value: number, u: 'second' | 'minute' | 'hour' | 'day', lang: string) =>
  new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);

/** A duration in seconds for reading: 45 s, 12 min, 3 h 20 min, 2 d 4 h; a dash without a value. */
export function formatDuration(seconds: number | null | undefined, lang: string): string {
  if (seconds === null || seconds === undefined) return '—';
  const s = Math.round(seconds);
  if (s < 60) return unit(s, 'second', lang);
  if (s < 3600) return unit(Math.round(s / 60), 'minute', lang);
  if (s < 86_400) {
    const h = Math.floor(s / 3600);
    const m = Math.round((s % 3600) / 60);
    return m ? `${unit(h, 'hour', lang)} ${unit(m, 'minute', lang)}` : unit(h, 'hour', lang);
  }
  const d = Math.floor(s / 86_400);
  const h = Math.round((s % 86_400) / 3600);
  return h ? `${unit(d, 'day', lang)} ${unit(h, 'hour', lang)}` : unit(d, 'day', lang);
}

/** The change from `previous` to `current` in percent (null when there is nothing to compare). */
export function changeOf(current: number | null, previous: number | null | undefined): number | null {
  if (current === null || previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

export function formatPercent(share: number | null | undefined, lang: string): string {
  if (share === null || share === undefined) return '—';
  return new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
}
