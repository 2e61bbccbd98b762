import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SURVEY_SETTINGS, type TFeedbackReport, type TVerbatim } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api-client';
import { i18n } from '../../app/i18n';
import { jsonResponse } from '../../test/setup';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { FeedbackPage } from './feedback-page';
import { scoreText } from './feedback-summary';
import { SendSurveyButton } from './send-survey-button';
import { SurveySettingsTab } from './survey-settings-tab';
import type { TConversation } from '@atende/shared';

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const zeros = (scores: number[]) => scores.map((score) => ({ score, count: 0 }));
const report: TFeedbackReport = {
  sent: 5,
  answered: 4,
  notSent: 1,
  responseRate: 80,
  csat: {
    answers: 4,
    satisfied: 3,
    score: 75,
    distribution: [
      { score: 1, count: 0 },
      { score: 2, count: 1 },
      { score: 3, count: 0 },
      { score: 4, count: 1 },
      { score: 5, count: 2 },
    ],
  },
  nps: {
    answers: 4,
    promoters: 2,
    passives: 1,
    detractors: 1,
    score: 25,
    distribution: zeros([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
  },
  trendUnit: 'month',
  trend: [
    { period: '2025-12', answers: 1, csat: 100, nps: 100 },
    { period: '2026-01', answers: 3, csat: 66.7, nps: 0 },
  ],
  byOperator: [{ key: 'u1', name: 'Ana Souza', sent: 2, answered: 2, csat: 100, nps: 100 }],
  byDepartment: [],
  byChannel: [{ key: 'webchat', name: 'webchat', sent: 5, answered: 4, csat: 75, nps: 25 }],
  byTag: [],
};
const verbatim: TVerbatim = {
  _id: 'v1',
  conversationId: '0190aaaa-0000-7000-8000-0000000000c9',
  contact: { _id: 'c1', name: 'Rita Souza' },
  operator: { _id: 'u1', name: 'Ana Souza' },
  channelKind: 'webchat',
  csat: 2,
  nps: 3,
  comment: 'Demorou muito',
  answeredAt: '2026-01-01T05:00:00.000Z',
};
const empty: TFeedbackReport = {
  ...report,
  sent: 0,
  answered: 0,
  notSent: 0,
  responseRate: null,
  csat: { answers: 0, satisfied: 0, score: null, distribution: zeros([1, 2, 3, 4, 5]) },
  nps: { answers: 0, promoters: 0, passives: 0, detractors: 0, score: null, distribution: zeros([0, 1]) },
  trend: [],
  byOperator: [],
  byChannel: [],
};

function answer(reportData: TFeedbackReport, verbatims: TVerbatim[]) {
  mocked.get.mockImplementation(async (path: string) => {
    if (path === '/p/surveys/report') return reportData;
    if (path === '/p/surveys/verbatims') return { items: verbatims, count: verbatims.length };
    if (path === '/p/surveys/settings') return DEFAULT_SURVEY_SETTINGS;
    throw new Error(`unexpected ${path}`);
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  signInTestAdmin();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('pt-BR');
});

const renderPage = (path = '/apps/feedback') =>
  render(<FeedbackPage />, {
    wrapper: ({ children }) => <AdminTestWrapper path={path}>{children}</AdminTestWrapper>,
  });

describe('scores as shown', () => {
  it('NPS signed, percentages with %, a dash without answers', () => {
    expect(scoreText(25, 'pt-BR', 'nps')).toBe('+25');
    expect(scoreText(-40, 'en', 'nps')).toBe('-40');
    expect(scoreText(0, 'en', 'nps')).toBe('0');
    expect(scoreText(66.7, 'pt-BR', 'percent')).toBe('66,7%');
    expect(scoreText(null, 'en', 'percent')).toBe('—');
  });
});

describe('feedback page', () => {
  it('shows NPS, CSAT, response rate, charts, groups and comments linking to the conversation', async () => {
    answer(report, [verbatim]);
    renderPage('/apps/feedback?dateFilter=thisYear');
    expect(await screen.findByTestId('feedback-nps-value', {}, { timeout: 5000 })).toHaveTextContent('+25');
    expect(screen.getByTestId('feedback-csat-value')).toHaveTextContent('75%');
    expect(screen.getByTestId('feedback-rate-value')).toHaveTextContent('80%');
    expect(screen.getByTestId('feedback-nps')).toHaveTextContent('2 promotores · 1 neutros · 1 detratores');
    expect(mocked.get).toHaveBeenCalledWith('/p/surveys/report', { acc: TEST_ACC, dateFilter: 'thisYear' });
    expect(within(screen.getByTestId('feedback-groups')).getByText('Ana Souza')).toBeInTheDocument();
    // Both metrics answered: both distributions.
    expect(screen.getByTestId('feedback-csat-chart')).toBeInTheDocument();
    expect(screen.getByTestId('feedback-nps-chart')).toBeInTheDocument();
    const comment = await screen.findByTestId('verbatim', {}, { timeout: 5000 });
    expect(comment).toHaveTextContent('Demorou muito');
    expect(comment).toHaveTextContent('CSAT 2');
    expect(comment).toHaveTextContent('NPS 3');
    expect(within(comment).getByRole('link', { name: 'Abrir a conversa' })).toHaveAttribute(
      'href',
      `/apps/inbox?c=${verbatim.conversationId}&acc=${TEST_ACC}`,
    );
  });

  it('a CSAT-only account gets no empty NPS chart', async () => {
    answer({ ...report, nps: { ...empty.nps, distribution: zeros([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) } }, []);
    renderPage();
    await screen.findByTestId('feedback-csat-chart', {}, { timeout: 5000 });
    expect(screen.queryByTestId('feedback-nps-chart')).toBeNull();
  });

  it('without surveys: dashes and the hint to turn them on (English)', async () => {
    await i18n.changeLanguage('en');
    answer(empty, []);
    renderPage();
    expect(await screen.findByTestId('feedback-nps-value', {}, { timeout: 5000 })).toHaveTextContent('—');
    expect(screen.getByTestId('feedback-empty')).toHaveTextContent('Turn surveys on in Settings → Surveys');
    expect(await screen.findByText('No comment in this period', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('searching the comments asks the server', async () => {
    answer(report, [verbatim]);
    renderPage();
    await screen.findByTestId('verbatim', {}, { timeout: 5000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar nos comentários' }), {
      target: { value: 'demorou' },
    });
    await waitFor(() =>
      expect(mocked.get).toHaveBeenCalledWith('/p/surveys/verbatims', {
        acc: TEST_ACC,
        dateFilter: 'all',
        search: 'demorou',
        page: 1,
        limit: 20,
      }),
    );
  });

  it('a refused export shows the spec message', async () => {
    answer(report, []);
    const fetchMock = vi.fn(async () =>
      jsonResponse(403, {
        status: 0,
        code: 'FUNCTION_UNAVAILABLE',
        message: 'Função indisponível. Contate um administrador para mais informações.',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    expect(
      await screen.findByText('Função indisponível. Contate um administrador para mais informações.'),
    ).toBeInTheDocument();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      `/p/surveys/export?acc=${TEST_ACC}&dateFilter=all&format=csv`,
    );
  });
});

describe('survey settings', () => {
  it('saves the choices; an out-of-range expiry is refused before sending', async () => {
    answer(report, []);
    mocked.put.mockImplementation(async (_path: string, body: unknown) => body as never);
    render(<SurveySettingsTab acc={TEST_ACC} />, {
      wrapper: ({ children }) => <AdminTestWrapper path="/settings?tab=surveys">{children}</AdminTestWrapper>,
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Enviar pesquisas de satisfação' }));
    fireEvent.click(screen.getByText('As duas'));
    const expiry = screen.getByRole('textbox', { name: /A pesquisa expira depois de/ });
    fireEvent.change(expiry, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(mocked.put).not.toHaveBeenCalled();
    fireEvent.change(expiry, { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledTimes(1));
    expect(mocked.put.mock.calls[0][0]).toBe('/p/surveys/settings');
    expect(mocked.put.mock.calls[0][1]).toMatchObject({ enabled: true, type: 'both', expiryHours: 48 });
  });
});

describe('sending the survey from the conversation', () => {
  const conversation = {
    _id: '0190aaaa-0000-7000-8000-0000000000c7',
    channelId: 'ch1',
    stage: 'attendance',
  } as unknown as TConversation;

  it('asks the server and says it was sent', async () => {
    mocked.post.mockResolvedValueOnce({ status: 'sent' } as never);
    render(<SendSurveyButton conversation={conversation} />, {
      wrapper: ({ children }) => <AdminTestWrapper path="/apps/inbox">{children}</AdminTestWrapper>,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar pesquisa de satisfação' }));
    expect(await screen.findByText('Pesquisa enviada ao cliente')).toBeInTheDocument();
    expect(mocked.post).toHaveBeenCalledWith(`/p/surveys/conversation/${conversation._id}/send`, undefined, {
      query: { acc: TEST_ACC },
    });
  });

  it('is not offered in a bot flow', () => {
    render(<SendSurveyButton conversation={{ ...conversation, stage: 'flow' }} />, {
      wrapper: ({ children }) => <AdminTestWrapper path="/apps/inbox">{children}</AdminTestWrapper>,
    });
    expect(screen.queryByTestId('send-survey')).toBeNull();
  });
});
