import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type {
  TAppCatalogueItem,
  TAppInstall,
  TAppRun,
  TWebhookDelivery,
  TWebhookEndpoint,
} from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../app/api-client';
import { i18n } from '../../app/i18n';
import { theme } from '../../app/theme';
import { expectSameWhileClosing, withMotion, GONE_WITHIN } from '../../test/closing-dialog';
import { MemoryRouter } from 'react-router';
import { Wrapper } from '../../test/setup';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { AppHistoryPage } from './app-history-page';
import { AppStorePage } from './app-store-page';
import { SuperlogicaPage } from './superlogica-page';
import { SuperlogicaInvoicesSection } from './superlogica-invoices-section';
import { WebhooksPanel } from './webhooks/webhooks-panel';

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const CATALOGUE: TAppCatalogueItem[] = [
  {
    key: 'webhooks',
    icon: 'webhook',
    category: 'integrations',
    scope: 'account',
    multiple: false,
    fields: [],
    events: [],
    ui: [],
    testable: false,
    installs: 1,
  },
  {
    key: 'superlogica',
    icon: 'building-bank',
    category: 'management',
    scope: 'account',
    multiple: false,
    fields: [
      { key: 'apiBase', kind: 'url', required: true, default: 'https://api.superlogica.net/v2/financeiro' },
      { key: 'appToken', kind: 'secret', required: true },
      { key: 'accessToken', kind: 'secret', required: true },
    ],
    events: [],
    ui: [],
    testable: true,
    installs: 0,
  },
];
const WEBHOOKS: TAppInstall = {
  _id: '0190aaaa-0000-7000-8000-000000000001',
  app: 'webhooks',
  name: '',
  status: 'active',
  settings: {},
  secretsSet: [],
  disabledReason: null,
  consecutiveErrors: 0,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};
const ENDPOINT: TWebhookEndpoint = {
  _id: '0190aaaa-0000-7000-8000-000000000002',
  url: 'https://crm.example.com/hooks',
  description: 'CRM',
  events: ['message.created'],
  enabled: true,
  secretHint: '••••',
  createdAt: '2026-11-20T12:00:00.000Z',
};
const DELIVERY: TWebhookDelivery = {
  _id: '0190aaaa-0000-7000-8000-000000000003',
  endpointId: ENDPOINT._id,
  eventId: '0190aaaa-0000-7000-8000-000000000004',
  event: 'message.created',
  status: 'failed',
  attempts: 3,
  responseStatus: 500,
  latencyMs: 42,
  responseExcerpt: 'boom',
  error: 'HTTP 500',
  nextAttemptAt: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  deliveredAt: null,
  payload: { event: 'message.created' },
};

const reads = (path: string) => mocked.get.mock.calls.filter(([p]) => p === path).length;
const routes = (map: Record<string, unknown>) =>
  mocked.get.mockImplementation(async (path: string) => {
    if (path in map) return map[path] as never;
    throw new Error(`unexpected GET ${path}`);
  });

beforeEach(() => {
  vi.clearAllMocks();
  signInTestAdmin();
});
afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

