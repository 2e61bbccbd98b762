import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Wrapper } from '../../test/setup';
import { mockApi } from '../../test/mock-api';
import { i18n } from '../i18n';
import { ContactDialog } from './contact-dialog';

afterEach(async () => {
  notifications.clean();
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

function renderDialog() {
  const onClose = vi.fn();
  render(
    <>
      <Notifications />
      <ContactDialog opened onClose={onClose} />
    </>,
    { wrapper: Wrapper },
  );
  return onClose;
}

const fill = (subject: string, message: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: /Assunto|Subject/ }), { target: { value: subject } });
  fireEvent.change(screen.getByRole('textbox', { name: /Mensagem|Message/ }), { target: { value: message } });
};

describe('contact us', () => {
  it('sends the subject and message, says it is sending, then the success message', async () => {
    let answer: (v: { body: unknown }) => void = () => undefined;
    const { calls } = mockApi(() => new Promise((resolve) => (answer = resolve)));
    const onClose = renderDialog();
    fill('Dúvida', 'Como mudo de plano?');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByRole('button', { name: 'Enviando sua mensagem…' })).toBeDisabled();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/g/support/contact',
      body: { subject: 'Dúvida', message: 'Como mudo de plano?' },
    });
    answer({ body: { sent: true } });
    expect(
      await screen.findByText('Sua mensagem foi enviada com sucesso. Entraremos em contato em breve.'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('a subject and a message are required: nothing is sent', async () => {
    const { calls } = mockApi(() => ({ body: { sent: true } }));
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await waitFor(() => expect(screen.getAllByText('Este campo é obrigatório').length).toBe(2));
    expect(calls).toHaveLength(0);
  });

  it("a failure shows the spec's error message (English too)", async () => {
    await i18n.changeLanguage('en');
    mockApi(() => ({
      status: 502,
      body: { status: 0, code: 'SUPPORT_MESSAGE_FAILED', message: 'whatever the server said' },
    }));
    const onClose = renderDialog();
    fill('Help', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Oops! An error occurred and your message could not be sent.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('too many messages: the rate-limit text', async () => {
    mockApi(() => ({
      status: 429,
      body: {
        status: 0,
        code: 'RATE_LIMITED',
        message: 'Muitas tentativas. Aguarde um momento e tente novamente.',
      },
    }));
    renderDialog();
    fill('Ajuda', 'Oi');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(
      await screen.findByText('Muitas tentativas. Aguarde um momento e tente novamente.'),
    ).toBeInTheDocument();
  });
});
