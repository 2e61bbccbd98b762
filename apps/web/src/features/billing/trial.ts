import { isTrialActive, remainingTrialDays, type TAccountDetails } from '@atende/shared';

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
