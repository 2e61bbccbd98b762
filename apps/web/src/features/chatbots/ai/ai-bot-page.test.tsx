import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatbotEditPage } from '../chatbot-edit-page';
import { ACC, CHANNELS, chatbot, mockApi, renderPage, signInAdmin } from '../chatbots-testing';
import { AiBotPage } from './ai-bot-page';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

const draft = { version: 1, groups: [], edges: [], variables: [], events: [] };
const serve = (bot: ReturnType<typeof chatbot>) =>
  mockApi((call) => {
    if (call.path === `/p/chatbots/${bot._id}`) return { body: { chatbot: bot, draft } };
    if (call.path === '/p/chat/channels') return { body: CHANNELS };
    return undefined;
  });

describe('AI and hybrid bot pages', { timeout: 20_000 }, () => {
  it("an AI bot's page edits its basic data and says its answers are configured in the AI editor", async () => {
    serve(chatbot({ _id: 'ai1', name: 'Assistente', type: 'ai', trainingState: 'training' }));
    renderPage(<AiBotPage />, '/apps/chatbot/edit/ai/:chatbot_id', `/apps/chatbot/edit/ai/ai1?acc=${ACC}`);
    expect(await screen.findByTestId('ai-note')).toHaveTextContent('configuradas no editor de IA');
    expect(screen.getByTestId('training-state')).toHaveTextContent('Treinando');
    expect(screen.getByLabelText(/Nome do chatbot/)).toHaveValue('Assistente');
    expect(screen.queryByTestId('area-frame')).not.toBeInTheDocument();
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
