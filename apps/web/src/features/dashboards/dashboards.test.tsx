import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type {
  TAccountDetails,
  TDashboardAgents,
  TDashboardMain,
  TDashboardPerformance,
  TDashboardTotals,
} from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api-client';
import { i18n } from '../../app/i18n';
import { resetSession } from '../../app/session';
import { jsonResponse } from '../../test/setup';
import { AdminTestWrapper, TEST_ACC } from '../settings/settings-testing';
import { AgentsDashboardPage } from './agents-page';
import { DashboardPage } from './dashboard-page';
import { formatDuration } from './dashboard-format';
import { LegacyDashboardPage } from './legacy-dashboard-page';
import { PerformanceDashboardPage } from './performance-page';

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const times = (median: number | null, p90: number | null, count = 2) => ({
  wall: { median, p90, count },
  business: { median: median === null ? null : median / 2, p90, count },
});
const totals = (opened: number, frt: number | null): TDashboardTotals => ({
  opened,
  closed: opened - 1,
  messagesIn: opened * 3,
  messagesOut: opened * 2,
  firstResponse: times(frt, frt === null ? null : frt * 4),
  reply: times(120, 600),
  resolution: times(7200, 14_400),
});
const period = {
  filter: 'thisMonth' as const,
  from: '2026-11-01',
  to: '2026-11-24',
  previous: { from: '2026-10-01', to: '2026-10-24' },
  dataThrough: '2026-11-24',
  timezone: 'America/Sao_Paulo',
};
const live = { open: 9, waiting: 3, attendance: 5, flow: 1, mine: 2, operatorsOnline: 4 };
const days = [
  {
    date: '2026-11-02',
    opened: 4,
    closed: 3,
    messagesIn: 10,
    messagesOut: 8,
    firstResponseMedian: 60,
    resolutionMedian: 600,
  },
];

const main: TDashboardMain = {
  period,
  live,
  mine: totals(12, 600),
  minePrevious: totals(10, 900),
  days,
  checklist: { channel: true, team: false, chatbot: false },
};

const performance: TDashboardPerformance = {
  period,
  totals: totals(40, 300),
  previous: null,
  heatmap: [{ weekday: 0, hour: 9, opened: 7, messagesIn: 20 }],
  byChannel: [
    {
      id: 'ch1',
      name: 'WhatsApp Loja',
      kind: 'whatsapp-cloud',
      opened: 40,
      closed: 39,
      firstResponse: times(300, 1200),
      resolution: times(7200, 14_400),
    },
  ],
  byDepartment: [],
  targets: { firstResponseSeconds: 900, resolutionSeconds: null },
  withinTarget: { firstResponse: 0.75, resolution: null },
  days,
};

const agentRow = (operatorId: string, name: string, closed: number) => ({
  operatorId,
  name,
  opened: closed + 1,
  closed,
  messagesOut: closed * 5,
  firstResponse: { median: 60 * closed, p90: 120 * closed, count: closed },
  reply: { median: 30, p90: 90, count: closed },
  resolution: { median: 3600, p90: 7200, count: closed },
  activeHours: 4,
  closedPerHour: closed / 4,
  online: name === 'Bia',
});
const agents: TDashboardAgents = {
  period,
  rows: [agentRow('u1', 'Ana', 3), agentRow('u2', 'Bia', 8), agentRow('u3', 'Caio', 5)],
};

function signIn(role: 'admin' | 'manager' | 'operator' = 'manager') {
  resetSession({
    token: 'token',
    status: 'ready',
    user: { _id: 'u1', name: 'Ana Souza', displayName: 'Ana' },
    account: {
      acc: { _id: TEST_ACC, id: TEST_ACC, name: 'Loja', timezone: 'America/Sao_Paulo', accIsPaying: true },
      accPlan: { planParameters: { conversations: 300, chatbots: 1 }, trialEndDate: null, isBonus: false },
      accFinancial: { isPaying: true, usage: { conversations: 30, limit: 300 } },
      plan: { id: 'pro', planParameters: { conversations: 300, chatbots: 1 } },
      userAccAccessAcl: role,
    } as unknown as TAccountDetails,
  } as never);
}

const answer = (path: string) => {
  if (path === '/p/dashboards/main') return main;
  if (path === '/p/dashboards/legacy')
    return { period, live, totals: totals(40, 300), previous: totals(50, 400), days };
  if (path === '/p/dashboards/performance') return performance;
  if (path === '/p/dashboards/agents') return agents;
  return {};
};

const renderAt = (ui: React.ReactNode, path: string) =>
  render(ui, { wrapper: ({ children }) => <AdminTestWrapper path={path}>{children}</AdminTestWrapper> });

beforeEach(() => {
  vi.clearAllMocks();
  mocked.get.mockImplementation(async (path: string) => answer(path) as never);
  signIn();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('pt-BR');
});

