import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { activityAction, activityDetail } from '../activity-log/activity-page';

afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

describe('the activity log of departments, key entities and restrictions', () => {
  const t = i18n.t.bind(i18n);

  it('names the action and the restriction switched, in both languages', async () => {
    const entry = {
      action: 'account.restrictions_changed',
      target: 'Loja',
      details: { changes: { blockContactTab: true, restrictReportDownload: false } },
    };
    expect(activityAction(t, entry.action)).toBe('Alterou restrições');
    expect(activityDetail(t, entry)).toBe(
      'Bloquear a página de contatos para operadores: yes'.replace('yes', t('activity:values.yes')) +
        ' · Bloquear o download de relatórios por gerentes: ' +
        t('activity:values.no'),
    );
    expect(activityAction(t, 'department.created')).toBe('Criou departamento');
    expect(activityDetail(t, { action: 'department.created', target: 'Vendas', details: {} })).toBe('Vendas');
    await i18n.changeLanguage('en');
    expect(activityAction(t, 'entity.deleted')).toBe('Deleted key entity');
    expect(activityDetail(t, entry)).toBe(
      'Block the contacts page for operators: yes · Block report downloads for managers: no',
    );
  });
});
