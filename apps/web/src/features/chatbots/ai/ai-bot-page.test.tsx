import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccountDetails } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../../../app/session';
import { ChatbotEditPage } from '../chatbot-edit-page';
import { ACC, CHANNELS, chatbot, mockApi, renderPage, signInAdmin } from '../chatbots-testing';
import { AiBotPage } from './ai-bot-page';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

const draft = { version: 1, groups: [], edges: [], variables: [], events: [] };
const DEPARTMENTS = [{ _id: 'd-sales', name: 'Vendas', description: '', distribution: true, capacity: null }];
const serve = (bot: ReturnType<typeof chatbot>) =>
  mockApi((call) => {
    if (call.path === `/p/chatbots/${bot._id}` && call.method === 'PATCH')
      return { body: { ...bot, ...call.body, updatedAt: '2026-11-21T12:00:00.000Z' } };
    if (call.path === `/p/chatbots/${bot._id}/publish` && call.method === 'POST')
      return bot.type === 'hybrid'
        ? {
            status: 422,
            body: {
              status: 0,
              code: 'CHATBOT_FLOW_INVALID',
              message: 'The flow has problems to fix before publishing',
              details: { issues: [{ code: 'NO_START', path: ['events'], message: 'no start' }] },
            },
          }
        : {
            body: {
              ...bot,
              status: 'published',
              publishedVersion: 1,
              publishedAt: '2026-11-21T12:00:00.000Z',
              updatedAt: '2026-11-21T12:00:00.000Z',
            },
          };
    if (call.path === `/p/chatbots/${bot._id}`) return { body: { chatbot: bot, draft } };
    if (call.path === '/p/chat/channels') return { body: CHANNELS };
    if (call.path === '/p/chat/departments') return { body: DEPARTMENTS };
    return undefined;
  });

describe('AI and hybrid bot pages', { timeout: 20_000 }, () => {
  it("an AI bot's page edits its basic data and says how it answers customers", async () => {
    serve(chatbot({ _id: 'ai1', name: 'Assistente', type: 'ai', trainingState: 'training' }));
    renderPage(<AiBotPage />, '/apps/chatbot/edit/ai/:chatbot_id', `/apps/chatbot/edit/ai/ai1?acc=${ACC}`);
    expect(await screen.findByTestId('ai-note')).toHaveTextContent(
      'Este bot responde aos seus clientes no chat web, WhatsApp e SMS',
    );
    expect(screen.queryByTestId('ai-off')).not.toBeInTheDocument();
    expect(screen.getByTestId('training-state')).toHaveTextContent('Treinando');
    expect(screen.getByLabelText(/Nome do chatbot/)).toHaveValue('Assistente');
    expect(screen.queryByTestId('area-frame')).not.toBeInTheDocument();
    // One list of hand-over words (in the AI settings), not a second exact-match list in the basics.
    expect(screen.queryByLabelText('Palavras para falar com um atendente')).not.toBeInTheDocument();
    expect(screen.getByTestId('ai-settings')).toHaveTextContent('Palavras que transferem para a equipe');
  });

  it("publishes an AI bot from its own page, with the flow editor's button and toasts", async () => {
    const { calls } = serve(
      chatbot({ _id: 'ai1', name: 'Assistente', type: 'ai', trainingState: 'trained' }),
    );
    renderPage(<AiBotPage />, '/apps/chatbot/edit/ai/:chatbot_id', `/apps/chatbot/edit/ai/ai1?acc=${ACC}`);
    expect(await screen.findByTestId('chatbot-status')).toHaveTextContent('Rascunho');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('"Assistente" publicado')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/p/chatbots/ai1/publish']);
    expect(screen.getByTestId('chatbot-status')).toHaveTextContent('Publicado');
    expect(screen.getByRole('button', { name: 'Publicar alterações' })).toBeInTheDocument();
  });

  it("says why a hybrid bot's flow cannot be published yet", async () => {
    serve(chatbot({ _id: 'h1', name: 'Híbrido', type: 'hybrid', trainingState: 'trained' }));
    renderPage(
      <AiBotPage />,
      '/apps/chatbot/edit/hybrid/:chatbot_id',
      `/apps/chatbot/edit/hybrid/h1?acc=${ACC}`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('O fluxo tem problemas a corrigir antes de publicar')).toBeInTheDocument();
    expect(screen.getByTestId('chatbot-status')).toHaveTextContent('Rascunho');
  });

  it('a hybrid bot links to its flow editor', async () => {
    serve(chatbot({ _id: 'h1', name: 'Híbrido', type: 'hybrid', trainingState: 'not_trained' }));
    renderPage(
      <AiBotPage />,
      '/apps/chatbot/edit/hybrid/:chatbot_id',
      `/apps/chatbot/edit/hybrid/h1?acc=${ACC}`,
    );
    expect(await screen.findByRole('link', { name: 'Abrir o editor de fluxo' })).toHaveAttribute(
      'href',
      `/apps/chatbot/edit/flow/hybrid/h1?acc=${ACC}`,
    );
    expect(screen.getByTestId('training-state')).toHaveTextContent('Não treinado');
  });

  it('/apps/chatbot-ai without an id opens the create page of an AI bot', async () => {
    serve(chatbot({ _id: 'f1', type: 'flow' }));
    renderPage(<AiBotPage />, '/apps/chatbot-ai/:chatbot_id?', `/apps/chatbot-ai?acc=${ACC}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apps/chatbot/create/ai'));
  });

  it('/apps/chatbot/edit/:id goes to the editor of the bot type', async () => {
    serve(chatbot({ _id: 'f1', type: 'flow' }));
    renderPage(<ChatbotEditPage />, '/apps/chatbot/edit/:chatbot_id', `/apps/chatbot/edit/f1?acc=${ACC}`);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/apps/chatbot/edit/flow/f1?acc=${ACC}`),
    );
  });
});

