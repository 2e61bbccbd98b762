import type { TFunction } from 'i18next';
import { LIMITS, type TContactPhase } from '@atende/shared';

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

/** A phase's name: the default phases are translated by key until an admin renames them. */
export function phaseLabel(t: TFunction, phase: Pick<TContactPhase, 'name' | 'key'>): string {
  return phase.key ? t(`contacts:phaseKeys.${phase.key}`, { defaultValue: phase.name }) : phase.name;
}
