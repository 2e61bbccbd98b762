import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { activityAction, activityDetail, activityWho } from './activity-page';

afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

describe('service-operator changes in the activity log (issue 13)', () => {
  const t = i18n.t.bind(i18n);
  const entry = {
    action: 'account.operator_changed',
    target: 'Loja',
    userName: 'service operator',
    details: {
      by: 'service-operator',
      via: 'cli',
      changes: [
        { field: 'aiEnable', from: true, to: false },
        { field: 'automationLimit', from: 10, to: 25 },
        { field: 'smsCredit', from: 0, to: 500 },
      ],
    },
  };

  it('names the service operator and each field before → after, in both languages', async () => {
    expect(activityWho(t, entry)).toBe('Operador do serviço');
    expect(activityAction(t, entry.action)).toBe('Alterou controles do serviço');
    expect(activityDetail(t, entry)).toBe(
      'Loja · IA: sim → não; Limite de automações: 10 → 25; Créditos de SMS: 0 → 500',
    );
    await i18n.changeLanguage('en');
    expect(activityWho(t, entry)).toBe('Service operator');
    expect(activityAction(t, entry.action)).toBe('Changed service controls');
    expect(activityDetail(t, entry)).toBe(
      'Loja · AI: yes → no; Automation limit: 10 → 25; SMS credits: 0 → 500',
    );
    expect(activityWho(t, { userName: '', details: {} })).toBe('System');
    expect(activityWho(t, { userName: 'Ana', details: {} })).toBe('Ana');
  });
});
