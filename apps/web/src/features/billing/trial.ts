import { isAccountBlocked, isTrialActive, remainingTrialDays, type TAccountDetails } from '@atende/shared';

/** Trial status of the active account (spec §4): active flag and the days left. */
export function trialInfo(details: TAccountDetails | null) {
  if (!details) return { active: false, days: 0, planId: 'free' };
  const input = {
    isBonus: details.accPlan.isBonus,
    accIsPaying: details.acc.accIsPaying || details.accFinancial.isPaying,
    trialEndDate: details.accPlan.trialEndDate,
  };
  return {
    active: isTrialActive(input),
    days: remainingTrialDays(details.accPlan.trialEndDate),
    planId: details.plan?.id ?? details.accPlan.plan?.id ?? 'free',
    endDate: details.accPlan.trialEndDate,
  };
}

export type TBlockedReason = 'paymentDue' | 'locked' | 'trialOver' | 'none';

/**
 * Why the account is blocked, as /blocked says it: a payment due (locked with the plan's payment
 * pending or overdue), locked (by the platform), its trial over (neither bonus nor paying), or not
 * blocked at all (the page opened by its address while the account is in good standing).
 */
export function blockedReason(details: TAccountDetails | null, now: Date = new Date()): TBlockedReason {
  if (!details) return 'none';
  // `acc.blocked` is the server's overall verdict (also true when only the trial is over): the
  // reason comes from the flags behind it — locked by the service, or a disabled account.
  const locked = Boolean(details.acc.locked || details.acc.status === 0);
  if (locked) {
    const due = details.accPlan.paymentStatus === 'overdue' || details.accPlan.paymentStatus === 'pending';
    return due ? 'paymentDue' : 'locked';
  }
  const input = {
    locked: false,
    isBonus: details.accPlan.isBonus,
    accIsPaying: details.acc.accIsPaying || details.accFinancial.isPaying,
    trialEndDate: details.accPlan.trialEndDate,
  };
  return isAccountBlocked(input, now) ? 'trialOver' : 'none';
}
