/** Plans of spec §1. Prices are in cents (BRL). */
export const PLAN_IDS = ['free', 'pro', 'business', 'advanced'] as const;
export type TPlanId = (typeof PLAN_IDS)[number];

export interface TPlan {
  id: TPlanId;
  title: string;
  price: number;
  trialDays: number;
  providerPlanId: string;
  planParameters: { conversations: number; chatbots: number };
}

export const PLANS: readonly TPlan[] = [
  {
    id: 'free',
    title: 'Free',
    price: 0,
    trialDays: 0,
    providerPlanId: 'price_free',
    planParameters: { conversations: 100, chatbots: 1 },
  },
  {
    id: 'pro',
    title: 'Pro',
    price: 19900,
    trialDays: 7,
    providerPlanId: 'price_pro',
    planParameters: { conversations: 300, chatbots: 1 },
  },
  {
    id: 'business',
    title: 'Business',
    price: 49900,
    trialDays: 0,
    providerPlanId: 'price_business',
    planParameters: { conversations: 1000, chatbots: 1 },
  },
  {
    id: 'advanced',
    title: 'Advanced',
    price: 99900,
    trialDays: 0,
    providerPlanId: 'price_advanced',
    planParameters: { conversations: 2500, chatbots: 1 },
  },
];

export function isPlanId(value: unknown): value is TPlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function findPlan(id: string): TPlan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** First and last day of the conversation-usage period (calendar month, UTC). */
export function usagePeriod(now = new Date()): { start: string; end: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const start = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
  return { start, end };
}
