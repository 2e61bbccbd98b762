import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { TChatbot } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectSameWhileClosing, withMotion } from '../../../test/closing-dialog';
import { Wrapper } from '../../../test/setup';
import { CHANNELS, chatbot, mockApi, signInAdmin } from '../chatbots-testing';
import { BotSettingsModal } from './bot-settings-modal';

beforeEach(signInAdmin);

/** The flow editor's menu opens the dialog; closing it sets `opened` back. */
function Editor({ bot, onSaved }: { bot: TChatbot; onSaved: (bot: TChatbot) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        settings
      </button>
      <BotSettingsModal opened={opened} onClose={() => setOpened(false)} chatbot={bot} onSaved={onSaved} />
    </>
  );
}
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

  it('keeps its form while it fades out, after a cancel and after the save', async () => {
    await withMotion(async () => {
      const bot = chatbot();
      mockApi((call) => {
        if (call.path === '/p/chat/channels') return { body: CHANNELS };
        if (call.path === `/p/chatbots/${bot._id}` && call.method === 'PATCH') return { body: bot };
        return undefined;
      });
      const onSaved = vi.fn();
      render(<Editor bot={bot} onSaved={onSaved} />, { wrapper: Wrapper });
      for (const button of ['Cancelar', 'Salvar']) {
        fireEvent.click(screen.getByRole('button', { name: 'settings' }));
        const dialog = await screen.findByRole('dialog', { name: 'Configurações do bot' });
        expect(await within(dialog).findByRole('textbox', { name: /^Nome/ })).toHaveValue(bot.name);
        await expectSameWhileClosing(dialog, async () => {
          fireEvent.click(within(dialog).getByRole('button', { name: button }));
          // Saved: the dialog closes right after.
          if (button === 'Salvar') await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
        });
      }
    });
  });
});
