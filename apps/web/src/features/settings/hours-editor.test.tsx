import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TInboxSettings, TWeekHours } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api-client';
import { i18n } from '../../app/i18n';
import { HoursEditor, nextRange } from './hours-editor';
import { HoursTab } from './hours-tab';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from './settings-testing';

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const week = (monday: TWeekHours['monday']): TWeekHours => ({
  monday,
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
});

function Harness({ initial, onChange }: { initial: TWeekHours; onChange: (v: TWeekHours) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <HoursEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const settings = (patch: Partial<TInboxSettings> = {}): TInboxSettings => ({
  hoursEnabled: true,
  hours: week([{ start: '08:00', end: '18:00' }]),
  outOfHoursMessageEnabled: false,
  outOfHoursMessage: '',
  loadSize: 200,
  hideWaitingTab: false,
  blockStartConversation: false,
  restrictOutsideHours: false,
  downtimeDays: null,
  operatorCapacity: 5,
  timeToSendAutomationAndCampaign: null,
  ...patch,
});

beforeEach(() => {
  vi.clearAllMocks();
  signInTestAdmin();
});
afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

describe('hours editor', () => {
  it('new ranges start at 08:00–18:00, then follow the last one (never past 24:00)', () => {
    expect(nextRange([])).toEqual({ start: '08:00', end: '18:00' });
    expect(nextRange([{ start: '08:00', end: '12:00' }])).toEqual({ start: '12:00', end: '14:00' });
    expect(nextRange([{ start: '20:00', end: '23:30' }])).toEqual({ start: '23:00', end: '24:00' });
  });

  it('opens a closed day with a default range, adds and removes ranges, closes it again', () => {
    const changes: TWeekHours[] = [];
    render(<Harness initial={week([{ start: '08:00', end: '18:00' }])} onChange={(v) => changes.push(v)} />, {
      wrapper: AdminTestWrapper,
    });
    const sunday = screen.getByTestId('hours-sunday');
    expect(within(sunday).getByText('Fechado')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: 'Aberto: Domingo' }));
    expect(screen.getByLabelText('Domingo: início do intervalo 1')).toHaveValue('08:00');
    expect(screen.getByLabelText('Domingo: fim do intervalo 1')).toHaveValue('18:00');

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar intervalo (Domingo)' }));
    expect(screen.getByLabelText('Domingo: início do intervalo 2')).toHaveValue('18:00');
    expect(changes.at(-1)?.sunday).toEqual([
      { start: '08:00', end: '18:00' },
      { start: '18:00', end: '20:00' },
    ]);

    fireEvent.change(screen.getByLabelText('Domingo: fim do intervalo 2'), { target: { value: '23:59' } });
    expect(changes.at(-1)?.sunday[1]).toEqual({ start: '18:00', end: '24:00' });

    fireEvent.click(screen.getByRole('button', { name: 'Remover intervalo 1 (Domingo)' }));
    expect(changes.at(-1)?.sunday).toEqual([{ start: '18:00', end: '24:00' }]);

    fireEvent.click(screen.getByRole('switch', { name: 'Aberto: Domingo' }));
    expect(changes.at(-1)?.sunday).toEqual([]);
    expect(changes.at(-1)?.monday).toEqual([{ start: '08:00', end: '18:00' }]);
  });

  it('the hours tab shows the account time zone, refuses an end before the start, then saves', async () => {
    mocked.get.mockResolvedValue(settings());
    mocked.put.mockImplementation(async (_path, body) => settings(body as Partial<TInboxSettings>));
    render(<HoursTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });

    expect(await screen.findByText('Fuso horário da conta: São Paulo (GMT-03:00)')).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledWith('/p/chat/settings', { acc: TEST_ACC });

    fireEvent.change(screen.getByLabelText('Segunda-feira: fim do intervalo 1'), {
      target: { value: '07:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O horário final deve ser depois do horário inicial')).toBeInTheDocument();
    expect(mocked.put).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Segunda-feira: fim do intervalo 1'), {
      target: { value: '12:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledTimes(1));
    const [path, body, extra] = mocked.put.mock.calls[0];
    expect(path).toBe('/p/chat/settings');
    expect(extra).toEqual({ query: { acc: TEST_ACC } });
    expect((body as TInboxSettings).hours.monday).toEqual([{ start: '08:00', end: '12:00' }]);
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(screen.queryByText('O horário final deve ser depois do horário inicial')).not.toBeInTheDocument();
  });

  it('an enabled out-of-hours message cannot be empty (English)', async () => {
    await i18n.changeLanguage('en');
    mocked.get.mockResolvedValue(settings());
    render(<HoursTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    fireEvent.click(await screen.findByRole('switch', { name: 'Send an out-of-hours message' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Message cannot be empty')).toBeInTheDocument();
    expect(mocked.put).not.toHaveBeenCalled();
  });
});
