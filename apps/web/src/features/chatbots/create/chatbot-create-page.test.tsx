import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACC, CHANNELS, chatbot, mockApi, renderPage, signInAdmin } from '../chatbots-testing';
import { ChatbotCreatePage } from './chatbot-create-page';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

const ROUTE = '/apps/chatbot/create/:chatbotType/:template_id?';
const TEMPLATES = [
  {
    id: 'lead-capture',
    type: 'flow',
    nameKey: 'templates.lead-capture.name',
    descriptionKey: 'templates.lead-capture.description',
  },
  {
    id: 'faq',
    type: 'flow',
    nameKey: 'templates.faq.name',
    descriptionKey: 'templates.faq.description',
  },
];

function server(create: (body: any) => { status?: number; body: unknown }) {
  return mockApi((call) => {
    if (call.path === '/p/chatbots/templates') return { body: TEMPLATES };
    if (call.path === '/p/chat/channels') return { body: CHANNELS };
    if (call.path === '/p/chatbots' && call.method === 'POST') return create(call.body);
    if (call.path === '/p/chatbots') return { body: [] };
    return undefined;
  });
}

describe('create chatbot page', { timeout: 20_000 }, () => {
  it('asks for the name first; creates from the template in the address and opens the editor', async () => {
    const api = server((body) => ({ body: chatbot({ _id: 'new1', name: body.name }) }));
    renderPage(<ChatbotCreatePage />, ROUTE, `/apps/chatbot/create/flow/lead-capture?acc=${ACC}`);
    expect(await screen.findByText('Novo chatbot: Fluxo')).toBeInTheDocument();
    expect(await screen.findByText('Captura de leads')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Captura de leads' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Criar e abrir o editor' }));
    expect(await screen.findByText('Este campo é obrigatório')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Nome do chatbot/), { target: { value: '  Leads do site ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar e abrir o editor' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/apps/chatbot/edit/flow/new1?acc=${ACC}`),
    );
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.query.get('acc')).toBe(ACC);
    expect(post.body).toEqual({
      name: 'Leads do site',
      type: 'flow',
      channelIds: [],
      templateId: 'lead-capture',
    });
  });

  it('picking "Em branco" puts no template in the address and creates a blank flow', async () => {
    const api = server((body) => ({
      body: chatbot({ _id: 'new2', name: body.name, channelIds: body.channelIds }),
    }));
    renderPage(<ChatbotCreatePage />, ROUTE, `/apps/chatbot/create/flow/faq?acc=${ACC}`);
    fireEvent.click(await screen.findByRole('radio', { name: 'Em branco' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/apps/chatbot/create/flow?acc=${ACC}`),
    );
    fireEvent.change(screen.getByLabelText(/Nome do chatbot/), { target: { value: 'Bot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar e abrir o editor' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body.templateId).toBeNull();
  });

  it("shows the plan's limit above the form when the account has its chatbot already", async () => {
    server(() => ({
      status: 403,
      body: {
        status: 0,
        code: 'CHATBOT_LIMIT_REACHED',
        message: 'limit',
        details: { plan: 'Pro', limit: 1 },
      },
    }));
    renderPage(<ChatbotCreatePage />, ROUTE, `/apps/chatbot/create/flow?acc=${ACC}`);
    fireEvent.change(await screen.findByLabelText(/Nome do chatbot/), { target: { value: 'Outro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar e abrir o editor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Seu plano Pro permite 1 chatbot. Exclua o chatbot existente para criar outro.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/apps/chatbot/create/flow');
  });

  it('an AI bot has no template gallery and says where its answers are configured', async () => {
    server(() => ({ body: chatbot({ _id: 'ai1', type: 'ai' }) }));
    renderPage(<ChatbotCreatePage />, ROUTE, `/apps/chatbot/create/ai?acc=${ACC}`);
    expect(await screen.findByText(/configuradas no editor de IA/)).toBeInTheDocument();
    expect(screen.queryByTestId('template-gallery')).not.toBeInTheDocument();
  });

  it('an unknown type goes back to the list', async () => {
    server(() => ({ body: null }));
    renderPage(<ChatbotCreatePage />, ROUTE, `/apps/chatbot/create/robot?acc=${ACC}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apps/chatbots'));
  });
});
