import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TQuickMessage } from '@atende/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';
import { conversation, mockApi, renderInbox } from '../inbox-testing';
import { filterQuickMessages, insertQuick, quickQuery } from './quick-replies';

const quick = (shortcut: string, text: string): TQuickMessage => ({
  _id: `0190f7a8-0000-7000-8000-${shortcut.padStart(12, '0').slice(-12)}`,
  shortcut,
  text,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
});
const QUICK = [
  quick('boasvindas', 'Olá {{firstName}}, aqui é {{operator}}.'),
  quick('prazo', 'O prazo de entrega é de 5 dias úteis.'),
  quick('pix', 'Nossa chave Pix é o CNPJ.'),
];
/** A new conversation each time (drafts are kept per conversation). */
const carlaConversation = () =>
  conversation({
    contact: {
      _id: 'c1',
      name: 'Carla Mendes',
      phone: '+5511987654321',
      email: null,
      profilePic: null,
      tags: [],
    },
  });

afterEach(() => vi.restoreAllMocks());

describe('quick message typing', () => {
  it("opens on '/' at the start or after a space, not inside a word or after a space in the query", () => {
    expect(quickQuery('/', 1)).toEqual({ start: 0, query: '' });
    expect(quickQuery('Oi /pra', 7)).toEqual({ start: 3, query: 'pra' });
    expect(quickQuery('http://x', 8)).toBeNull();
    expect(quickQuery('/prazo agora', 12)).toBeNull();
    expect(quickQuery('sem barra', 9)).toBeNull();
  });

  it('lists shortcuts that start with the query first, then matches in the text, ignoring accents and case', () => {
    expect(filterQuickMessages(QUICK, 'p').map((m) => m.shortcut)).toEqual(['pix', 'prazo', 'boasvindas']);
    expect(filterQuickMessages(QUICK, 'pr').map((m) => m.shortcut)).toEqual(['prazo']);
    expect(filterQuickMessages(QUICK, 'ENTREGA').map((m) => m.shortcut)).toEqual(['prazo']);
    expect(filterQuickMessages(QUICK, 'uteis').map((m) => m.shortcut)).toEqual(['prazo']);
    expect(filterQuickMessages(QUICK, '').map((m) => m.shortcut)).toEqual(['boasvindas', 'pix', 'prazo']);
  });

  it('replaces the /query with the text', () => {
    expect(insertQuick('Oi /pra!', { start: 3, end: 7 }, 'O prazo')).toEqual({
      text: 'Oi O prazo!',
      caret: 10,
    });
  });
});

function setUp(
  render: { status?: number; body: unknown } = { body: { text: 'Olá Carla, aqui é Ana Souza.' } },
) {
  const api = mockApi((call) => {
    if (call.path === '/p/chat/quick-messages') return { body: QUICK };
    if (call.path.endsWith('/render')) return render;
    return undefined;
  });
  const carla = carlaConversation();
  const sent: Array<{ text: string; note: boolean }> = [];
  const typing: boolean[] = [];
  renderInbox(
    <Composer
      acc={carla.acc}
      conversation={carla}
      canReply
      onSend={(text, _files, note) => sent.push({ text, note })}
      onTyping={(on) => typing.push(on)}
    />,
  );
  return {
    ...api,
    carla,
    sent,
    typing,
    box: screen.getByRole('textbox', { name: 'Mensagem' }) as HTMLTextAreaElement,
  };
}

describe('composer', () => {
  it("'/' lists the quick messages, filtered as you type; Enter inserts the rendered text, Enter again sends", async () => {
    const { box, sent, calls, typing, carla } = setUp();
    await waitFor(() => expect(calls.some((c) => c.path === '/p/chat/quick-messages')).toBe(true));
    await userEvent.type(box, '/');
    const menu = await screen.findByTestId('quick-menu');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent?.split('.')[0]),
    ).toHaveLength(3);
    await userEvent.type(box, 'pr');
    await waitFor(() => expect(within(menu).getAllByRole('option')).toHaveLength(1));
    await userEvent.type(box, '{Backspace}{Backspace}boas');
    const option = within(screen.getByTestId('quick-menu')).getByRole('option', { name: /\/boasvindas/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', option.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box.value).toBe('Olá Carla, aqui é Ana Souza.'));
    const render = calls.find((c) => c.path.endsWith('/render'));
    expect(render?.query.get('conversationId')).toBe(carla._id);
    expect(screen.queryByTestId('quick-menu')).toBeNull();
    expect(sent).toEqual([]);
    await userEvent.keyboard('{Enter}');
    expect(sent).toEqual([{ text: 'Olá Carla, aqui é Ana Souza.', note: false }]);
    expect(box.value).toBe('');
    expect(typing[0]).toBe(true);
    expect(typing.at(-1)).toBe(false);
  });

  it('arrow keys choose another quick message; Escape closes the list', async () => {
    const { box } = setUp({ body: { text: 'O prazo de entrega é de 5 dias úteis.' } });
    await userEvent.type(box, '/p');
    const menu = await screen.findByTestId('quick-menu');
    await waitFor(() => expect(within(menu).getAllByRole('option')).toHaveLength(3));
    expect(within(menu).getByRole('option', { name: /\/pix/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('option', { name: /\/prazo/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('quick-menu')).toBeNull();
    expect(box.value).toBe('/p');
  });

  it("fills the variables itself when the server's rendering fails", async () => {
    const { box } = setUp({ status: 500, body: { status: 0, code: 'INTERNAL_ERROR', message: 'x' } });
    await userEvent.type(box, '/boas');
    await screen.findByTestId('quick-menu');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box.value).toBe('Olá Carla, aqui é .'));
  });

  it('Shift+Enter breaks the line; a private note goes as a note', async () => {
    const { box, sent } = setUp();
    await userEvent.type(box, 'Linha 1{Shift>}{Enter}{/Shift}Linha 2');
    expect(box.value).toBe('Linha 1\nLinha 2');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Nota privada' }));
    const note = screen.getByRole('textbox', { name: 'Nota privada' });
    await userEvent.type(note, '{Enter}');
    expect(sent).toEqual([{ text: 'Linha 1\nLinha 2', note: true }]);
  });

  it('with the WhatsApp window closed only private notes can be written', () => {
    mockApi((call) => (call.path === '/p/chat/quick-messages' ? { body: QUICK } : undefined));
    const carla = carlaConversation();
    renderInbox(<Composer acc={carla.acc} conversation={carla} canReply={false} onSend={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Nota privada' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Responder' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Adicionar nota' })).toBeDisabled();
  });
});
