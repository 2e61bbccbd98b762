import { describe, expect, it } from 'vitest';
import { accountStatusName } from './account-status';
import { badgeText, LIMITS } from './limits';
import { findPlan, isPlanId, PLAN_IDS, PLANS } from './plans';

describe('badgeText', () => {
  it('shows the count up to 100 and 99+ above 100', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('100');
    expect(badgeText(101)).toBe('99+');
    expect(badgeText(5000)).toBe('99+');
  });
});

describe('limits of spec §9', () => {
  it('keeps the spec’s constants', () => {
    expect(LIMITS.requestTimeoutMs).toBe(30_000);
    expect(LIMITS.inboxLoadTimeoutMs).toBe(60_000);
    expect(LIMITS.teamChat.contentMaxChars).toBe(2047);
    expect(LIMITS.teamChat.maxRetries).toBe(3);
    expect(LIMITS.teamChat.idleMs).toBe(300_000);
    expect(LIMITS.contactsPageSize).toBe(30);
    expect(LIMITS.defaultVersionNamespace).toBe('v1');
    expect(LIMITS.avatar.maxBytes).toBe(800 * 1024);
    expect(LIMITS.files).toMatchObject({ maxCount: 100, maxBytes: 50 * 1024 * 1024 });
    expect(LIMITS.downtimeClosingDays).toEqual({ min: 1, max: 90 });
    expect(LIMITS.inboxLoadSize).toEqual({ min: 20, max: 1000 });
    expect(LIMITS.defaultPhoneCountryCode).toBe('55');
    expect(LIMITS.otp).toEqual({ digits: 6, ttlMinutes: 10, maxAttempts: 5, resendCooldownSeconds: 60 });
  });
});

describe('plans (spec §1)', () => {
  it('offers Free 100, Pro 300 with a 7-day trial, Business 1000 and Advanced 2500 conversations, 1 chatbot each', () => {
    expect(PLAN_IDS).toEqual(['free', 'pro', 'business', 'advanced']);
    expect(
      PLANS.map((p) => [p.id, p.planParameters.conversations, p.planParameters.chatbots, p.trialDays]),
    ).toEqual([
      ['free', 100, 1, 0],
      ['pro', 300, 1, 7],
      ['business', 1000, 1, 0],
      ['advanced', 2500, 1, 0],
    ]);
    expect(findPlan('free')?.price).toBe(0);
    expect(findPlan('gold')).toBeUndefined();
    expect(isPlanId('pro')).toBe(true);
    expect(isPlanId('Pro')).toBe(false);
  });
});

describe('account status (spec §4)', () => {
  it('maps 0 disabled, 1 active, 2 deleted, anything else pending', () => {
    expect(accountStatusName(0)).toBe('disabled');
    expect(accountStatusName(1)).toBe('active');
    expect(accountStatusName(2)).toBe('deleted');
    expect(accountStatusName(3)).toBe('pending');
    expect(accountStatusName(-1)).toBe('pending');
  });
});
