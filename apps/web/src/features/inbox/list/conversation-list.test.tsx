import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { ConversationList } from './conversation-list';
import { EMPTY_FILTERS, type TListFilters } from '../data/inbox-cache';
import { type TCall, WHATSAPP, conversation, inboxData, mockApi, OTHER, renderInbox } from '../inbox-testing';
import type { TVisibleTab } from './use-tab-lists';

function Harness({ initial = 'waiting' as TVisibleTab }) {
  const [tab, setTab] = useState<TVisibleTab>(initial);
  const [filters, setFilters] = useState<TListFilters>(EMPTY_FILTERS);
  const [closed, setClosed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div style={{ height: 800, display: 'flex', flexDirection: 'column' }}>
      <ConversationList
        tab={tab}
        onTab={setTab}
        filters={filters}
        onFilters={setFilters}
        closed={closed}
        onClosed={setClosed}
        selectedId={selected}
        onSelect={setSelected}
      />
    </div>
  );
}

const carla = conversation({
  contact: {
    _id: 'c1',
    name: 'Carla Mendes',
    phone: '+5511987654321',
    email: null,
    profilePic: null,
    tags: [],
  },
  unreadCount: 2,
  lastMessagePreview: 'Meu pedido não chegou',
});
const promo = conversation({
  origin: 'campaign',
  contact: { _id: 'c2', name: 'Diego Alves', phone: null, email: null, profilePic: null, tags: [] },
  lastMessagePreview: 'Quero o cupom',
});
const bruno = conversation({
  stage: 'attendance',
  assigneeId: OTHER,
  channelId: WHATSAPP,
  channelKind: 'whatsapp-cloud',
  contact: { _id: 'c3', name: 'Elisa Prado', phone: null, email: null, profilePic: null, tags: [] },
});

/** The server's lists: a tab's conversations of the asked origins (all when none is asked). */
function answer(
  call: TCall,
  lists: Record<string, ReturnType<typeof conversation>[]>,
  counts: Record<string, number> = {},
) {
  if (call.path === '/p/chat/conversation/list') {
    const tab = call.query.get('tab') ?? '';
    const origins = call.query.get('origin')?.split(',');
    const items = (lists[tab] ?? []).filter((c) => !origins || origins.includes(c.origin));
    const key = `${tab}:${call.query.get('origin') ?? ''}`;
    return { body: { items, count: counts[key] ?? items.length, next: null } };
  }
  if (call.path === '/p/chat/contact/tags') return { body: [] };
  return undefined;
}

// jsdom lays nothing out: the virtual list reads its viewport size from clientWidth/clientHeight.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(340);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

