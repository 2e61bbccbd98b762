import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACC, chatbot, mockApi, renderPage, signInAdmin } from '../chatbots-testing';
import { ChatPageEditPage, slugOf } from './chatpage-edit-page';
import { textOn } from './chatpage-preview';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

const ROUTE = '/apps/chatpage/edit/:chatbot_id';
const bot = chatbot({ _id: 'b1', name: 'Atendimento São João' });
const detail = { chatbot: bot, draft: { version: 1, groups: [], edges: [], variables: [], events: [] } };

describe('chat page editor', { timeout: 20_000 }, () => {
  it("a new page starts from the bot's name; 'chatpage name in use' goes on the address field", async () => {
    const api = mockApi((call) => {
      if (call.path === '/p/chatbots/b1') return { body: detail };
      if (call.path === '/p/chatbots/b1/chatpage' && call.method === 'GET') return { body: null };
      if (call.path === '/p/chatbots/b1/chatpage')
        return {
          status: 409,
          body: { status: 0, code: 'CHATPAGE_SLUG_IN_USE', message: 'chatpage name in use' },
        };
      return undefined;
    });
    renderPage(<ChatPageEditPage />, ROUTE, `/apps/chatpage/edit/b1?acc=${ACC}`);
    const slug = await screen.findByLabelText(/Endereço da página/);
    expect(slug).toHaveValue('atendimento-sao-joao');
    expect(
      screen.getByText('Salve a página para receber o endereço público e o código para incorporar.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Texto de boas-vindas/), { target: { value: 'Bem-vindo!' } });
    expect(screen.getByTestId('chatpage-preview')).toHaveTextContent('Bem-vindo!');
    fireEvent.click(screen.getByRole('button', { name: 'Criar página' }));
    expect(await screen.findByText('nome da página de chat em uso')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      slug: 'atendimento-sao-joao',
      title: 'Atendimento São João',
      welcomeText: 'Bem-vindo!',
    });
  });

  it('a saved page shows its public address and the embed snippet', async () => {
    const page = {
      chatbotId: 'b1',
      slug: 'loja',
      title: 'Loja',
      avatarUrl: null,
      colors: { primary: '#1971c2', background: '#ffffff' },
      welcomeText: '',
      url: '/chat/loja',
    };
    mockApi((call) => {
      if (call.path === '/p/chatbots/b1') return { body: detail };
      if (call.path === '/p/chatbots/b1/chatpage') return { body: page };
      return undefined;
    });
    renderPage(<ChatPageEditPage />, ROUTE, `/apps/chatpage/edit/b1?acc=${ACC}`);
    await waitFor(() =>
      expect(screen.getByTestId('chatpage-url')).toHaveValue(`${window.location.origin}/chat/loja`),
    );
    expect(screen.getByTestId('chatpage-snippet')).toHaveTextContent(
      `<script src="${window.location.origin}/widget/loja.js" async></script>`,
    );
  });

  it('slugs and readable header text', () => {
    expect(slugOf('Ação & Cia. Ltda')).toBe('acao-cia-ltda');
    expect(slugOf('A')).toBe('a-page');
    expect(textOn('#1971c2')).toBe('#ffffff');
    expect(textOn('#ffe066')).toBe('#1a1b1e');
  });
});
