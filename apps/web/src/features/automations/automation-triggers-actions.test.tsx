import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TAutomationListItem } from '@atende/shared';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api-client';
import { i18n } from '../../app/i18n';
import { AdminTestWrapper, signInTestAdmin } from '../settings/settings-testing';
import { AutomationEditPage } from './automation-edit-page';
import { AutomationsPage } from './automations-page';

// Issue 17: the "tag added" and "campaign reply" triggers, the "start a chatbot" and "send the
// satisfaction survey" actions, and a rule the engine turned off because something it uses was deleted.

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const OFF: TAutomationListItem = {
  _id: '0190aaaa-0000-7000-8000-000000000201',
  name: 'Para o financeiro',
  trigger: { type: 'message.received' },
  conditions: { match: 'all', groups: [] },
  actions: [{ type: 'note', text: 'x' }],
  active: false,
  maxPerHour: 5,
  position: 0,
  disabledReason: 'departmentDeleted',
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  lastFiredAt: null,
  fires7d: 0,
  errors7d: 0,
};

function serve(extra: Record<string, unknown> = {}) {
  mocked.get.mockImplementation(async (path: string) => {
    if (path in extra) return extra[path];
    if (path === '/p/automations') return { items: [OFF], limit: 10, enabled: true };
    if (path === '/p/chat/contact/tags') return [{ _id: 't1', name: 'VIP', color: '#f00' }];
    if (path === '/p/chatbots')
      return [
        { _id: 'b1', name: 'Robô de vendas', status: 'published' },
        { _id: 'b2', name: 'Rascunho', status: 'draft' },
      ];
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

describe('a rule turned off for a deleted reference', () => {
  it('the list says why, in pt-BR and in English', async () => {
    serve();
    renderAt('/apps/automation');
    const [row] = await screen.findAllByTestId('automation-row');
    expect(within(row).getByTestId('automation-disabled')).toHaveTextContent(
      'Desligada: um departamento que ela usa foi excluído',
    );
    await i18n.changeLanguage('en');
    await waitFor(() =>
      expect(within(row).getByTestId('automation-disabled')).toHaveTextContent(
        'Turned off: a department it uses was deleted',
      ),
    );
  });

  it('its page says why and how to turn it on again', async () => {
    serve({ [`/p/automations/${OFF._id}`]: OFF, [`/p/automations/${OFF._id}/runs`]: [] });
    renderAt(`/apps/automation/${OFF._id}`);
    expect(await screen.findByTestId('automation-disabled')).toHaveTextContent(
      'Desligada: um departamento que ela usa foi excluído. Escolha o que o substitui e salve para ligá-la de novo.',
    );
  });
});

describe('builder: new triggers and actions', () => {
  it('"when the VIP tag is added, start the sales bot and send the survey" is saved as such', async () => {
    serve();
    renderAt('/apps/new-automation');
    fireEvent.change(await screen.findByRole('textbox', { name: /Nome/ }), { target: { value: 'VIP' } });
    fireEvent.click(screen.getByRole('textbox', { name: 'Gatilho' }));
    expect(
      await screen.findByRole('option', { name: 'Cliente respondeu a uma campanha' }),
    ).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('option', { name: 'Etiqueta adicionada ao contato' }));
    fireEvent.click(await screen.findByRole('textbox', { name: /Só estas etiquetas/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'VIP' }));

    const add = async (name: string) => {
      fireEvent.click(screen.getByRole('textbox', { name: 'Adicionar ação' }));
      fireEvent.click(await screen.findByRole('option', { name }));
    };
    await add('Iniciar um chatbot');
    fireEvent.click(screen.getByRole('textbox', { name: 'Iniciar um chatbot' }));
    // Only published bots are offered.
    expect(screen.queryByRole('option', { name: 'Rascunho' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('option', { name: 'Robô de vendas' }));
    await add('Enviar a pesquisa de satisfação');
    expect(screen.getByText(/Envia a pesquisa configurada em Configurações/)).toBeInTheDocument();

    mocked.post.mockResolvedValueOnce({ ...OFF, _id: 'new-id', disabledReason: null });
    fireEvent.click(screen.getByTestId('automation-save'));
    await waitFor(() => expect(mocked.post).toHaveBeenCalled());
    expect(mocked.post.mock.calls[0][1]).toMatchObject({
      name: 'VIP',
      trigger: { type: 'contact.tag_added', tagIds: ['t1'] },
      actions: [{ type: 'start_chatbot', chatbotId: 'b1' }, { type: 'send_survey' }],
    });
  });

  it("under a contact trigger, a conversation action says it runs in the contact's open conversation and is skipped without one, in pt-BR and en", async () => {
    serve();
    renderAt('/apps/new-automation');
    const pick = async (box: string, name: string) => {
      fireEvent.click(await screen.findByRole('textbox', { name: box }));
      fireEvent.click(await screen.findByRole('option', { name }));
    };
    await pick('Gatilho', 'Etiqueta adicionada ao contato');
    await pick('Adicionar ação', 'Mudar a fase');
    expect(screen.queryByTestId('action-in-open-conversation')).not.toBeInTheDocument();
    await pick('Adicionar ação', 'Enviar mensagem');
    expect(screen.getAllByTestId('action-in-open-conversation')).toHaveLength(1);
    expect(screen.getByTestId('action-in-open-conversation')).toHaveTextContent(
      'Gatilho do contato: a ação roda na conversa aberta dele e é pulada se não houver uma.',
    );
    await i18n.changeLanguage('en');
    await waitFor(() =>
      expect(screen.getByTestId('action-in-open-conversation')).toHaveTextContent(
        'Contact trigger: the action runs in their open conversation and is skipped when there is none.',
      ),
    );
    await pick('Trigger', 'Message received from the customer');
    expect(screen.queryByTestId('action-in-open-conversation')).not.toBeInTheDocument();
  });

  it('the tag pickers show their placeholder only while nothing is chosen', async () => {
    serve();
    renderAt('/apps/new-automation');
    fireEvent.click(await screen.findByRole('textbox', { name: 'Gatilho' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Etiqueta adicionada ao contato' }));
    const only = await screen.findByRole('textbox', { name: /Só estas etiquetas/ });
    expect(only).toHaveAttribute('placeholder', 'Nenhuma escolhida: qualquer etiqueta');
    fireEvent.click(only);
    fireEvent.click(await screen.findByRole('option', { name: 'VIP' }));
    await waitFor(() => expect(only).not.toHaveAttribute('placeholder'));
    expect(screen.queryByText(/Nenhuma escolhida/)).not.toBeInTheDocument();

    // A condition on the contact's tags: "Escolha" until a tag is in it.
    fireEvent.click(screen.getByRole('button', { name: /Adicionar grupo de condições/ }));
    fireEvent.click(await screen.findByRole('textbox', { name: 'Adicionar condição' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Etiquetas do contato' }));
    const tags = await screen.findByRole('textbox', { name: 'Etiquetas do contato' });
    expect(tags).toHaveAttribute('placeholder', 'Escolha');
    fireEvent.click(tags);
    fireEvent.click(await screen.findByRole('option', { name: 'VIP' }));
    await waitFor(() => expect(tags).not.toHaveAttribute('placeholder'));
  });

  it('a rule naming a bot that is not published shows the bot by name and says the step fails', async () => {
    const rule = {
      ...OFF,
      disabledReason: null,
      active: true,
      actions: [{ type: 'start_chatbot', chatbotId: 'b2' }],
    };
    serve({ [`/p/automations/${OFF._id}`]: rule, [`/p/automations/${OFF._id}/runs`]: [] });
    renderAt(`/apps/automation/${OFF._id}`);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Iniciar um chatbot' })).toHaveValue(
        'Rascunho (não publicado)',
      ),
    );
    expect(
      screen.getByText('Este chatbot não está publicado: o passo falha até que ele seja publicado.'),
    ).toBeInTheDocument();
  });
});
