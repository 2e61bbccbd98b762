import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Wrapper } from '../../../test/setup';
import { MessageBubble } from './message-bubble';
import { message } from '../inbox-testing';

describe('reactions on messages', () => {
  it("shows the customer's and the team's reactions on the message, each saying who reacted", () => {
    const m = message({
      author: 'contact',
      body: 'Chegou!',
      reactions: { contact: '❤️', team: { emoji: '👍', userId: 'u1', name: 'Ana' } },
    });
    render(<MessageBubble message={m} onRetry={() => undefined} />, { wrapper: Wrapper });
    expect(screen.getByRole('img', { name: 'Reação do cliente: ❤️' })).toHaveTextContent('❤️');
    expect(screen.getByRole('img', { name: 'Reação de Ana: 👍' })).toHaveTextContent('👍');
  });

  it("lets the team react to a customer's message, and the same emoji again removes it", async () => {
    const reacted: string[] = [];
    const m = message({
      author: 'contact',
      body: 'Obrigada',
      reactions: { team: { emoji: '🙏', userId: 'u1', name: 'Ana' } },
    });
    render(
      <MessageBubble message={m} onRetry={() => undefined} onReact={(_, emoji) => reacted.push(emoji)} />,
      {
        wrapper: Wrapper,
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reagir' }));
    const menu = () => waitFor(() => expect(document.querySelectorAll('[role=menuitem]')).toHaveLength(6));
    await menu();
    fireEvent.click(screen.getByLabelText('👍'));
    await waitFor(() => expect(document.querySelectorAll('[role=menuitem]')).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Reagir' }));
    await menu();
    fireEvent.click(screen.getByLabelText('Remover a reação 🙏'));
    expect(reacted).toEqual(['👍', '']);
  });

  it("offers no reaction on the team's own messages, nor where reacting is not possible", () => {
    const own = message({ author: 'operator', authorName: 'Ana', body: 'Olá' });
    const { rerender } = render(
      <MessageBubble message={own} onRetry={() => undefined} onReact={() => undefined} />,
      {
        wrapper: Wrapper,
      },
    );
    expect(screen.queryByRole('button', { name: 'Reagir' })).toBeNull();
    rerender(
      <MessageBubble message={message({ author: 'contact', body: 'Oi' })} onRetry={() => undefined} />,
    );
    expect(screen.queryByRole('button', { name: 'Reagir' })).toBeNull();
  });
});
