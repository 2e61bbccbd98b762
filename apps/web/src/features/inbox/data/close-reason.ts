import { INACTIVITY_REASON, RESOLVED_REASON } from '@atende/shared';
import type { TFunction } from 'i18next';

/**
 * A closing reason as a person reads it: the system's codes (INACTIVITY, RESOLVED) in the interface
 * language; the account's own reasons (names it typed) as they are.
 */
export function closeReasonText(t: TFunction, reason: string | null | undefined): string {
  if (!reason) return '';
  if (reason === INACTIVITY_REASON) return t('inbox:closeReasons.inactivity');
  if (reason === RESOLVED_REASON) return t('inbox:closeReasons.resolved');
  return reason;
}
