import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAccountDetails } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../../../app/session';
import {
  ACC,
  CHANNELS,
  chatbot,
  mockApi,
  renderPage,
  signInAdmin,
  WEBCHAT,
  WHATSAPP,
} from '../chatbots-testing';
import { ChatbotsPage } from './chatbots-page';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

const LIST = '/apps/chatbots';

/** An admin of an account whose plan allows `chatbots` bots. */
function signInWithPlan(chatbots: number) {
  const account = {
    acc: { _id: ACC, name: 'Loja' },
    userAccAccessAcl: 'admin',
    plan: { id: 'free', title: 'Free', planParameters: { conversations: 100, chatbots } },
  } as unknown as TAccountDetails;
  resetSession({ token: 't', status: 'ready', account });
}
const open = () => renderPage(<ChatbotsPage />, LIST, `${LIST}?acc=${ACC}`);

describe('chatbots list', { timeout: 20_000 }, () => {
  it('explains what a bot is for when there is none, and offers the four kinds', async () => {
    mockApi((call) =>
      call.path === '/p/chatbots'
        ? { body: [] }
        : call.path === '/p/chat/channels'
          ? { body: CHANNELS }
          : undefined,
    );
    open();
    const empty = await screen.findByTestId('chatbots-empty');
    expect(empty).toHaveTextContent('Nenhum chatbot ainda');
    expect(empty).toHaveTextContent('coleta nome, e-mail e telefone');
    fireEvent.click(within(empty).getByRole('button', { name: 'Novo chatbot' }));
    expect(await screen.findByText('Que tipo de chatbot?')).toBeInTheDocument();
    for (const type of ['flow', 'chatpage', 'ai', 'hybrid'])
      expect(screen.getByTestId(`chatbot-type-${type}`)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('chatbot-type-flow'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/apps/chatbot/create/flow?acc=${ACC}`),
    );
  });

  it('shows type, channels, status, last published and conversations in flow now', async () => {
    const bots = [
      chatbot({
        channelIds: [WHATSAPP, WEBCHAT],
        status: 'published',
        publishedVersion: 3,
        publishedAt: '2026-11-21T15:30:00.000Z',
        inFlowNow: 12,
      }),
      chatbot({ _id: 'b2', name: 'Página de vendas', type: 'chatpage', channelIds: [] }),
    ];
    mockApi((call) =>
      call.path === '/p/chatbots'
        ? { body: bots }
        : call.path === '/p/chat/channels'
          ? { body: CHANNELS }
          : undefined,
    );
    open();
    const rows = await screen.findAllByTestId('chatbot-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Atendimento inicial');
    expect(rows[0]).toHaveTextContent('Fluxo');
    expect(rows[0]).toHaveTextContent('WhatsApp Vendas');
    expect(rows[0]).toHaveTextContent('Site da loja');
    expect(within(rows[0]).getByTestId('chatbot-status')).toHaveTextContent('Publicado');
    expect(rows[0]).toHaveTextContent('versão 3');
    expect(within(rows[0]).getByTestId('chatbot-in-flow')).toHaveTextContent('12');
    expect(rows[1]).toHaveTextContent('Página de chat');
    expect(rows[1]).toHaveTextContent('Nenhum canal');
    expect(rows[1]).toHaveTextContent('Nunca publicado');
    expect(within(rows[1]).getByTestId('chatbot-status')).toHaveTextContent('Rascunho');
    expect(within(rows[0]).getByRole('link', { name: 'Editar Atendimento inicial' })).toHaveAttribute(
      'href',
      `/apps/chatbot/edit/flow/${bots[0]._id}?acc=${ACC}`,
    );
    expect(within(rows[1]).getByRole('link', { name: 'Editar Página de vendas' })).toHaveAttribute(
      'href',
      `/apps/chatbot/edit/flow/chatpage/b2?acc=${ACC}`,
    );
  });

  it('publishes a draft from its menu and says so', async () => {
    let status: 'draft' | 'published' = 'draft';
    const api = mockApi((call) => {
      if (call.path === '/p/chatbots') return { body: [chatbot({ status })] };
      if (call.path === '/p/chat/channels') return { body: CHANNELS };
      if (call.path.endsWith('/publish')) {
        status = 'published';
        return { body: chatbot({ status }) };
      }
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Mais ações de Atendimento inicial' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Publicar' }));
    expect(await screen.findByText('"Atendimento inicial" publicado')).toBeInTheDocument();
    expect(
      api.calls.some(
        (c) =>
          c.method === 'POST' &&
          c.path === `/p/chatbots/${chatbot()._id}/publish` &&
          c.query.get('acc') === ACC,
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.getByTestId('chatbot-status')).toHaveTextContent('Publicado'));
  });

  it('says why a duplicate is refused: the plan and its limit', async () => {
    mockApi((call) => {
      if (call.path === '/p/chatbots') return { body: [chatbot()] };
      if (call.path === '/p/chat/channels') return { body: CHANNELS };
      if (call.path.endsWith('/duplicate'))
        return {
          status: 403,
          body: {
            status: 0,
            code: 'CHATBOT_LIMIT_REACHED',
            message: 'limit',
            details: { plan: 'Free', limit: 1 },
          },
        };
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Mais ações de Atendimento inicial' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Duplicar' }));
    expect(
      await screen.findByText(
        'Seu plano Free permite 1 chatbot. Exclua o chatbot existente para criar outro.',
      ),
    ).toBeInTheDocument();
  });

  it("says up front when the plan's chatbots all exist, and does not open the creation", async () => {
    signInWithPlan(1);
    mockApi((call) =>
      call.path === '/p/chatbots'
        ? { body: [chatbot()] }
        : call.path === '/p/chat/channels'
          ? { body: CHANNELS }
          : undefined,
    );
    open();
    const note = await screen.findByTestId('chatbots-limit');
    expect(note).toHaveTextContent(
      'Seu plano Free permite 1 chatbot, e ele já existe. Para criar outro, exclua o chatbot existente.',
    );
    const create = screen.getByRole('button', { name: 'Novo chatbot' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(create);
    expect(screen.queryByText('Que tipo de chatbot?')).toBeNull();
    // A copy would be refused too.
    fireEvent.click(screen.getByRole('button', { name: 'Mais ações de Atendimento inicial' }));
    expect(await screen.findByRole('menuitem', { name: 'Duplicar' })).toBeDisabled();
  });

  it('offers a new chatbot while the plan allows one more', async () => {
    signInWithPlan(2);
    mockApi((call) =>
      call.path === '/p/chatbots'
        ? { body: [chatbot()] }
        : call.path === '/p/chat/channels'
          ? { body: CHANNELS }
          : undefined,
    );
    open();
    await screen.findByText('Atendimento inicial');
    expect(screen.queryByTestId('chatbots-limit')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Novo chatbot' }));
    expect(await screen.findByText('Que tipo de chatbot?')).toBeInTheDocument();
  });

  it('deletes a bot after a confirmation', async () => {
    let bots = [chatbot()];
    const api = mockApi((call) => {
      if (call.path === '/p/chatbots') return { body: bots };
      if (call.path === '/p/chat/channels') return { body: CHANNELS };
      if (call.method === 'DELETE') {
        bots = [];
        return { body: { deleted: true } };
      }
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Mais ações de Atendimento inicial' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir chatbot' });
    expect(dialog).toHaveTextContent('Excluir o chatbot "Atendimento inicial"?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByTestId('chatbots-empty')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/p/chatbots/${chatbot()._id}`,
    ]);
  });
});
