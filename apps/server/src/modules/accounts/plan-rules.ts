import { findPlan, type TPlan, type TPlanId } from '@atende/shared';
import type { TNewPlan } from './accounts.repo';

const DAY_MS = 86_400_000;

/**
 * The plan row of a new account. Pro starts its 7-day trial. Free never expires. Business and
 * Advanced have no trial: their trial ends at once, so the account is blocked until paid.
 */
export function initialPlan(planId: TPlanId, now = new Date()): TNewPlan {
  const plan = findPlan(planId)!;
  if (plan.price === 0) {
    return {
      planId,
      price: 0,
      paymentStatus: 'free',
      isPaying: false,
      trialStartDate: null,
      trialEndDate: null,
    };
  }
  return {
    planId,
    price: plan.price,
    paymentStatus: plan.trialDays > 0 ? 'trial' : 'pending',
    isPaying: false,
    trialStartDate: now,
    trialEndDate: new Date(now.getTime() + plan.trialDays * DAY_MS),
  };
}

/** The plan row once a checkout for it is paid. */
export function paidPlan(planId: TPlanId, period: 'monthly' | 'yearly', now = new Date()): Partial<TNewPlan> {
  const plan = findPlan(planId)!;
  const months = period === 'yearly' ? 12 : 1;
  const endDate = new Date(now);
  endDate.setUTCMonth(endDate.getUTCMonth() + months);
  return { planId, price: plan.price, paymentStatus: 'paid', isPaying: true, period, endDate };
}

/**
 * A switch to the free plan: nothing to pay and nothing to expire. The trial's end goes (an ended
 * trial would otherwise block the free account, a running one would still show on it); its start
 * stays, as the record that this account already had its trial.
 */
export function freePlan(): Partial<TNewPlan> {
  return {
    planId: 'free',
    price: 0,
    paymentStatus: 'free',
    isPaying: false,
    period: 'monthly',
    endDate: null,
    trialEndDate: null,
  };
}

/** A plan's trial can be started once per account, and never while paying. */
export function isTrialEligible(
  current: { trialStartDate: Date | null; isPaying: boolean },
  plan: TPlan,
): boolean {
  return plan.trialDays > 0 && !current.trialStartDate && !current.isPaying;
}

/** The plan row when its trial starts now. */
export function trialPlan(planId: TPlanId, now = new Date()): Partial<TNewPlan> {
  const plan = findPlan(planId)!;
  return {
    planId,
    price: plan.price,
    paymentStatus: 'trial',
    isPaying: false,
    trialStartDate: now,
    trialEndDate: new Date(now.getTime() + plan.trialDays * DAY_MS),
  };
}
