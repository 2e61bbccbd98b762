import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { LIMITS } from './limits';

/** E.164 form of a phone number, default country code 55; null when not a valid number. */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const digits = trimmed.replace(/[^\d+]/g, '');
  const withPlus = digits.startsWith('+') ? digits : `+${LIMITS.defaultPhoneCountryCode}${digits}`;
  const tryParse = (v: string) => {
    const parsed = parsePhoneNumberFromString(v);
    return parsed?.isValid() ? parsed.number : null;
  };
  // Numbers typed with their own country code but without '+' ("5511...") are accepted too.
  return tryParse(withPlus) ?? (digits.startsWith('+') ? null : tryParse(`+${digits}`));
}
