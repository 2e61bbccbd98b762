import { describe, expect, it } from 'vitest';
import { csatScore, npsGroupOf, npsScore, responseRate } from './schemas/surveys';

describe('survey scores', () => {
  it('NPS is % promoters − % detractors; null without answers', () => {
    expect(npsScore({ promoters: 0, passives: 0, detractors: 0 })).toBeNull();
    expect(npsScore({ promoters: 0, passives: 7, detractors: 0 })).toBe(0); // all passives
    expect(npsScore({ promoters: 10, passives: 0, detractors: 0 })).toBe(100);
    expect(npsScore({ promoters: 0, passives: 0, detractors: 3 })).toBe(-100);
    expect(npsScore({ promoters: 5, passives: 3, detractors: 2 })).toBe(30);
    expect(npsScore({ promoters: 1, passives: 1, detractors: 1 })).toBe(0);
    expect(npsScore({ promoters: 2, passives: 0, detractors: 1 })).toBe(33.3);
  });

  it('promoters are 9–10, passives 7–8, detractors 0–6', () => {
    expect([0, 6, 7, 8, 9, 10].map(npsGroupOf)).toEqual([
      'detractor',
      'detractor',
      'passive',
      'passive',
      'promoter',
      'promoter',
    ]);
  });

  it('CSAT is the % of 4–5 answers; null without answers', () => {
    expect(csatScore({ answers: 0, satisfied: 0 })).toBeNull();
    expect(csatScore({ answers: 4, satisfied: 3 })).toBe(75);
    expect(csatScore({ answers: 3, satisfied: 0 })).toBe(0);
    expect(csatScore({ answers: 3, satisfied: 2 })).toBe(66.7);
  });

  it('response rate is answers / surveys sent; null when none was sent', () => {
    expect(responseRate(0, 0)).toBeNull();
    expect(responseRate(8, 2)).toBe(25);
    expect(responseRate(3, 3)).toBe(100);
  });
});
