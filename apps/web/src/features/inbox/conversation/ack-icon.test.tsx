import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n';
import { Wrapper } from '../../../test/setup';
import { AckIcon, ackState } from './ack-icon';
import { MessageBubble } from './message-bubble';
import { message } from '../inbox-testing';

describe('acks', () => {
  it('maps a message to what it shows: clock while sending or pending, ✓ sent, ✓✓ delivered, ✓✓ read, failed', () => {
    expect(ackState({ ack: 0, local: true })).toBe('sending');
    expect(ackState({ ack: 0, local: true, sendError: 'NETWORK_ERROR' })).toBe('failed');
    expect(ackState({ ack: 0 })).toBe('pending');
    expect(ackState({ ack: 1 })).toBe('sent');
    expect(ackState({ ack: 2 })).toBe('delivered');
    expect(ackState({ ack: 3 })).toBe('read');
    expect(ackState({ ack: -1 })).toBe('failed');
  });

  it.each([
    ['sending', 'Enviando'],
    ['pending', 'Pendente'],
    ['sent', 'Enviada'],
    ['delivered', 'Entregue'],
    ['read', 'Lida'],
    ['failed', 'Falhou'],
  ] as const)('%s has its name for screen readers (%s)', (state, name) => {
    render(<AckIcon state={state} />, { wrapper: Wrapper });
    expect(screen.getByRole('img', { name })).toHaveAttribute('data-ack', state);
  });

  it('read is blue, delivered is grey', () => {
    const { rerender } = render(<AckIcon state="read" />, { wrapper: Wrapper });
    expect(screen.getByRole('img', { name: 'Lida' })).toHaveAttribute('stroke', '#1c7ed6');
    rerender(<AckIcon state="delivered" />);
    expect(screen.getByRole('img', { name: 'Entregue' })).toHaveAttribute('stroke', '#5c636a');
  });

  it('a failed message shows why, translated, with a retry; notes and customer messages carry no ack', async () => {
    const retried: string[] = [];
    const failed = message({
      author: 'operator',
      authorName: 'Ana',
      ack: -1,
      errorCode: 'WHATSAPP_WINDOW_CLOSED',
      body: 'Oi',
    });
    const { rerender } = render(<MessageBubble message={failed} onRetry={(m) => retried.push(m._id)} />, {
      wrapper: Wrapper,
    });
    expect(
      screen.getByText(
        'A mensagem não foi enviada porque se passaram mais de 24 horas desde a última resposta do cliente',
      ),
    ).toBeInTheDocument();
    screen.getByRole('button', { name: 'Reenviar' }).click();
    expect(retried).toEqual([failed._id]);

    rerender(
      <MessageBubble
        message={message({ author: 'operator', private: true, body: 'nota' })}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByText('Nota privada')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Pendente' })).toBeNull();

    rerender(
      <MessageBubble
        message={message({ author: 'contact', ack: 3, body: 'oi' })}
        onRetry={() => undefined}
      />,
    );
    expect(screen.queryByRole('img', { name: 'Lida' })).toBeNull();
  });

  it('system lines are shown in the reader’s language from their event', () => {
    const line = message({
      author: 'system',
      private: true,
      body: 'Ana took the conversation',
      template: { system: 'closed', actor: 'Ana', reason: 'Dúvida resolvida', subReason: 'Entrega' },
    });
    render(<MessageBubble message={line} onRetry={() => undefined} />, { wrapper: Wrapper });
    expect(screen.getByTestId('system-message')).toHaveTextContent(
      'Ana encerrou a conversa (Dúvida resolvida / Entrega)',
    );
  });

  it('an automation is named in the reader’s language, whatever the account’s', async () => {
    const line = message({
      author: 'system',
      private: true,
      body: 'Automação transferiu a conversa para Bruno',
      template: { system: 'transferred', actor: 'Automação', actorKind: 'automation', operator: 'Bruno' },
    });
    await i18n.changeLanguage('en');
    try {
      render(<MessageBubble message={line} onRetry={() => undefined} />, { wrapper: Wrapper });
      expect(screen.getByTestId('system-message')).toHaveTextContent(
        'Automation transferred the conversation to Bruno',
      );
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
  });
});
