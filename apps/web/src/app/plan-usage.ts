import type { TAccountDetails } from '@atende/shared';

/** The plan's conversations in its current period: the number its limit applies to. */
export interface TPlanUsage {
  used: number;
  limit: number;
  periodStart: string;
  periodEnd: string;
  /** Share of the limit used, 0–100, whole. */
  percent: number;
}

/**
 * The account's plan usage as every page shows it (dashboard, statement): the server's count for
 * the period, set against the usage's own limit or, when that is 0, the plan's.
 */
export function planUsageOf(details: TAccountDetails): TPlanUsage {
  const { usage } = details.accFinancial;
  const limit = usage.limit || details.plan.planParameters.conversations;
  const used = usage.conversations;
  const percent = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return { used, limit, periodStart: usage.periodStart, periodEnd: usage.periodEnd, percent };
}

/** The bar's colour: orange from 70 %, red from 90 %. */
export const planUsageColor = (percent: number) =>
  percent >= 90 ? 'red' : percent >= 70 ? 'orange' : 'brand';
