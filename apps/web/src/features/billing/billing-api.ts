import {
  PLANS,
  type TAccountDetails,
  type TCheckoutInfo,
  type TCouponQuote,
  type TPlan,
  type TPlanId,
} from '@atende/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import type { TMutationOptions } from '../../app/query-client';

/** Plans from GET /g/product/plans (the shared PLANS until it answers). */
export function usePlans() {
  return useQuery({
    queryKey: ['plans'],
    queryFn: () => api.get<TPlan[]>('/g/product/plans', { product: 'atende' }),
    placeholderData: [...PLANS],
    staleTime: 10 * 60_000,
  });
}

export interface TChangePlanResult {
  provider: string;
  status: 'paid' | 'redirect' | 'free' | 'trial';
  url?: string;
  sandbox: boolean;
}

export type TBillingPeriod = 'monthly' | 'yearly';

/** PUT /g/acc/:acc/plan/:plan: pay for, start the trial of, or move to a plan (sandbox or provider). */
export function useChangePlan(
  acc: string,
  options: TMutationOptions<
    TChangePlanResult,
    { plan: TPlanId; period: TBillingPeriod; coupon?: string }
  > = {},
) {
  return useMutation({
    ...options,
    mutationFn: ({ plan, period, coupon }) =>
      api.put<TChangePlanResult>(`/g/acc/${acc}/plan/${plan}`, coupon ? { period, coupon } : { period }),
  });
}

/** Issue 13: the installation's payment provider (sandbox or Stripe) and whether paid plans can be bought. */
export function useCheckoutInfo(acc: string) {
  return useQuery({
    queryKey: ['checkout-info', acc],
    queryFn: () => api.get<TCheckoutInfo>(`/g/acc/${acc}/billing/checkout`),
    staleTime: 10 * 60_000,
  });
}

/** Issue 13: a coupon's discount on the plan and period, before paying (COUPON_INVALID otherwise). */
export function useCouponQuote(acc: string, plan: string, period: TBillingPeriod, code: string | null) {
  return useQuery({
    queryKey: ['coupon-quote', acc, plan, period, code],
    queryFn: () => api.get<TCouponQuote>(`/g/acc/${acc}/plan/${plan}/coupon`, { code: code ?? '', period }),
    enabled: Boolean(code),
    retry: false,
    staleTime: 60_000,
  });
}

/** The Pro trial can be started once per account, never while paying (same rule as the server). */
export function canStartTrial(plan: TPlan, details: TAccountDetails | null): boolean {
  if (!details) return false;
  const paying = details.acc.accIsPaying || details.accFinancial.isPaying;
  return plan.trialDays > 0 && !details.accPlan.trialStartDate && !paying;
}

/** The plan the account is on and does not need to act on (paid, or free). */
export function isCurrentPlan(plan: TPlan, details: TAccountDetails | null): boolean {
  if (!details || details.plan.id !== plan.id) return false;
  return plan.price === 0 || details.acc.accIsPaying || details.accFinancial.isPaying;
}
