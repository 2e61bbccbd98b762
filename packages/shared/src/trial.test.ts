import { describe, expect, it } from 'vitest';
import { isAccountBlocked, isTrialActive, remainingTrialDays } from './trial';

const NOW = new Date('2025-06-10T12:00:00.000Z');
const DAY = 86_400_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

describe('isTrialActive (spec §4)', () => {
  it('is active when not bonus, not paying and the end date is in the future', () => {
    expect(isTrialActive({ isBonus: false, accIsPaying: false, trialEndDate: inDays(3) }, NOW)).toBe(true);
    expect(
      isTrialActive({ isBonus: false, accIsPaying: false, trialEndDate: inDays(3).toISOString() }, NOW),
    ).toBe(true);
  });

  it('is not active for bonus or paying accounts, an ended trial, or no trial', () => {
    expect(isTrialActive({ isBonus: true, accIsPaying: false, trialEndDate: inDays(3) }, NOW)).toBe(false);
    expect(isTrialActive({ isBonus: false, accIsPaying: true, trialEndDate: inDays(3) }, NOW)).toBe(false);
    expect(isTrialActive({ isBonus: false, accIsPaying: false, trialEndDate: inDays(-1) }, NOW)).toBe(false);
    expect(isTrialActive({ isBonus: false, accIsPaying: false, trialEndDate: NOW }, NOW)).toBe(false);
    expect(isTrialActive({ isBonus: false, accIsPaying: false, trialEndDate: null }, NOW)).toBe(false);
    expect(isTrialActive({ isBonus: false, accIsPaying: false, trialEndDate: 'not a date' }, NOW)).toBe(
      false,
    );
  });
});

describe('remainingTrialDays', () => {
  it('rounds from the end date', () => {
    expect(remainingTrialDays(inDays(7), NOW)).toBe(7);
    expect(remainingTrialDays(inDays(6.6), NOW)).toBe(7);
    expect(remainingTrialDays(inDays(6.4), NOW)).toBe(6);
    expect(remainingTrialDays(inDays(0.5), NOW)).toBe(1);
    expect(remainingTrialDays(inDays(0.4), NOW)).toBe(0);
    expect(remainingTrialDays(inDays(2).toISOString(), NOW)).toBe(2);
  });

  it('is never negative and is 0 without an end date', () => {
    expect(remainingTrialDays(inDays(-3), NOW)).toBe(0);
    expect(remainingTrialDays(null, NOW)).toBe(0);
  });
});

describe('isAccountBlocked (compliance rule, spec §2)', () => {
  const base = { isBonus: false, accIsPaying: false, locked: false };

  it('blocks a locked account whatever its plan', () => {
    expect(isAccountBlocked({ ...base, locked: true, accIsPaying: true, trialEndDate: null }, NOW)).toBe(
      true,
    );
    expect(isAccountBlocked({ ...base, locked: true, isBonus: true, trialEndDate: inDays(5) }, NOW)).toBe(
      true,
    );
  });

  it('never blocks an unlocked bonus or paying account, even after its trial', () => {
    expect(isAccountBlocked({ ...base, isBonus: true, trialEndDate: inDays(-10) }, NOW)).toBe(false);
    expect(isAccountBlocked({ ...base, accIsPaying: true, trialEndDate: inDays(-10) }, NOW)).toBe(false);
  });

  it('blocks when neither bonus nor paying and the trial end date has passed', () => {
    expect(isAccountBlocked({ ...base, trialEndDate: inDays(-1) }, NOW)).toBe(true);
    expect(isAccountBlocked({ ...base, trialEndDate: NOW }, NOW)).toBe(true);
  });

  it('does not block during the trial', () => {
    expect(isAccountBlocked({ ...base, trialEndDate: inDays(1) }, NOW)).toBe(false);
  });

  it('does not block a free plan with no trial end date', () => {
    expect(isAccountBlocked({ ...base, trialEndDate: null }, NOW)).toBe(false);
  });
});
