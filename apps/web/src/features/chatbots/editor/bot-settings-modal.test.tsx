import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wrapper } from '../../../test/setup';
import { CHANNELS, chatbot, mockApi, signInAdmin } from '../chatbots-testing';
import { BotSettingsModal } from './bot-settings-modal';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

describe('bot settings: start condition', { timeout: 20_000 }, () => {
  it('"Only on the customer\'s first contact" is saved with the settings (pt-BR)', async () => {
    const bot = chatbot();
    const api = mockApi((call) => {
      if (call.path === '/p/chat/channels') return { body: CHANNELS };
      if (call.path === `/p/chatbots/${bot._id}` && call.method === 'PATCH') return { body: bot };
      return undefined;
    });
    const onStart = vi.fn();
    const onSaved = vi.fn();
    render(
      <BotSettingsModal
        opened
        onClose={() => undefined}
        chatbot={bot}
        onSaved={onSaved}
        start={{ firstContactOnly: false, onChange: onStart }}
      />,
      { wrapper: Wrapper },
    );
    // (Its label reads with the description that follows it.)
    const toggle = await screen.findByRole('switch', { name: /^Só no primeiro contato do cliente/ });
    expect(toggle).not.toBeChecked();
    expect(
      screen.getByText(/Clientes que já conversaram com a conta antes vão direto para a fila/),
    ).toBeInTheDocument();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onStart).toHaveBeenCalledWith(true);
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ name: bot.name });
  });
});
