import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TAutomationListItem } from '@atende/shared';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../app/api-client';
import { i18n } from '../../app/i18n';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { AutomationEditPage } from './automation-edit-page';
import { AutomationsPage } from './automations-page';

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const RULE: TAutomationListItem = {
  _id: '0190aaaa-0000-7000-8000-000000000101',
  name: 'Lembrete',
  trigger: { type: 'no_customer_reply', minutes: 2 },
  conditions: { match: 'all', groups: [] },
  actions: [{ type: 'send_message', text: 'Ainda está aí?' }],
  active: true,
  maxPerHour: 5,
  position: 0,
  disabledReason: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  lastFiredAt: '2026-11-24T13:00:00.000Z',
  fires7d: 12,
  errors7d: 1,
};

function serve(extra: Record<string, unknown> = {}) {
  mocked.get.mockImplementation(async (path: string) => {
    if (path in extra) return extra[path];
    if (path === '/p/automations') return { items: [RULE], limit: 10, enabled: true };
    if (path === '/p/chat/contact/tags') return [{ _id: 't1', name: 'VIP', color: '#f00' }];
    if (path === '/p/chat/closing-reasons') return [{ _id: 'r1', name: 'Sem resposta', subReasons: [] }];
    if (path.startsWith('/p/chat/inbox/')) return { operators: [], channels: [] };
    return [];
  });
}

function renderAt(path: string) {
  return render(
    <Routes>
      <Route path="/apps/automation" element={<AutomationsPage />} />
      <Route path="/apps/new-automation" element={<AutomationEditPage />} />
      <Route path="/apps/automation/:automation_id" element={<AutomationEditPage />} />
    </Routes>,
    { wrapper: ({ children }) => <AdminTestWrapper path={path}>{children}</AdminTestWrapper> },
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  signInTestAdmin();
});
afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

describe('automations list', () => {
  it('shows each rule with its trigger, switch, last run, runs and errors in 7 days, and the limit', async () => {
    serve();
    renderAt('/apps/automation');
    const [row] = await screen.findAllByTestId('automation-row');
    expect(within(row).getByText('Lembrete')).toBeInTheDocument();
    expect(within(row).getByText('Cliente sem responder por 2 minutos')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Ativar Lembrete' })).toBeChecked();
    expect(screen.getByTestId('automations-count')).toHaveTextContent('1 de 10 automações');

    mocked.put.mockResolvedValueOnce({ ...RULE, active: false });
    fireEvent.click(within(row).getByRole('switch', { name: 'Ativar Lembrete' }));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith(
        `/p/automations/${RULE._id}/active`,
        { active: false },
        { query: { acc: TEST_ACC } },
      ),
    );
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    serve();
    renderAt('/apps/automation');
    const [row] = await screen.findAllByTestId('automation-row');
    expect(within(row).getByText('No customer reply for 2 minutes')).toBeInTheDocument();
  });
});

describe('automation builder', () => {
  it('says what is missing with the spec messages and sends nothing', async () => {
    serve();
    renderAt('/apps/new-automation');
    fireEvent.click(await screen.findByTestId('automation-save'));
    expect(
      await screen.findByText('Por favor, corrija todos os erros em seu formulário'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Este campo é obrigatório', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Selecione campo é obrigatório')).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();
  });

  it('builds "when no customer reply for 2 minutes, then send a reminder, wait 5, close" and saves it', async () => {
    serve();
    renderAt('/apps/new-automation');
    fireEvent.change(await screen.findByRole('textbox', { name: /Nome/ }), { target: { value: 'Lembrete' } });
    fireEvent.click(screen.getByRole('textbox', { name: 'Gatilho' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cliente sem responder' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Minutos' }), { target: { value: '2' } });

    const add = async (name: string) => {
      fireEvent.click(screen.getByRole('textbox', { name: 'Adicionar ação' }));
      fireEvent.click(await screen.findByRole('option', { name }));
    };
    await add('Enviar mensagem');
    fireEvent.change(screen.getByRole('textbox', { name: 'Enviar mensagem' }), {
      target: { value: 'Ainda está aí, {{firstName}}?' },
    });
    await add('Esperar e continuar');
    await add('Encerrar com motivo');
    // A wait as the last action would be refused: here a close comes after it.
    fireEvent.click(screen.getAllByRole('textbox', { name: 'Motivo de encerramento' })[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Sem resposta' }));

    mocked.post.mockResolvedValueOnce({ ...RULE, _id: 'new-id' });
    fireEvent.click(screen.getByTestId('automation-save'));
    await waitFor(() => expect(mocked.post).toHaveBeenCalled());
    const [path, body] = mocked.post.mock.calls[0];
    expect(path).toBe('/p/automations');
    expect(body).toMatchObject({
      name: 'Lembrete',
      trigger: { type: 'no_customer_reply', minutes: 2 },
      actions: [
        { type: 'send_message', text: 'Ainda está aí, {{firstName}}?' },
        { type: 'wait', minutes: 5 },
        { type: 'close', reason: 'Sem resposta' },
      ],
    });
  });

  it("shows the server's refusal: the account's automation limit", async () => {
    serve();
    renderAt('/apps/new-automation');
    fireEvent.change(await screen.findByRole('textbox', { name: /Nome/ }), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('textbox', { name: 'Gatilho' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Contato criado' }));
    fireEvent.click(screen.getByRole('textbox', { name: 'Adicionar ação' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Adicionar nota interna' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Adicionar nota interna' }), {
      target: { value: 'Novo' },
    });
    mocked.post.mockRejectedValueOnce(
      new ApiError(400, 'AUTOMATION_LIMIT_REACHED', 'Limite de criação de automações atingido'),
    );
    fireEvent.click(screen.getByTestId('automation-save'));
    expect(await screen.findByTestId('automation-failure')).toHaveTextContent(
      'Limite de criação de automações atingido',
    );
  });

  it('an existing rule shows its dry run and its log', async () => {
    serve({
      [`/p/automations/${RULE._id}`]: RULE,
      [`/p/automations/${RULE._id}/runs`]: [
        {
          _id: 'run1',
          status: 'skipped',
          reason: 'customerReplied',
          conversationId: null,
          contactId: null,
          trigger: 'no_customer_reply',
          results: [],
          createdAt: '2026-11-24T13:00:00.000Z',
          updatedAt: '2026-11-24T13:00:00.000Z',
        },
      ],
    });
    renderAt(`/apps/automation/${RULE._id}`);
    const [run] = await screen.findAllByTestId('run-row');
    expect(within(run).getByText('Ignorou')).toBeInTheDocument();
    expect(within(run).getByText('O cliente respondeu')).toBeInTheDocument();
    expect(screen.getByTestId('dry-run')).toHaveTextContent('Testar sem executar');
  });
});
