import { LIMITS } from '@atende/shared';

/** The Intl locale of an interface language. */
export const intlLocale = (lang: string): string => (lang === 'en' ? 'en-US' : 'pt-BR');

/** Price in cents (BRL) formatted for the interface language. */
export function formatPrice(cents: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), {
    style: 'currency',
    currency: 'BRL',
  }).format(cents / 100);
}

export function formatNumber(value: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value);
}

/** A calendar day 'YYYY-MM-DD' for reading: the same day wherever the browser is. */
export function formatDay(
  day: string,
  lang: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(lang), { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A moment for reading, in the browser's time zone; a bare day ('2026-12-01', a plan period's
 * start, say) is that calendar day, not midnight UTC moved to the day before west of Greenwich.
 */
export function formatDate(value: string | null | undefined, lang: string, withTime = false): string {
  if (!value) return '';
  if (DAY_ONLY.test(value)) return formatDay(value, lang);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}

/** A calendar month 'YYYY-MM' for reading: "dezembro de 2026" / "December 2026" (as is if not one). */
export function formatMonth(month: string, lang: string): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month;
  return formatDay(`${month}-01`, lang, { month: 'long', year: 'numeric' });
}

/** A file size for reading: 512 B, 1,5 KB, 12 MB. */
export function formatBytes(bytes: number, lang: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

const BR = `+${LIMITS.defaultPhoneCountryCode}`;

/**
 * A stored E.164 phone for reading: Brazilian numbers as +55 (11) 98765-4321, others as stored.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const national = nationalPhone(phone);
  return national === phone ? phone : `${BR} ${national}`;
}

/** The part typed after the +55 prefix: (11) 98765-4321; numbers of other countries stay whole. */
export function nationalPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (!phone.startsWith(BR)) return phone;
  const digits = phone.slice(BR.length);
  if (!/^\d{10,11}$/.test(digits)) return phone;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  const split = rest.length - 4;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** The phone as sent: numbers without their own '+country' get the default +55 (spec §5). */
export function withDefaultCountry(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return trimmed.startsWith('+') ? trimmed : `+${LIMITS.defaultPhoneCountryCode} ${trimmed}`;
}