/** A select inside a popover: in jsdom its dropdown stays display:none (no layout), so the option is hidden. */
function pickHidden(input: HTMLElement, option: string) {
  fireEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('conversation list', () => {
  it('Campanhas is read from the server (origin=campaign, waiting and in attendance) with the server counts', async () => {
    const taken = conversation({
      origin: 'campaign',
      stage: 'attendance',
      assigneeId: OTHER,
      contact: { _id: 'c4', name: 'Fábio Reis', phone: null, email: null, profilePic: null, tags: [] },
      lastMessageAt: '2026-03-10T12:30:00.000Z',
    });
    const { calls } = mockApi((call) =>
      answer(
        call,
        { waiting: [carla, promo], attendance: [bruno, taken] },
        // More than one page: the tabs show the server's counts, not what was loaded.
        { 'waiting:inbound,outbound': 57, 'waiting:campaign': 30, 'attendance:campaign': 12 },
      ),
    );
    renderInbox(<Harness initial="campaigns" />);
    await screen.findByText('Fábio Reis');
    expect(screen.getByText('Diego Alves')).toBeInTheDocument();
    // Newest activity first across both reads; nothing that is not a campaign's.
    const names = screen.getAllByTestId('conversation-row').map((r) => r.getAttribute('aria-label'));
    expect(names[0]).toContain('Fábio Reis');
    expect(names[1]).toContain('Diego Alves');
    expect(screen.queryByText('Carla Mendes')).toBeNull();
    expect(screen.queryByText('Elisa Prado')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('tab-count-waiting')).toHaveTextContent('57'));
    expect(screen.getByTestId('tab-count-campaigns')).toHaveTextContent('42');
    expect(screen.getByTestId('tab-count-attendance')).toHaveTextContent('1');
    const read = (tab: string, origin: string) =>
      calls.some((c) => c.query.get('tab') === tab && c.query.get('origin') === origin);
    expect(read('waiting', 'campaign')).toBe(true);
    expect(read('attendance', 'campaign')).toBe(true);
    expect(read('waiting', 'inbound,outbound')).toBe(true);
    expect(read('attendance', 'inbound,outbound')).toBe(true);
    expect(
      calls
        .find((c) => c.query.get('origin') === 'campaign' && c.query.get('tab') === 'attendance')
        ?.query.get('scope'),
    ).toBe('all');
  });

  it('shows each conversation with its name, channel, last message, unread count and assignee; counts per tab', async () => {
    mockApi((call) => answer(call, { waiting: [carla, promo], attendance: [bruno] }));
    renderInbox(<Harness />);
    const row = await screen.findByRole('button', { name: 'Carla Mendes, Chat do site, 2 não lidas' });
    expect(within(row).getByText('Meu pedido não chegou')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('Sem operador')).toBeInTheDocument();
    // The campaign conversation is in Campanhas, not in Aguardando Atendimento.
    expect(screen.queryByText('Diego Alves')).toBeNull();
    expect(screen.getByTestId('tab-count-waiting')).toHaveTextContent('1');
    expect(screen.getByTestId('tab-count-attendance')).toHaveTextContent('1');
    await waitFor(() => expect(screen.getByTestId('tab-count-campaigns')).toHaveTextContent('1'));

    await userEvent.click(screen.getByRole('tab', { name: /Em Atendimento/ }));
    const elisa = await screen.findByRole('button', { name: 'Elisa Prado, WhatsApp' });
    expect(within(elisa).getByText('Atendente: Bruno Lima')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /Campanhas/ }));
    expect(await screen.findByText('Diego Alves')).toBeInTheDocument();
    expect(screen.queryByText('Carla Mendes')).toBeNull();
  });

  it('searches on the server after a pause in typing, and filters by channel', {
    timeout: 20_000,
  }, async () => {
    const { calls } = mockApi((call) => answer(call, { waiting: [carla], attendance: [] }));
    renderInbox(<Harness />);
    await screen.findByText('Carla Mendes');
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar conversas' }), {
      target: { value: 'carla' },
    });
    await waitFor(() =>
      expect(calls.some((c) => c.query.get('tab') === 'waiting' && c.query.get('search') === 'carla')).toBe(
        true,
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    pickHidden(await screen.findByRole('textbox', { name: 'Canal' }), 'WhatsApp Loja');
    await waitFor(() => expect(calls.some((c) => c.query.get('channel') === WHATSAPP)).toBe(true));
    expect(screen.getByRole('button', { name: 'Filtros (1 ativos)' })).toBeInTheDocument();
  });

  it("managers filter by operator, 'Sem operador' included", { timeout: 20_000 }, async () => {
    const { calls } = mockApi((call) =>
      answer(call, { waiting: [], attendance: call.query.has('operator') ? [] : [bruno] }),
    );
    renderInbox(<Harness initial="attendance" />);
    await screen.findByText('Elisa Prado');
    expect(calls.find((c) => c.query.get('tab') === 'attendance')?.query.get('scope')).toBe('all');
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    pickHidden(await screen.findByRole('textbox', { name: 'Operador' }), 'Sem operador');
    // 'Sem operador' is operator='' (no assignee): the server answers only unassigned conversations.
    await waitFor(() =>
      expect(calls.some((c) => c.query.get('tab') === 'attendance' && c.query.get('operator') === '')).toBe(
        true,
      ),
    );
    await screen.findByText('Nenhuma conversa com estes filtros.');
  });

  it('renders only the rows on screen of a 1000-conversation list', async () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      conversation({ lastMessageAt: new Date(Date.UTC(2026, 2, 10, 12, 0, 0) - i * 60_000).toISOString() }),
    );
    mockApi((call) => answer(call, { waiting: many, attendance: [] }));
    renderInbox(<Harness />);
    const rows = await screen.findAllByTestId('conversation-row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(screen.getByTestId('tab-count-waiting')).toHaveTextContent('1000');
    expect(rows[0].closest('li')).toHaveAttribute('aria-setsize', '1000');
    // Arrow keys move between rows.
    rows[0].focus();
    fireEvent.keyDown(rows[0], { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('conversation-row')[1]));
  });

  it("an empty 'Com o bot' tab says so in words, in both languages (it showed the key list.empty.flow)", async () => {
    mockApi((call) => answer(call, { waiting: [carla], attendance: [], flow: [] }));
    renderInbox(<Harness initial="flow" />);
    await screen.findByText('Nenhuma conversa com o bot agora.');
    expect(screen.queryByText(/list\.empty/)).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('No conversations with the bot right now.')).toBeInTheDocument();
  });

  it('operators do not see the waiting tab when the settings hide it', async () => {
    const { calls } = mockApi((call) => answer(call, { waiting: [carla], attendance: [] }));
    renderInbox(<Harness initial="attendance" />, {
      manager: false,
      data: inboxData({ hideWaitingTab: true }),
    });
    await screen.findByText('Nenhuma conversa em atendimento.');
    expect(screen.queryByRole('tab', { name: /Aguardando Atendimento/ })).toBeNull();
    // Not even for Campanhas: it reads their attendance only.
    await waitFor(() => expect(calls.some((c) => c.query.get('origin') === 'campaign')).toBe(true));
    expect(calls.some((c) => c.query.get('tab') === 'waiting')).toBe(false);
    expect(calls.find((c) => c.query.get('tab') === 'attendance')?.query.get('scope')).toBeNull();
  });
});