describe('app store page', () => {
  it('shows the catalogue, the installed state, and installs an app from its settings form', async () => {
    routes({
      '/p/apps/catalogue': CATALOGUE,
      '/p/apps/installs': [WEBHOOKS],
      '/p/apps/webhooks/endpoints': [],
    });
    mocked.post.mockResolvedValue({ ...WEBHOOKS, app: 'superlogica' } as never);
    render(<AppStorePage />, { wrapper: AdminTestWrapper });
    const webhooks = await screen.findByTestId('app-card-webhooks');
    expect(within(webhooks).getByText('Instalado')).toBeInTheDocument();
    expect(await screen.findByTestId('endpoints-empty')).toHaveTextContent('Nenhum endpoint ainda');
    const card = screen.getByTestId('app-card-superlogica');
    fireEvent.click(within(card).getByRole('button', { name: 'Instalar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Instalar Superlógica' });
    expect(within(dialog).getByLabelText(/URL base da API/)).toHaveValue(
      'https://api.superlogica.net/v2/financeiro',
    );
    fireEvent.change(within(dialog).getByLabelText(/App token/), { target: { value: 'app-1' } });
    fireEvent.change(within(dialog).getByLabelText(/Access token/), { target: { value: 'acc-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Instalar' }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(
        '/p/apps/installs',
        {
          app: 'superlogica',
          settings: {
            apiBase: 'https://api.superlogica.net/v2/financeiro',
            appToken: 'app-1',
            accessToken: 'acc-1',
          },
        },
        { query: { acc: TEST_ACC } },
      ),
    );
  });

  it('opens an endpoint’s delivery log and replays a delivery', async () => {
    routes({
      '/p/apps/catalogue': CATALOGUE,
      '/p/apps/installs': [WEBHOOKS],
      '/p/apps/webhooks/endpoints': [ENDPOINT],
      [`/p/apps/webhooks/endpoints/${ENDPOINT._id}/deliveries`]: { items: [DELIVERY], count: 1 },
    });
    // The replay's answer: the delivery queued again, without the previous attempt's answer.
    const queued = {
      ...DELIVERY,
      status: 'pending',
      responseStatus: null,
      latencyMs: null,
      responseExcerpt: '',
      error: '',
    } satisfies TWebhookDelivery;
    mocked.post.mockResolvedValue(queued as never);
    render(<AppStorePage />, { wrapper: AdminTestWrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Entregas' }));
    const row = await screen.findByTestId('delivery-row');
    expect(screen.getByTestId('deliveries-kept')).toHaveTextContent(
      'As entregas ficam no registro por 30 dias.',
    );
    expect(within(row).getByText('Mensagem criada')).toBeInTheDocument();
    expect(within(row).getByText('Falhou')).toBeInTheDocument();
    expect(within(row).getByText('3 tentativas')).toBeInTheDocument();
    expect(within(row).getByText('500')).toBeInTheDocument();
    // The log's refetch after the replay answers only later, with the new attempt's result.
    let answer: (page: unknown) => void = () => undefined;
    const refetched = new Promise((resolve) => {
      answer = resolve;
    });
    const deliveriesPath = `/p/apps/webhooks/endpoints/${ENDPOINT._id}/deliveries`;
    const loaded = mocked.get.getMockImplementation();
    mocked.get.mockImplementation(async (path: string, ...rest: unknown[]) =>
      path === deliveriesPath ? (refetched as never) : (loaded?.(path, ...(rest as [])) as never),
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(
        `/p/apps/webhooks/deliveries/${DELIVERY._id}/replay`,
        {},
        { query: { acc: TEST_ACC } },
      ),
    );
    // At once: pending, with no status code or latency of the attempt before.
    expect(await within(row).findByText('Pendente')).toBeInTheDocument();
    expect(within(row).queryByText('500')).toBeNull();
    expect(within(row).queryByText('42 ms')).toBeNull();
    const delivered = { ...queued, status: 'success', attempts: 4, responseStatus: 200, latencyMs: 35 };
    answer({ items: [delivered], count: 1 });
    expect(await within(row).findByText('Entregue')).toBeInTheDocument();
    expect(within(row).getByText('4 tentativas')).toBeInTheDocument();
    expect(within(row).getByText('200')).toBeInTheDocument();
    expect(within(row).getByText('35 ms')).toBeInTheDocument();
  });
  it('asks before rotating an endpoint’s secret: cancel keeps it, confirm shows the new one', async () => {
    routes({
      '/p/apps/catalogue': CATALOGUE,
      '/p/apps/installs': [WEBHOOKS],
      '/p/apps/webhooks/endpoints': [ENDPOINT],
    });
    mocked.post.mockResolvedValue({ ...ENDPOINT, secret: 'whsec_new' } as never);
    render(<AppStorePage />, { wrapper: AdminTestWrapper });
    const row = await screen.findByTestId('endpoint-row');
    const ask = async () => {
      fireEvent.click(within(row).getByRole('button', { name: 'Mais ações' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Trocar segredo' }));
      return screen.findByRole('dialog', { name: 'Trocar o segredo de assinatura' });
    };
    let dialog = await ask();
    expect(dialog).toHaveTextContent(
      'Trocar o segredo de https://crm.example.com/hooks? Um novo segredo passa a assinar as entregas agora e é mostrado uma única vez. O segredo atual continua valendo por mais 24 horas; depois disso, todo sistema que ainda confere as assinaturas com ele passa a recusar as entregas.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mocked.post).not.toHaveBeenCalled();

    dialog = await ask();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Trocar segredo' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_new');
    expect(mocked.post).toHaveBeenCalledTimes(1);
    expect(mocked.post).toHaveBeenCalledWith(
      `/p/apps/webhooks/endpoints/${ENDPOINT._id}/rotate-secret`,
      {},
      { query: { acc: TEST_ACC } },
    );
  });
  it('keeps the endpoint’s URL in the rotate and remove dialogs while they fade out', async () => {
    // With motion (and not Mantine's test mode), a closing dialog stays on screen for its transition.
    Object.assign(theme, { respectReducedMotion: false });
    try {
      routes({ '/p/apps/webhooks/endpoints': [ENDPOINT] });
      for (const [action, title] of [
        ['Trocar segredo', 'Trocar o segredo de assinatura'],
        ['Remover', 'Remover endpoint'],
      ]) {
        const { unmount } = render(<WebhooksPanel />, { wrapper: Wrapper });
        const row = await screen.findByTestId('endpoint-row');
        fireEvent.click(within(row).getByRole('button', { name: 'Mais ações' }));
        fireEvent.click(await screen.findByRole('menuitem', { name: action }));
        const dialog = await screen.findByRole('dialog', { name: title });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
        expect(dialog).toBeInTheDocument();
        expect(dialog).toHaveTextContent('https://crm.example.com/hooks?');
        await waitFor(() => expect(dialog).not.toBeInTheDocument(), GONE_WITHIN);
        unmount();
      }
      expect(mocked.post).not.toHaveBeenCalled();
      expect(mocked.delete).not.toHaveBeenCalled();
    } finally {
      Object.assign(theme, { respectReducedMotion: true });
    }
  });
});

describe('webhook dialogs fading out', () => {
  const menu = async (action: string) => {
    const row = await screen.findByTestId('endpoint-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Mais ações' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: action }));
  };

  it('keeps the new secret in its dialog while it fades out', async () => {
    await withMotion(async () => {
      routes({ '/p/apps/webhooks/endpoints': [ENDPOINT] });
      mocked.post.mockResolvedValue({ ...ENDPOINT, secret: 'whsec_new' } as never);
      render(<WebhooksPanel />, { wrapper: Wrapper });
      await menu('Trocar segredo');
      const confirm = await screen.findByRole('dialog', { name: 'Trocar o segredo de assinatura' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Trocar segredo' }));
      const dialog = await screen.findByRole('dialog', { name: 'Segredo de assinatura' });
      expect(within(dialog).getByTestId('webhook-secret')).toHaveTextContent('whsec_new');
      await waitFor(() => expect(confirm).not.toBeInTheDocument());
      await expectSameWhileClosing(dialog, () =>
        fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!),
      );
    });
  });

  it('keeps the delivery log in its drawer while it slides out', async () => {
    await withMotion(async () => {
      routes({
        '/p/apps/webhooks/endpoints': [ENDPOINT],
        [`/p/apps/webhooks/endpoints/${ENDPOINT._id}/deliveries`]: { items: [DELIVERY], count: 1 },
      });
      render(<WebhooksPanel />, { wrapper: Wrapper });
      fireEvent.click(await screen.findByRole('button', { name: 'Entregas' }));
      const drawer = await screen.findByRole('dialog', { name: 'Registro de entregas' });
      expect(await within(drawer).findByTestId('delivery-row')).toHaveTextContent('Mensagem criada');
      expect(drawer).toHaveTextContent('https://crm.example.com/hooks');
      await expectSameWhileClosing(drawer, () =>
        fireEvent.click(within(drawer).getByRole('button', { name: 'Fechar' })),
      );
    });
  });

  it('keeps the edit title of the endpoint form while it fades out, after a cancel and after the save', async () => {
    await withMotion(async () => {
      routes({ '/p/apps/webhooks/endpoints': [ENDPOINT] });
      mocked.put.mockResolvedValue(ENDPOINT as never);
      for (const button of ['Cancelar', 'Salvar']) {
        const { unmount } = render(<WebhooksPanel />, { wrapper: Wrapper });
        await menu('Editar');
        const dialog = await screen.findByRole('dialog', { name: 'Editar endpoint de webhook' });
        await expectSameWhileClosing(dialog, async () => {
          fireEvent.click(within(dialog).getByRole('button', { name: button }));
          // Saved: the dialog closes and the list is read again (a third time, with the first panel's).
          if (button === 'Salvar') await waitFor(() => expect(reads('/p/apps/webhooks/endpoints')).toBe(3));
        });
        unmount();
      }
      expect(mocked.put).toHaveBeenCalledTimes(1);
    });
  });
});

describe('webhook endpoint form', () => {
  it('shows a refused private address under the URL field', async () => {
    routes({
      '/p/apps/catalogue': CATALOGUE,
      '/p/apps/installs': [WEBHOOKS],
      '/p/apps/webhooks/endpoints': [],
    });
    mocked.post.mockRejectedValue(
      new ApiError(
        400,
        'URL_NOT_ALLOWED',
        'Este endereço não é permitido: use um endereço http:// ou https:// público',
      ),
    );
    render(<AppStorePage />, { wrapper: AdminTestWrapper });
    await screen.findByTestId('endpoints-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo endpoint de webhook' });
    const url = within(dialog).getByLabelText(/^URL/);
    fireEvent.change(url, { target: { value: 'http://127.0.0.1:8080/hooks' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mensagem criada' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar endpoint' }));
    expect(
      await within(dialog).findByText(
        'Este endereço não é permitido: use um endereço http:// ou https:// público',
      ),
    ).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('OpenAI-compatible AI and Dashboard apps', () => {
  const AI: TAppCatalogueItem = {
    key: 'openai-compatible',
    icon: 'sparkles',
    category: 'ai',
    scope: 'account',
    multiple: false,
    fields: [
      { key: 'baseUrl', kind: 'url', required: true, default: 'https://api.openai.com/v1' },
      { key: 'apiKey', kind: 'secret', required: true },
      { key: 'model', kind: 'text', required: true, default: 'gpt-4o-mini' },
    ],
    events: [],
    ui: ['ai-provider'],
    testable: true,
    installs: 1,
  };
  const DASHBOARD: TAppCatalogueItem = {
    key: 'dashboard',
    icon: 'layout-dashboard',
    category: 'integrations',
    scope: 'account',
    multiple: false,
    fields: [
      { key: 'title', kind: 'text', required: false },
      { key: 'url', kind: 'url', required: true },
    ],
    events: [],
    ui: ['conversation-panel'],
    testable: false,
    installs: 0,
  };
  const AI_INSTALL: TAppInstall = {
    ...WEBHOOKS,
    _id: '0190aaaa-0000-7000-8000-000000000010',
    app: 'openai-compatible',
    settings: { baseUrl: 'https://llm.example.com/v1', model: 'llama-3' },
    secretsSet: ['apiKey'],
  };

  it('configures the AI provider with the key write-only: blank keeps the stored one', async () => {
    routes({ '/p/apps/catalogue': [AI, DASHBOARD], '/p/apps/installs': [AI_INSTALL] });
    mocked.put.mockResolvedValue(AI_INSTALL as never);
    render(<AppStorePage />, { wrapper: AdminTestWrapper });
    const card = await screen.findByTestId('app-card-openai-compatible');
    expect(within(card).getByText('IA compatível com OpenAI')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: /Configurar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurações de IA compatível com OpenAI' });
    expect(within(dialog).getByLabelText(/URL base da API/)).toHaveValue('https://llm.example.com/v1');
    expect(within(dialog).getByLabelText(/Modelo/)).toHaveValue('llama-3');
    const key = within(dialog).getByLabelText(/Chave da API/);
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('type', 'password');
    expect(within(dialog).getByText(/Deixe em branco para mantê-lo/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Modelo/), { target: { value: 'llama-3.1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith(
        `/p/apps/installs/${AI_INSTALL._id}`,
        { settings: { baseUrl: 'https://llm.example.com/v1', apiKey: '', model: 'llama-3.1' } },
        { query: { acc: TEST_ACC } },
      ),
    );
  });

  it('keeps the settings dialog’s title and fields while it fades out, after a cancel and after the save', async () => {
    await withMotion(async () => {
      routes({ '/p/apps/catalogue': [AI, DASHBOARD], '/p/apps/installs': [AI_INSTALL] });
      mocked.put.mockResolvedValue(AI_INSTALL as never);
      for (const button of ['Cancelar', 'Salvar']) {
        const { unmount } = render(
          <MemoryRouter>
            <AppStorePage />
          </MemoryRouter>,
          { wrapper: Wrapper },
        );
        const card = await screen.findByTestId('app-card-openai-compatible');
        fireEvent.click(within(card).getByRole('button', { name: /Configurar/ }));
        const dialog = await screen.findByRole('dialog', {
          name: 'Configurações de IA compatível com OpenAI',
        });
        expect(within(dialog).getByLabelText(/Chave da API/)).toBeInTheDocument();
        await expectSameWhileClosing(dialog, async () => {
          fireEvent.click(within(dialog).getByRole('button', { name: button }));
          // Saved: the dialog closes and the installs are read again (a third time, with the first page's).
          if (button === 'Salvar') await waitFor(() => expect(reads('/p/apps/installs')).toBe(3));
        });
        unmount();
      }
      expect(mocked.put).toHaveBeenCalledTimes(1);
    });
  });

  it('shows the Dashboard app’s https rule under its URL field, in English too', async () => {
    await i18n.changeLanguage('en');
    routes({ '/p/apps/catalogue': [AI, DASHBOARD], '/p/apps/installs': [] });
    mocked.post.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Please correct all errors in your form', [
        { path: 'settings.url', key: 'urlHttps', message: '' },
      ]),
    );
    render(<AppStorePage />, { wrapper: AdminTestWrapper });
    const card = await screen.findByTestId('app-card-dashboard');
    fireEvent.click(within(card).getByRole('button', { name: 'Install' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Dashboard' });
    fireEvent.change(within(dialog).getByLabelText(/Tab name/), { target: { value: 'CRM' } });
    fireEvent.change(within(dialog).getByLabelText(/Page URL/), {
      target: { value: 'http://crm.example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install' }));
    expect(
      await within(dialog).findByText('The URL must start with https:// (http:// only for localhost)'),
    ).toBeInTheDocument();
  });
});

describe('app history page', () => {
  it('lists runs with status, who and duration, and opens a run’s log', async () => {
    const run: TAppRun = {
      _id: '0190aaaa-0000-7000-8000-000000000005',
      installId: null,
      app: 'superlogica',
      action: 'test',
      status: 'error',
      userId: null,
      userName: 'Ana',
      message: 'credentials refused',
      log: ['GET https://api.test/clientes', 'HTTP 401'],
      startedAt: '2026-11-20T12:00:00.000Z',
      finishedAt: '2026-11-20T12:00:01.200Z',
      durationMs: 1200,
    };
    mocked.get.mockResolvedValue({ items: [run], count: 1 } as never);
    render(<AppHistoryPage />, { wrapper: AdminTestWrapper });
    const row = await screen.findByTestId('run-row');
    expect(within(row).getByText('Teste de conexão')).toBeInTheDocument();
    expect(within(row).getByText('Erro')).toBeInTheDocument();
    expect(within(row).getByText('Ana')).toBeInTheDocument();
    expect(within(row).getByText('1,2 s')).toBeInTheDocument();
    expect(within(row).getByText('As credenciais foram recusadas')).toBeInTheDocument();
    fireEvent.click(row);
    expect(await screen.findByTestId('run-log')).toHaveTextContent('HTTP 401');
  });

  it('reads an endpoint added to the Webhooks app in words, not the raw message', async () => {
    const run: TAppRun = {
      _id: '0190aaaa-0000-7000-8000-000000000006',
      installId: null,
      app: 'webhooks',
      action: 'configure',
      status: 'success',
      userId: null,
      userName: 'Ana',
      message: 'endpoint added',
      log: ['https://crm.example.com/hook'],
      startedAt: '2026-11-20T12:00:00.000Z',
      finishedAt: '2026-11-20T12:00:00.000Z',
      durationMs: 0,
    };
    mocked.get.mockResolvedValue({ items: [run], count: 1 } as never);
    render(<AppHistoryPage />, { wrapper: AdminTestWrapper });
    const row = await screen.findByTestId('run-row');
    expect(within(row).getByText('Endpoint de webhook adicionado')).toBeInTheDocument();
  });
  it('names each run’s action as an operation, in Portuguese and in English', async () => {
    const run = (n: number, action: TAppRun['action'], message: string): TAppRun => ({
      _id: `0190aaaa-0000-7000-8000-00000000010${n}`,
      installId: null,
      app: 'webhooks',
      action,
      status: 'success',
      userId: null,
      userName: 'Ana',
      message,
      log: [],
      startedAt: '2026-11-20T12:00:00.000Z',
      finishedAt: '2026-11-20T12:00:00.000Z',
      durationMs: 0,
    });
    mocked.get.mockResolvedValue({
      items: [
        run(1, 'configure', 'endpoint removed'),
        run(2, 'disable', 'disabled'),
        run(3, 'rotate-secret', 'secret rotated'),
      ],
      count: 3,
    } as never);
    const actions = async () =>
      (await screen.findAllByTestId('run-row')).map((row) => row.querySelectorAll('td')[1]?.textContent);
    const { unmount } = render(<AppHistoryPage />, { wrapper: AdminTestWrapper });
    expect(await actions()).toEqual(['Configuração', 'Desativação', 'Troca de segredo']);
    unmount();
    await i18n.changeLanguage('en');
    render(<AppHistoryPage />, { wrapper: AdminTestWrapper });
    expect(await actions()).toEqual(['Configuration', 'Disabling', 'Secret rotation']);
  });
});

describe('Superlógica connect page', () => {
  it('connects with the tokens and shows the connection test', async () => {
    routes({ '/p/apps/catalogue': CATALOGUE, '/p/apps/installs': [] });
    const installed = { ...WEBHOOKS, app: 'superlogica', _id: '0190aaaa-0000-7000-8000-000000000009' };
    mocked.post.mockImplementation(
      async (path: string) =>
        (path === '/p/apps/installs'
          ? installed
          : { _id: 'r', status: 'success', message: 'connected', log: ['HTTP 200'] }) as never,
    );
    render(<SuperlogicaPage />, { wrapper: AdminTestWrapper });
    expect(await screen.findByTestId('superlogica-state')).toHaveTextContent('Não conectado');
    fireEvent.change(screen.getByLabelText(/App token/), { target: { value: 'app-1' } });
    fireEvent.change(screen.getByLabelText(/Access token/), { target: { value: 'acc-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByTestId('superlogica-result')).toHaveTextContent('Conectado');
    expect(mocked.post).toHaveBeenCalledWith(
      `/p/apps/installs/${installed._id}/test`,
      {},
      { query: { acc: TEST_ACC } },
    );
  });
});

describe('Superlógica invoices in the contact panel', () => {
  it('lists the contact’s open invoices with their 2nd copy, and nothing without the app', async () => {
    mocked.get.mockResolvedValue({
      installed: true,
      customerId: '2',
      failed: false,
      invoices: [{ id: '901', dueDate: '12/10/2026', amount: 350, link: 'https://boleto.test/901' }],
    } as never);
    const { unmount } = render(<SuperlogicaInvoicesSection acc={TEST_ACC} contactId="c1" />, {
      wrapper: AdminTestWrapper,
    });
    const section = await screen.findByTestId('superlogica-invoices');
    expect(within(section).getByText('Vence em 12/10/2026')).toBeInTheDocument();
    expect(within(section).getByText(/R\$\s?350,00/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: '2ª via' })).toHaveAttribute(
      'href',
      'https://boleto.test/901',
    );
    expect(mocked.get).toHaveBeenCalledWith('/p/apps/superlogica/invoices', {
      acc: TEST_ACC,
      contactId: 'c1',
    });
    unmount();
    mocked.get.mockResolvedValue({
      installed: false,
      customerId: null,
      failed: false,
      invoices: [],
    } as never);
    render(<SuperlogicaInvoicesSection acc={TEST_ACC} contactId="c2" />, { wrapper: AdminTestWrapper });
    await waitFor(() => expect(mocked.get).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('superlogica-invoices')).toBeNull();
  });
});