describe('durations', () => {
  it('reads seconds in the interface language', () => {
    expect(formatDuration(45, 'en')).toBe('45 sec');
    expect(formatDuration(600, 'pt-BR')).toBe('10 min');
    expect(formatDuration(4800, 'en')).toBe('1 hr 20 min');
    expect(formatDuration(null, 'en')).toBe('—');
  });
});

describe('main dashboard', () => {
  it("shows today's queue, the user's own figures against the previous period, D-1 and the checklist", async () => {
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByTestId('live-waiting')).toHaveTextContent('3');
    expect(screen.getByTestId('live-operatorsOnline')).toHaveTextContent('4');
    expect(screen.getByTestId('mine-closed')).toHaveTextContent('11');
    expect(screen.getByTestId('mine-closed')).toHaveTextContent('+22% vs período anterior');
    expect(screen.getByTestId('d1-notice')).toHaveTextContent('dia anterior (D-1)');
    const checklist = screen.getByTestId('checklist');
    expect(checklist).toHaveTextContent('1 de 3');
    expect(mocked.get).toHaveBeenCalledWith('/p/dashboards/main', { acc: TEST_ACC, filter: 'thisMonth' });
  });

  it('hides the checklist once every step is done', async () => {
    mocked.get.mockImplementation(
      async (path: string) =>
        (path === '/p/dashboards/main'
          ? { ...main, checklist: { channel: true, team: true, chatbot: true } }
          : answer(path)) as never,
    );
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByTestId('live-cards');
    expect(screen.queryByTestId('checklist')).toBeNull();
  });
});

describe('performance dashboard', () => {
  it('shows median and p90 times, the heatmap and targets, and asks again when the filter changes (English)', async () => {
    await i18n.changeLanguage('en');
    renderAt(<PerformanceDashboardPage />, '/dashboard/performance?filter=lastMonth');
    expect(await screen.findByTestId('firstResponse-median')).toHaveTextContent('5 min');
    expect(screen.getByTestId('firstResponse-p90')).toHaveTextContent('20 min');
    expect(screen.getByTestId('within-target')).toHaveTextContent('First responses within target: 75%');
    expect(screen.getByLabelText('Mon, 9h: 7 conversations')).toBeInTheDocument();
    expect(screen.getByText('WhatsApp Loja')).toBeInTheDocument();
    expect(mocked.get).toHaveBeenCalledWith('/p/dashboards/performance', {
      acc: TEST_ACC,
      filter: 'lastMonth',
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Attendance hours' }));
    expect(screen.getByTestId('firstResponse-median')).toHaveTextContent('3 min');
    fireEvent.click(screen.getByRole('textbox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last year' }));
    await waitFor(() =>
      expect(mocked.get).toHaveBeenCalledWith('/p/dashboards/performance', {
        acc: TEST_ACC,
        filter: 'lastYear',
      }),
    );
  }, 30_000);
});

describe('agents dashboard', () => {
  it('sorts operators by a column and links each one to their conversations', async () => {
    renderAt(<AgentsDashboardPage />, '/dashboard/agents');
    const table = await screen.findByTestId('agents-table');
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0].textContent?.trim());
    expect(names()).toEqual(['Bia Online', 'Caio', 'Ana']);
    fireEvent.click(within(table).getByRole('button', { name: /Operador/ }));
    expect(names()).toEqual(['Ana', 'Bia Online', 'Caio']);
    fireEvent.click(within(table).getByRole('button', { name: /Operador/ }));
    expect(names()).toEqual(['Caio', 'Bia Online', 'Ana']);
    expect(screen.getByRole('link', { name: 'Abrir as conversas de Ana no inbox' })).toHaveAttribute(
      'href',
      `/inbox?operator=u1&acc=${TEST_ACC}`,
    );
  });
});

describe('legacy dashboard', () => {
  it('shows the compact overview; a refused export shows the spec message', async () => {
    signIn('operator');
    const fetchMock = vi.fn(async () =>
      jsonResponse(403, {
        status: 0,
        code: 'FUNCTION_UNAVAILABLE',
        message: 'Função indisponível. Contate um administrador para mais informações.',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<LegacyDashboardPage />, '/legacy-dashboard');
    expect(await screen.findByTestId('legacy-opened')).toHaveTextContent('40');
    expect(screen.getByTestId('legacy-opened')).toHaveTextContent('-20% vs período anterior');
    fireEvent.click(screen.getByRole('button', { name: 'XLSX' }));
    expect(
      await screen.findByText('Função indisponível. Contate um administrador para mais informações.'),
    ).toBeInTheDocument();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      `/p/dashboards/export?acc=${TEST_ACC}&filter=thisMonth&table=days&format=xlsx`,
    );
  });
});
