import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TAccount } from '@atende/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { Wrapper } from '../../test/setup';
import { DeleteAccountCard } from '../accounts/delete-account-card';
import { timeZoneOptions } from '../accounts/account-page';
import { findRawCodes } from '../../../../../e2e/support/raw-codes';
import { zoneLabel } from '../../app/time-zones';
import { activityAction, activityDetail } from './activity-page';

afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

describe('activity log details', () => {
  const t = i18n.t.bind(i18n);

  it('says who/what in the interface language', async () => {
    const roleChange = {
      action: 'member.role_changed',
      target: 'bruno@loja.com',
      details: { from: 'admin', to: 'manager' },
    };
    const plan = { action: 'plan.changed', target: 'business', details: { paymentStatus: 'paid' } };
    const fields = { action: 'account.updated', target: 'Loja', details: { fields: ['name', 'timezone'] } };
    expect(activityDetail(t, roleChange)).toBe('bruno@loja.com · Administrador → Gerente');
    expect(activityDetail(t, plan)).toBe('Business · pago');
    expect(activityDetail(t, fields)).toBe('Loja · Nome da conta, Fuso horário');
    expect(t('activity:actions.auth.login')).toBe('Fez login');
    await i18n.changeLanguage('en');
    expect(activityDetail(t, roleChange)).toBe('bruno@loja.com · Admin → Manager');
    expect(activityDetail(t, plan)).toBe('Business · paid');
    expect(activityDetail(t, fields)).toBe('Loja · Account name, Time zone');
    expect(t('activity:actions.auth.login')).toBe('Signed in');
  });

  it('says what a configuration change touched, with before → after, in both languages', async () => {
    const settings = {
      action: 'settings.updated',
      target: '',
      details: {
        changes: [
          { field: 'hideWaitingTab', from: false, to: true },
          { field: 'downtimeDays', from: null, to: 7 },
          { field: 'hours' },
          { field: 'somethingNew' },
        ],
      },
    };
    const channel = {
      action: 'channel.updated',
      target: 'Loja',
      details: { kind: 'webchat', changes: [{ field: 'status', from: 'active', to: 'disabled' }] },
    };
    const pt = [activityDetail(t, settings), activityDetail(t, channel)];
    expect(pt).toEqual([
      'Ocultar aba Aguardando dos operadores: não → sim; Encerrar conversas paradas após (dias): — → 7; Horário de atendimento; outra configuração',
      'Loja · Chat do site · Situação: ativo → desativado',
    ]);
    expect(activityAction(t, 'contacts.merged')).toBe('Mesclou contatos');
    await i18n.changeLanguage('en');
    expect(activityDetail(t, channel)).toBe('Loja · Web chat · Status: active → disabled');
    expect(activityAction(t, 'quick_message.deleted')).toBe('Deleted a quick message');
    expect(findRawCodes(pt.join('\n'))).toEqual([]);
  });

  it('names every action the server records in words, never its code (conversation.closed, …)', async () => {
    const actions = [
      'auth.login',
      'user.invited',
      'user.joined',
      'member.role_changed',
      'member.removed',
      'invitation.revoked',
      'account.created',
      'account.updated',
      'plan.changed',
      'plan.checkout_started',
      'contact.phase_changed',
      'conversation.closed',
      'conversation.taken',
      'conversation.transferred',
      'channel.created',
      'channel.updated',
      'channel.deleted',
      'settings.updated',
      'closing_reason.created',
      'closing_reason.updated',
      'closing_reason.deleted',
      'contact.deleted',
      'contact.restored',
      'contacts.merged',
      'contacts.import_started',
      'template.created',
      'template.updated',
      'template.deleted',
      'template.submitted',
      'quick_message.created',
      'quick_message.updated',
      'quick_message.deleted',
      'some.future_action',
    ];
    const closed = {
      action: 'conversation.closed',
      target: '0190aaaa-0000-7000-8000-000000000001',
      details: { reason: 'INACTIVITY' },
    };
    for (const lang of ['pt-BR', 'en']) {
      await i18n.changeLanguage(lang);
      const text = actions.map((a) => activityAction(t, a)).join('\n');
      expect(findRawCodes(`${text}\n${activityDetail(t, closed)}`), lang).toEqual([]);
    }
    await i18n.changeLanguage('pt-BR');
    expect(activityAction(t, 'conversation.closed')).toBe('Encerrou conversa');
    expect(activityAction(t, 'conversation.taken')).toBe('Assumiu conversa');
    expect(activityDetail(t, closed)).toBe('Inatividade');
    await i18n.changeLanguage('en');
    expect(activityAction(t, 'conversation.closed')).toBe('Closed a conversation');
    expect(activityDetail(t, { ...closed, details: { reason: 'RESOLVED' } })).toBe('Resolved');
    expect(activityAction(t, 'some.future_action')).toBe('Other action');
  });

  it('hides ids that mean nothing to a person', () => {
    const revoked = {
      action: 'invitation.revoked',
      target: '0190aaaa-0000-7000-8000-000000000001',
      details: {},
    };
    expect(activityDetail(t, revoked)).toBe('');
  });
});

describe('account page helpers', () => {
  it('time zones read as the city proper name and offset, keeping the IANA id as the value', () => {
    const options = timeZoneOptions('pt-BR');
    expect(options.find((o) => o.value === 'America/Sao_Paulo')?.label).toBe('São Paulo (GMT-03:00)');
    expect(options.find((o) => o.value === 'America/Cuiaba')?.label).toBe('Cuiabá (GMT-04:00)');
    expect(options.find((o) => o.value === 'America/New_York')?.label).toMatch(/^New York \(GMT-0[45]:00\)$/);
    expect(options.every((o) => !o.label.includes('·') && !o.label.includes('_'))).toBe(true);
    expect(zoneLabel('America/Sao_Paulo', 'en')).toBe('São Paulo (GMT-03:00)');
    expect(options.find((o) => o.value === 'UTC')?.label).toMatch(/^UTC/);
  });
});

describe('delete account card', () => {
  const account = { _id: 'acc-1', id: 'acc-1', name: 'Filial' } as unknown as TAccount;

  function open() {
    render(
      <MemoryRouter>
        <DeleteAccountCard account={account} />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    fireEvent.click(screen.getByRole('button', { name: i18n.t('account:delete.open') }));
  }

  it('needs EXCLUIR in Portuguese: another word keeps the button disabled and shows the message', async () => {
    open();
    const input = await screen.findByLabelText('Para confirmar, digite EXCLUIR');
    fireEvent.change(input, { target: { value: 'DELETE' } });
    expect(screen.getByText('Digite EXCLUIR para confirmar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excluir definitivamente' })).toBeDisabled();
    fireEvent.change(input, { target: { value: 'EXCLUIR' } });
    expect(screen.getByRole('button', { name: 'Excluir definitivamente' })).toBeEnabled();
  });

  it('needs DELETE in English', async () => {
    await i18n.changeLanguage('en');
    open();
    const input = await screen.findByLabelText('To confirm, type DELETE');
    fireEvent.change(input, { target: { value: 'EXCLUIR' } });
    expect(screen.getByText('Type DELETE to confirm')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete permanently' })).toBeDisabled();
    fireEvent.change(input, { target: { value: 'DELETE' } });
    expect(screen.getByRole('button', { name: 'Delete permanently' })).toBeEnabled();
  });
});
