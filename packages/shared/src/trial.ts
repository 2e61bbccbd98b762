/** Trial and compliance rules of spec §2 and §4. */
export interface TTrialInput {
  isBonus: boolean;
  accIsPaying: boolean;
  trialEndDate: string | Date | null;
}

const DAY_MS = 86_400_000;

function toTime(value: string | Date | null): number | null {
  if (value === null) return null;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? null : t;
}

/** Trial is active when the account is not bonus, not paying, and the trial end date is in the future. */
export function isTrialActive(input: TTrialInput, now: Date = new Date()): boolean {
  const end = toTime(input.trialEndDate);
  return !input.isBonus && !input.accIsPaying && end !== null && end > now.getTime();
}

/** Remaining trial days, rounded from the end date (never negative). */
export function remainingTrialDays(trialEndDate: string | Date | null, now: Date = new Date()): number {
  const end = toTime(trialEndDate);
  if (end === null) return 0;
  return Math.max(0, Math.round((end - now.getTime()) / DAY_MS));
}

/**
 * Compliant-only routes send the user to /blocked when the account is locked, or when it is
 * neither bonus nor paying and its trial end date has passed.
 */
export function isAccountBlocked(input: TTrialInput & { locked: boolean }, now: Date = new Date()): boolean {
  if (input.locked) return true;
  if (input.isBonus || input.accIsPaying) return false;
  const end = toTime(input.trialEndDate);
  return end !== null && end <= now.getTime();
}
