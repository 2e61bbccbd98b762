/**
 * SMS segments (3GPP TS 23.038 / 23.040): a text entirely in the GSM 7-bit default alphabet (its
 * extension table characters count twice) goes in 160 septets, or 153 per segment when
 * concatenated (the UDH takes 7); any other character switches the whole text to UCS-2: 70
 * characters, or 67 per segment. UCS-2 counts UTF-16 code units (an emoji counts 2).
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export interface TSmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

export function smsSegments(text: string): TSmsSegments {
  let septets = 0;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENDED.has(ch)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', units, segments: count(units, 70, 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, segments: count(septets, 160, 153) };
}

function count(units: number, single: number, multi: number): number {
  if (units === 0) return 1;
  return units <= single ? 1 : Math.ceil(units / multi);
}
