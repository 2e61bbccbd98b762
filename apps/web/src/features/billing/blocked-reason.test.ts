import type { TAccountDetails } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { blockedReason } from './trial';

const NOW = new Date('2026-03-10T12:00:00Z');
function details(patch: {
  locked?: boolean;
  paying?: boolean;
  bonus?: boolean;
  trialEnd?: string | null;
  payment?: string;
  status?: number;
}): TAccountDetails {
  const trialOver = Boolean(patch.trialEnd && new Date(patch.trialEnd) < NOW && !patch.paying);
  return {
    acc: {
      locked: patch.locked ?? false,
      // As the server answers it: blocked whenever /blocked applies, for whatever reason.
      blocked: Boolean(patch.locked) || trialOver || patch.status === 0,
      status: patch.status ?? 1,
      accIsPaying: patch.paying ?? false,
    },
    accPlan: {
      isBonus: patch.bonus ?? false,
      trialEndDate: patch.trialEnd ?? null,
      paymentStatus: patch.payment ?? 'trial',
    },
    accFinancial: { isPaying: false },
  } as unknown as TAccountDetails;
}

describe('/blocked says why', () => {
  it('an active trial is not blocked (the page must not say the trial ended)', () => {
    expect(blockedReason(details({ trialEnd: '2026-03-20T00:00:00Z' }), NOW)).toBe('none');
  });
  it('trial over, locked, payment due', () => {
    expect(blockedReason(details({ trialEnd: '2026-03-01T00:00:00Z' }), NOW)).toBe('trialOver');
    expect(blockedReason(details({ trialEnd: '2026-03-01T00:00:00Z', paying: true }), NOW)).toBe('none');
    expect(blockedReason(details({ locked: true, trialEnd: '2026-03-20T00:00:00Z' }), NOW)).toBe('locked');
    expect(blockedReason(details({ locked: true, payment: 'overdue', paying: true }), NOW)).toBe(
      'paymentDue',
    );
    expect(blockedReason(details({ status: 0 }), NOW)).toBe('locked');
    expect(blockedReason(null, NOW)).toBe('none');
  });
  it('each reason has its own title in both languages', async () => {
    for (const lang of ['pt-BR', 'en']) {
      await i18n.changeLanguage(lang);
      const titles = ['trialOver', 'locked', 'paymentDue', 'none'].map((r) =>
        i18n.t(`billing:blocked.${r}.title`),
      );
      expect(new Set(titles).size).toBe(4);
      for (const title of titles) expect(title).not.toMatch(/blocked\./);
    }
    await i18n.changeLanguage('pt-BR');
    expect(i18n.t('billing:blocked.trialOver.title')).toBe('Seu período de teste terminou');
  });
});
