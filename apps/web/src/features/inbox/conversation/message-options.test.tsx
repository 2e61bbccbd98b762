import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Wrapper } from '../../../test/setup';
import { message } from '../inbox-testing';
import { MessageBubble } from './message-bubble';

describe('the options a customer was offered', () => {
  it('a menu is numbered as the customer answers it', () => {
    const menu = message({
      author: 'bot',
      body: 'Com qual área?',
      interactive: {
        options: [
          { id: 'a', title: 'Vendas' },
          { id: 'b', title: 'Suporte' },
        ],
      },
    });
    render(<MessageBubble message={menu} onRetry={() => undefined} />, { wrapper: Wrapper });
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Vendas', 'Suporte']);
  });

  it("options that carry their own numbers ('5 - Excelente') are not numbered again", () => {
    const csat = message({
      author: 'bot',
      body: 'Como você avalia o nosso atendimento?',
      interactive: {
        options: ['Muito ruim', 'Ruim', 'Regular', 'Bom', 'Excelente'].map((label, i) => ({
          id: `csat:${i + 1}`,
          title: `${i + 1} - ${label}`,
        })),
      },
    });
    render(<MessageBubble message={csat} onRetry={() => undefined} />, { wrapper: Wrapper });
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('UL');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('1 - Muito ruim');
  });

  it('a scale of numbers (NPS 0–10) shows its numbers alone, not numbered again', () => {
    const nps = message({
      author: 'bot',
      body: 'De 0 a 10, o quanto você nos recomendaria?',
      interactive: { options: Array.from({ length: 11 }, (_, n) => ({ id: `nps:${n}`, title: String(n) })) },
    });
    render(<MessageBubble message={nps} onRetry={() => undefined} />, { wrapper: Wrapper });
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('UL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(Array.from({ length: 11 }, (_, n) => String(n)));
  });
});
