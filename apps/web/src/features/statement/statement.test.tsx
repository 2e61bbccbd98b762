import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TStatement } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api-client';
import { i18n } from '../../app/i18n';
import { jsonResponse } from '../../test/setup';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { chartPoints, presetOf, presetPeriod } from './period';
import { StatementPage } from './statement-page';

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const statement: TStatement = {
  count: 2,
  items: [
    {
      _id: '0190aaaa-0000-7000-8000-0000000000c1',
      date: '2025-03-02',
      createdAt: '2025-03-02T13:00:00.000Z',
      contact: { _id: 'c1', name: 'Diego Ramos', phone: '+5511988887777' },
      channel: { _id: 'ch1', kind: 'webchat', name: 'Chat do site' },
      operator: { _id: 'u1', name: 'Ana Souza' },
      stage: 'closed',
      counted: true,
    },
    {
      _id: '0190aaaa-0000-7000-8000-0000000000c2',
      date: '2025-03-04',
      createdAt: '2025-03-04T15:00:00.000Z',
      contact: { _id: 'c2', name: 'Bruna Lima', phone: null },
      channel: null,
      operator: null,
      stage: 'waiting',
      counted: false,
    },
  ],
  totals: {
    counted: 12,
    notCounted: 3,
    days: [
      { date: '2025-03-02', counted: 10, notCounted: 0 },
      { date: '2025-03-04', counted: 2, notCounted: 3 },
    ],
  },
};

beforeEach(() => {
  vi.clearAllMocks();
  signInTestAdmin();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('pt-BR');
});

describe('statement period and chart data', () => {
  it('presets: this month by default, last month, last 7 days; other dates are custom', () => {
    expect(presetPeriod('thisMonth', '2025-03-15')).toEqual({ from: '2025-03-01', to: '2025-03-15' });
    expect(presetPeriod('lastMonth', '2025-03-15')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(presetPeriod('lastMonth', '2025-01-10')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetPeriod('last7', '2025-03-03')).toEqual({ from: '2025-02-25', to: '2025-03-03' });
    expect(presetOf({ from: '2025-02-01', to: '2025-02-28' }, '2025-03-15')).toBe('lastMonth');
    expect(presetOf({ from: '2025-02-02', to: '2025-02-28' }, '2025-03-15')).toBe('custom');
  });

  it('every day of the period is a bar (days without conversations are zero); long periods are per month', () => {
    const points = chartPoints({ from: '2025-03-01', to: '2025-03-05' }, statement.totals.days, 'pt-BR');
    expect(points.map((p) => [p.label, p.counted, p.notCounted])).toEqual([
      ['01/03', 0, 0],
      ['02/03', 10, 0],
      ['03/03', 0, 0],
      ['04/03', 2, 3],
      ['05/03', 0, 0],
    ]);
    expect(chartPoints({ from: '2025-03-01', to: '2025-03-02' }, [], 'en').map((p) => p.label)).toEqual([
      '03/01',
      '03/02',
    ]);
    const months = chartPoints({ from: '2025-01-01', to: '2025-03-31' }, statement.totals.days, 'pt-BR');
    expect(months.map((p) => [p.key, p.counted, p.notCounted])).toEqual([
      ['2025-01', 0, 0],
      ['2025-02', 0, 0],
      ['2025-03', 12, 3],
    ]);
  });
});

describe('statement page', () => {
  const renderPage = (path = '/acc/statement?from=2025-03-01&to=2025-03-31') =>
    render(<StatementPage />, {
      wrapper: ({ children }) => <AdminTestWrapper path={path}>{children}</AdminTestWrapper>,
    });

  it('shows the totals against the plan limit, a bar per day and the conversations', async () => {
    mocked.get.mockResolvedValue(statement);
    renderPage();
    expect(await screen.findByTestId('total-counted')).toHaveTextContent('12');
    expect(screen.getByTestId('total-not-counted')).toHaveTextContent('3');
    expect(screen.getByTestId('total-all')).toHaveTextContent('15');
    expect(screen.getByTestId('plan-limit')).toHaveTextContent(
      'Plano: 12 de 300 conversas de 1 de mar. de 2025 a 31 de mar. de 2025',
    );
    expect(mocked.get).toHaveBeenCalledWith('/p/chat/statement', {
      acc: TEST_ACC,
      from: '2025-03-01',
      to: '2025-03-31',
      page: 1,
      limit: 50,
    });

    const chartRows = within(screen.getByTestId('statement-chart-table')).getAllByRole('row');
    expect(chartRows).toHaveLength(32); // header + 31 days
    expect(chartRows[4]).toHaveTextContent('04/0323');

    const rows = screen.getAllByTestId('statement-row');
    expect(rows[0]).toHaveTextContent('Diego Ramos');
    expect(rows[0]).toHaveTextContent('+55 (11) 98888-7777');
    expect(rows[0]).toHaveTextContent('Chat do site');
    expect(rows[0]).toHaveTextContent('Sim');
    expect(rows[1]).toHaveTextContent('Sem operador');
    expect(rows[1]).toHaveTextContent('Não');
  });

  it("a period over several months still shows the plan period's usage (English)", async () => {
    await i18n.changeLanguage('en');
    mocked.get.mockResolvedValue({ ...statement, items: [] });
    renderPage('/acc/statement?from=2025-01-01&to=2025-03-31');
    expect(await screen.findByTestId('plan-limit')).toHaveTextContent(
      'Plan: 12 of 300 conversations from Mar 1, 2025 to Mar 31, 2025',
    );
    expect(screen.getByTestId('statement-empty')).toHaveTextContent('No conversations in this period.');
    expect(screen.getByText('Conversations per month', { selector: 'h2' })).toBeInTheDocument();
  });

  it('a refused export shows the server message in a toast', async () => {
    mocked.get.mockResolvedValue(statement);
    const fetchMock = vi.fn(async () =>
      jsonResponse(403, {
        status: 0,
        code: 'FUNCTION_UNAVAILABLE',
        message: 'Função indisponível. Contate um administrador para mais informações.',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar XLSX' }));
    expect(
      await screen.findByText('Função indisponível. Contate um administrador para mais informações.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      `/p/chat/statement/export?acc=${TEST_ACC}&from=2025-03-01&to=2025-03-31&format=xlsx`,
    );
  });
});
