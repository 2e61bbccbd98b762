import type { TAccountDetails } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { planUsageColor, planUsageOf } from './plan-usage';

const details = (usage: { conversations: number; limit: number }, planLimit = 300) =>
  ({
    plan: { planParameters: { conversations: planLimit, chatbots: 1 } },
    accFinancial: { usage: { periodStart: '2026-12-01', periodEnd: '2026-12-31', ...usage } },
  }) as TAccountDetails;

describe('plan usage', () => {
  it("sets the period's count against the usage's own limit, or the plan's when that is 0", () => {
    expect(planUsageOf(details({ conversations: 22, limit: 300 }))).toEqual({
      used: 22,
      limit: 300,
      periodStart: '2026-12-01',
      periodEnd: '2026-12-31',
      percent: 7,
    });
    expect(planUsageOf(details({ conversations: 50, limit: 0 }, 100)).limit).toBe(100);
    expect(planUsageOf(details({ conversations: 450, limit: 300 })).percent).toBe(100);
    expect(planUsageOf(details({ conversations: 5, limit: 0 }, 0)).percent).toBe(0);
  });

  it('turns orange from 70 % and red from 90 %', () => {
    expect([0, 69, 70, 89, 90, 100].map(planUsageColor)).toEqual([
      'brand',
      'brand',
      'orange',
      'orange',
      'red',
      'red',
    ]);
  });
});