describe('AI editor settings (instructions and handover rules)', { timeout: 20_000 }, () => {
  it('shows the defaults and saves the instructions, keywords, low-confidence turns and department', async () => {
    const bot = chatbot({ _id: 'ai2', name: 'Assistente', type: 'ai', trainingState: 'trained' });
    const { calls } = serve(bot);
    renderPage(<AiBotPage />, '/apps/chatbot/edit/ai/:chatbot_id', `/apps/chatbot/edit/ai/ai2?acc=${ACC}`);
    const card = within(await screen.findByTestId('ai-settings'));
    expect(card.getByText('Instruções e transferência')).toBeInTheDocument();
    // pt-BR and en defaults of "the customer asks for a person".
    for (const word of ['atendente', 'humano', 'pessoa', 'agent', 'human'])
      expect(card.getByText(word)).toBeInTheDocument();
    expect(card.getByLabelText('Perguntas seguidas sem resposta')).toHaveValue('2');

    const instructions = card.getByLabelText('Instruções do bot');
    fireEvent.change(instructions, {
      target: { value: 'Fale de forma simpática. Nunca prometa descontos.' },
    });
    expect(card.getByText('49 de 4000 caracteres')).toBeInTheDocument();
    const custom = card.getByLabelText('Palavras que transferem para a equipe');
    await userEvent.type(custom, 'reclamação{Enter}');
    // Outside business hours: hand over anyway (default) or keep answering.
    expect(
      card.getByRole('radio', { name: 'Transferir mesmo assim (a conversa aguarda na fila)' }),
    ).toBeChecked();
    await userEvent.click(
      card.getByRole('radio', { name: 'Continuar respondendo e avisar quando a equipe volta' }),
    );
    expect(card.getByRole('link', { name: 'Definir horário de atendimento' })).toHaveAttribute(
      'href',
      `/settings?tab=hours&acc=${ACC}`,
    );
    const turns = card.getByLabelText('Perguntas seguidas sem resposta');
    fireEvent.change(turns, { target: { value: '3' } });
    fireEvent.click(card.getByRole('textbox', { name: 'Departamento da transferência' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vendas', hidden: true }));
    await userEvent.click(card.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/p/chatbots/ai2');
    expect(patch.body).toEqual({
      ai: {
        instructions: 'Fale de forma simpática. Nunca prometa descontos.',
        personKeywords: [
          'atendente',
          'humano',
          'pessoa',
          'falar com alguém',
          'agent',
          'human',
          'person',
          'representative',
        ],
        customKeywords: ['reclamação'],
        lowConfidenceTurns: 3,
        departmentId: 'd-sales',
        outOfHours: 'keep_answering',
      },
    });
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
  });

  it('says why an AI bot does not answer when AI is off for the account', async () => {
    resetSession({
      token: 't',
      status: 'ready',
      account: {
        acc: { _id: ACC, name: 'Loja', aiEnable: false },
        userAccAccessAcl: 'admin',
      } as unknown as TAccountDetails,
    });
    serve(chatbot({ _id: 'ai3', name: 'Assistente', type: 'ai', trainingState: 'trained' }));
    renderPage(<AiBotPage />, '/apps/chatbot/edit/ai/:chatbot_id', `/apps/chatbot/edit/ai/ai3?acc=${ACC}`);
    const off = await screen.findByTestId('ai-off');
    expect(off).toHaveTextContent('A IA está desligada nesta conta');
    expect(off).toHaveTextContent(
      'os bots de IA não respondem: cada conversa vai direto para a fila da equipe',
    );
  });
});
