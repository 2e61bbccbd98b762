import { LIMITS } from '@atende/shared';

/** The phone as sent: numbers without their own '+country' get the default +55 (spec §5). */
export function withDefaultCountry(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return trimmed.startsWith('+') ? trimmed : `+${LIMITS.defaultPhoneCountryCode} ${trimmed}`;
}
