import { render, screen, waitFor, within } from '@testing-library/react';
import type { TCampaign, TCampaignCounts } from '@atende/shared';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { mockApi } from '../../test/mock-api';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { campaignFunnel, campaignWhen } from './campaign-labels';
import { CampaignPage } from './campaign-page';
import { CampaignsPage } from './campaigns-page';

// No real socket in jsdom.
vi.mock('../../app/socket', () => ({
  joinAttendance: () => ({ on: () => undefined, disconnect: () => undefined }),
}));

const ID = '0190aaaa-0000-7000-8000-0000000000c1';

/** The demo's campaign: 30 recipients, 24 sent (3 still "sent", 9 delivered, 12 read), 3 failed, 3 skipped. */
const counts: TCampaignCounts = {
  total: 30,
  queued: 0,
  sending: 0,
  sent: 3,
  delivered: 9,
  read: 12,
  failed: 3,
  skipped: 3,
  unknown: 0,
  replied: 4,
};

function campaign(over: Partial<TCampaign> = {}): TCampaign {
  return {
    _id: ID,
    acc: TEST_ACC,
    type: 'whatsapp',
    name: 'Black Friday 2026',
    description: 'Oferta de 30% para clientes da base',
    channelId: null,
    templateId: null,
    templateName: 'black_friday_2026',
    text: null,
    mapping: [],
    status: 'finished',
    pauseReason: null,
    scheduledAt: null,
    sendWindow: null,
    consentAccepted: true,
    csvName: null,
    csvColumns: [],
    counts,
    startedAt: '2026-12-01T17:30:00.000Z',
    finishedAt: '2026-12-01T17:31:00.000Z',
    createdAt: '2026-12-01T17:00:00.000Z',
    ...over,
  };
}

const failures = [
  { status: 'failed', reason: 'NUMBER_NOT_EXISTS', count: 3 },
  { status: 'skipped', reason: 'OPTED_OUT', count: 2 },
  { status: 'skipped', reason: 'BLOCKED', count: 1 },
];

function serve(items: TCampaign[]) {
  return mockApi((call) => {
    if (call.path === '/p/campaigns') return { body: { items, count: items.length } };
    if (call.path === `/p/campaigns/${ID}`) return { body: items[0] };
    if (call.path === `/p/campaigns/${ID}/failures`) return { body: failures };
    if (call.path === `/p/campaigns/${ID}/recipients`) return { body: { items: [], count: 0 } };
    return undefined;
  });
}

function show(path: string) {
  render(
    <Routes>
      <Route path="/apps/campaigns" element={<CampaignsPage />} />
      <Route path="/apps/campaigns/:campaign_id" element={<CampaignPage />} />
    </Routes>,
    { wrapper: ({ children }) => <AdminTestWrapper path={path}>{children}</AdminTestWrapper> },
  );
}

beforeEach(() => signInTestAdmin());
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

