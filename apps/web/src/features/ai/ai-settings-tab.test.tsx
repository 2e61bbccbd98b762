import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TAiSettings } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { mockApi } from '../../test/mock-api';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { AiSettingsTab } from './ai-settings-tab';

const DEFAULT_INBOX = 'Você ajuda os atendentes.';
const DEFAULT_ASSISTANT = 'Você é o assistente interno.';

function settings(patch: Partial<TAiSettings> = {}): TAiSettings {
  return {
    prompts: {
      inbox: { text: DEFAULT_INBOX, custom: false, default: DEFAULT_INBOX },
      assistant: { text: 'Ajude a equipe da Loja Aurora.', custom: true, default: DEFAULT_ASSISTANT },
    },
    provider: { kind: 'openai', model: 'gpt-4o-mini' },
    usage: { month: '2026-11', requests: 42, tokens: 12345 },
    aiEnable: true,
    assistantEnable: true,
    ...patch,
  };
}

function setUp(current: TAiSettings) {
  const notes = [
    {
      _id: 'n1',
      acc: TEST_ACC,
      title: 'Horário',
      body: 'Seg a sex, 9h às 18h.',
      createdBy: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    },
  ];
  return mockApi((call) => {
    if (call.path === '/p/ai/settings' && call.method === 'GET') return { body: current };
    if (call.path === '/p/ai/settings' && call.method === 'PUT') return { body: current };
    if (call.path === '/p/ai/knowledge' && call.method === 'GET')
      return { body: { items: notes, count: notes.length } };
    if (call.path === '/p/ai/knowledge' && call.method === 'POST')
      return { body: { ...notes[0], _id: 'n2', ...call.body } };
    return undefined;
  });
}

beforeEach(() => signInTestAdmin());
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

describe('Settings → AI', () => {
  it("shows the model, this month's usage, the prompts and the knowledge notes", async () => {
    setUp(settings());
    render(<AiSettingsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    const provider = await screen.findByTestId('ai-provider');
    expect(within(provider).getByText('Modelo compatível com OpenAI')).toBeInTheDocument();
    expect(within(provider).getByText('gpt-4o-mini')).toBeInTheDocument();
    const usage = screen.getByTestId('ai-usage');
    expect(within(usage).getByText('Uso em novembro de 2026')).toBeInTheDocument();
    expect(within(usage).getByText('requisições de IA')).toBeInTheDocument();
    expect(screen.getByLabelText(/Sugestões da caixa de entrada/)).toHaveValue(DEFAULT_INBOX);
    expect(screen.getByLabelText(/Sala do assistente/)).toHaveValue('Ajude a equipe da Loja Aurora.');
    expect(await screen.findByText('Seg a sex, 9h às 18h.')).toBeInTheDocument();
    expect(screen.queryByText('A IA está desativada nesta conta')).toBeNull();
  });

  it('saves an edited prompt, and a restored default as "use the default"', async () => {
    const { calls } = setUp(settings());
    render(<AiSettingsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    const inbox = await screen.findByLabelText(/Sugestões da caixa de entrada/);
    fireEvent.change(inbox, { target: { value: 'Seja breve e cordial.' } });
    const restore = screen.getAllByRole('button', { name: 'Restaurar padrão' });
    fireEvent.click(restore[1]!);
    expect(screen.getByLabelText(/Sala do assistente/)).toHaveValue(DEFAULT_ASSISTANT);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      inboxPrompt: 'Seja breve e cordial.',
      assistantPrompt: null,
    });
  });

  it('refuses an empty prompt without calling the server', async () => {
    const { calls } = setUp(settings());
    render(<AiSettingsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    fireEvent.change(await screen.findByLabelText(/Sugestões da caixa de entrada/), {
      target: { value: '  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Este campo é obrigatório')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says when there is no model and when AI is off, in English too', async () => {
    await i18n.changeLanguage('en');
    setUp(settings({ provider: { kind: 'retrieval', model: 'atende-retrieval' }, aiEnable: false }));
    render(<AiSettingsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    expect(await screen.findByText('Built-in retrieval, no model')).toBeInTheDocument();
    expect(screen.getByText('tokens (the built-in search uses none)')).toBeInTheDocument();
    expect(screen.getByText('Usage in November 2026')).toBeInTheDocument();
    expect(screen.getByText('AI is turned off for this account')).toBeInTheDocument();
    expect(screen.queryByText('atende-retrieval')).toBeNull();
  });

  it('adds a knowledge note', async () => {
    const { calls } = setUp(settings());
    render(<AiSettingsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    fireEvent.change(await screen.findByLabelText('Título'), { target: { value: 'Frete' } });
    fireEvent.change(screen.getByLabelText('Texto'), { target: { value: 'Grátis acima de R$ 200.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar nota' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: 'Frete',
        body: 'Grátis acima de R$ 200.',
      }),
    );
    expect(await screen.findByText('Nota adicionada')).toBeInTheDocument();
  });
});
