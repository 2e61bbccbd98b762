/**
 * SMS segments of a text as the wizard shows them (the same rule as the server's
 * providers/sms/sms-segments.ts): GSM-7 160 characters alone or 153 per part (extended characters
 * count twice), otherwise UCS-2 70 alone or 67 per part.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENDED = '^{}\\[~]|€\f';

export function smsSegmentsOf(text: string): { segments: number; units: number } {
  let septets = 0;
  for (const ch of text) {
    if (BASIC.includes(ch)) septets += 1;
    else if (EXTENDED.includes(ch)) septets += 2;
    else {
      const units = text.length;
      return { units, segments: units === 0 ? 0 : units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { units: septets, segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