describe('campaign counts: the list and the detail page agree', () => {
  it('"Enviadas" is sent + delivered + read (failures apart) on the list and on the detail page', async () => {
    serve([campaign()]);
    show(`/apps/campaigns?acc=${TEST_ACC}`);
    const row = await screen.findByTestId('campaign-row');
    expect(within(row).getByTestId('campaign-sent')).toHaveTextContent('24');
    expect(within(row).getByTestId('campaign-delivered')).toHaveTextContent('21');
    expect(within(row).getByTestId('campaign-failed')).toHaveTextContent('3');
    expect(within(row).getByTestId('campaign-actions')).toBeInTheDocument();
  });

  it('the detail page shows the same sent count, the skipped apart, and no "queued" for a finished campaign', async () => {
    serve([campaign()]);
    show(`/apps/campaigns/${ID}?acc=${TEST_ACC}`);
    expect(await screen.findByTestId('progress-sent')).toHaveTextContent('24');
    expect(screen.getByTestId('progress-queued')).toHaveTextContent('0');
    expect(screen.getByTestId('progress-failed')).toHaveTextContent('3');
    expect(screen.getByTestId('progress-skipped')).toHaveTextContent('3');
    expect(screen.getByTestId('progress-delivered')).toHaveTextContent('21');
    expect(screen.getByText(/Iniciada em .*2026.* · Finalizada em/)).toBeInTheDocument();
  });

  it('the funnel starts with the recipients the campaign had, then sent, delivered, read, replied', async () => {
    const pt = campaignFunnel(i18n.t, counts);
    expect(pt).toEqual([
      { step: 'Destinatários', value: 30 },
      { step: 'Enviadas', value: 24 },
      { step: 'Entregues', value: 21 },
      { step: 'Lidas', value: 12 },
      { step: 'Respostas', value: 4 },
    ]);
    await i18n.changeLanguage('en');
    expect(campaignFunnel(i18n.t, counts).map((s) => s.step)).toEqual([
      'Recipients',
      'Sent',
      'Delivered',
      'Read',
      'Replies',
    ]);
  });

  it('shows send failures apart from skipped recipients, each group adding up to its count', async () => {
    serve([campaign()]);
    show(`/apps/campaigns/${ID}?acc=${TEST_ACC}`);
    const block = await screen.findByTestId('campaign-failures');
    expect(within(block).getByText('Falhas e ignoradas, por motivo')).toBeInTheDocument();
    const failed = await within(block).findByTestId('campaign-reasons-failed');
    expect(within(failed).getByText('Falhas no envio')).toBeInTheDocument();
    expect(within(failed).getByText('Número inexistente ou sem WhatsApp')).toBeInTheDocument();
    expect(within(failed).queryByText('Contato pediu para sair')).not.toBeInTheDocument();
    expect(within(failed).getByTestId('campaign-reasons-failed-total')).toHaveTextContent('3');
    const skipped = within(block).getByTestId('campaign-reasons-skipped');
    expect(within(skipped).getByText('Contato pediu para sair')).toBeInTheDocument();
    expect(within(skipped).getByText('Contato bloqueado')).toBeInTheDocument();
    expect(within(skipped).getByTestId('campaign-reasons-skipped-total')).toHaveTextContent('3');
    // The same numbers as the progress card.
    expect(screen.getByTestId('progress-failed')).toHaveTextContent('3');
    expect(screen.getByTestId('progress-skipped')).toHaveTextContent('3');
  });
});

describe("the list's date line", () => {
  it('a sent campaign says when it was sent, never "Agendada para"/"Agora" (pt-BR)', async () => {
    serve([campaign()]);
    show(`/apps/campaigns?acc=${TEST_ACC}`);
    const when = await screen.findByTestId('campaign-when');
    expect(when).toHaveTextContent(/^Enviada em.*2026/);
    expect(when).not.toHaveTextContent('Agendada');
    expect(when).not.toHaveTextContent('Agora');
  });

  it('a sent campaign says "Sent on" in en', async () => {
    await i18n.changeLanguage('en');
    serve([campaign()]);
    show(`/apps/campaigns?acc=${TEST_ACC}`);
    await waitFor(() => expect(screen.getByTestId('campaign-when')).toHaveTextContent(/^Sent on.*2026/));
  });

  it('"Agendada para" only for a scheduled campaign not yet started; running ones say when they started', () => {
    const t = i18n.t;
    const at = '2026-12-24T12:00:00.000Z';
    expect(
      campaignWhen(t, { status: 'waiting', scheduledAt: at, startedAt: null, finishedAt: null }, 'pt-BR')
        ?.label,
    ).toBe('Agendada para');
    expect(
      campaignWhen(t, { status: 'executing', scheduledAt: at, startedAt: at, finishedAt: null }, 'pt-BR')
        ?.label,
    ).toBe('Iniciada em');
    expect(
      campaignWhen(t, { status: 'finished', scheduledAt: at, startedAt: at, finishedAt: at }, 'pt-BR')?.label,
    ).toBe('Enviada em');
    expect(
      campaignWhen(t, { status: 'draft', scheduledAt: null, startedAt: null, finishedAt: null }, 'pt-BR'),
    ).toBe(null);
    expect(
      campaignWhen(t, { status: 'canceled', scheduledAt: at, startedAt: null, finishedAt: null }, 'pt-BR'),
    ).toBe(null);
  });
});
