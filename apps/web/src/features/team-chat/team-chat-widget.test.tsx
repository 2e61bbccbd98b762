import type { TAccountDetails, TTeamChatMessage, TTeamChatRoom } from '@atende/shared';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { resetSession } from '../../app/session';
import { mockApi } from '../../test/mock-api';
import { Wrapper } from '../../test/setup';
import { type TChatSocket, TeamChatClient } from './chat-client';
import { TeamChatMount } from './team-chat-mount';
import { TeamChatLauncher, useTeamChatClient } from './team-chat-widget';
import { ChatClientContext } from './use-chat';

const ME = '0190f7a8-0000-7000-8000-000000000001';
const BOB = '0190f7a8-0000-7000-8000-000000000002';
const ACC = '0190f7a8-0000-7000-8000-0000000000ac';
const ROOM = '0190f7a8-0000-7000-8000-0000000000a1';
const AI_ROOM = '0190f7a8-0000-7000-8000-0000000000a2';

type TAck = (res: unknown) => void;

/** A socket.io-client stand-in: records emits, lets the test play the server. */
class FakeSocket implements TChatSocket {
  connected = false;
  readonly emits: Array<{ event: string; payload: any; ack?: TAck }> = [];
  private readonly handlers = new Map<string, Array<(...args: any[]) => void>>();
  on(event: string, listener: (...args: any[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
  }
  emit(event: string, payload?: unknown, ack?: TAck) {
    this.emits.push({ event, payload, ack });
  }
  connect() {
    this.connected = true;
    this.server('connect');
  }
  disconnect() {
    this.connected = false;
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  server(event: string, ...args: unknown[]) {
    act(() => {
      for (const h of this.handlers.get(event) ?? []) h(...args);
    });
  }
  find(event: string) {
    return this.emits.filter((e) => e.event === event);
  }
}

function room(patch: Partial<TTeamChatRoom>): TTeamChatRoom {
  return {
    roomId: ROOM,
    roomName: 'Loja da Ana',
    avatar: null,
    unreadCount: 0,
    users: [ME, BOB],
    type: 'account',
    lastSeq: 0,
    ...patch,
  };
}

function message(patch: Partial<TTeamChatMessage>): TTeamChatMessage {
  return {
    _id: '0190f7a8-0000-7000-8000-00000000f001',
    content: 'Bom dia!',
    senderId: BOB,
    roomId: ROOM,
    files: [],
    timestamp: new Date('2026-01-01T12:00:00Z').toISOString(),
    status: 'sent',
    seq: 1,
    tempId: 'x',
    ...patch,
  };
}

function setup() {
  const socket = new FakeSocket();
  const client = new TeamChatClient({ accountId: ACC, userId: ME, socket });
  socket.connect();
  socket.server('updateUnreadCount', {
    rooms: [room({ unreadCount: 2 }), room({ roomId: AI_ROOM, type: 'ai', users: [ME], roomName: 'AI' })],
    total: 2,
  });
  socket.server('teamMembers', {
    full: true,
    members: [
      { userId: ME, name: 'Ana Souza', avatar: null, status: 'online', lastSeen: null },
      { userId: BOB, name: 'Bruno Lima', avatar: null, status: 'idle', lastSeen: null },
    ],
  });
  render(
    <Wrapper>
      <ChatClientContext.Provider value={client}>
        <TeamChatLauncher />
      </ChatClientContext.Provider>
    </Wrapper>,
  );
  return { socket, client };
}

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetSession({ token: null, account: null, status: 'anonymous' });
  await i18n.changeLanguage('pt-BR');
});

describe('team chat widget', () => {
  it('shows the unread badge, 99+ above 100', () => {
    const { socket } = setup();
    expect(screen.getByRole('button', { name: 'Abrir o chat interno (2 não lidas)' })).toBeInTheDocument();
    expect(screen.getByTestId('team-chat-badge')).toHaveTextContent('2');
    socket.server('updateUnreadCount', { rooms: [room({ unreadCount: 100 })], total: 100 });
    expect(screen.getByTestId('team-chat-badge')).toHaveTextContent('100');
    socket.server('updateUnreadCount', { rooms: [room({ unreadCount: 101 })], total: 101 });
    expect(screen.getByTestId('team-chat-badge')).toHaveTextContent('99+');
  });

  it('opens the panel, lists rooms and members with presence, and reading a room clears its count', async () => {
    const { socket } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Abrir o chat interno/ }));
    const panel = await screen.findByRole('dialog', { name: 'Chat Interno - Beta' });
    expect(within(panel).getByRole('button', { name: 'Todos, 2 não lidas' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Assistente de IA' })).toBeInTheDocument();
    expect(
      within(panel).getByRole('button', { name: 'Conversar com Bruno Lima (Ausente)' }),
    ).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Todos, 2 não lidas' }));
    expect(socket.find('fetchMessages')[0].payload).toEqual({ roomId: ROOM, limit: 30 });
    expect(socket.find('updateUnreadCount')[0].payload).toEqual({ roomId: ROOM });
    expect(screen.getByTestId('team-chat-badge')).not.toHaveTextContent('2');
    act(() =>
      socket
        .find('fetchMessages')[0]
        .ack?.({ status: 1, data: { roomId: ROOM, messages: [message({})], nextCursor: null } }),
    );
    expect(await within(panel).findByText('Bom dia!')).toBeInTheDocument();
    expect(within(panel).getByText('Bruno Lima')).toBeInTheDocument();

    // A message arriving in the room on screen is marked read, not counted.
    socket.server(
      'sendMessage',
      message({ _id: '0190f7a8-0000-7000-8000-00000000f002', content: 'Tudo bem?', seq: 2 }),
    );
    expect(await within(panel).findByText('Tudo bem?')).toBeInTheDocument();
    expect(socket.find('updateUnreadCount')).toHaveLength(2);
  });

  it('opening a room puts the cursor in its message box (typing right away went nowhere)', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: /Abrir o chat interno/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Conversar com Bruno Lima (Ausente)' }));
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    await waitFor(() => expect(box).toHaveFocus());
    await userEvent.keyboard('Oi Bruno');
    expect(box).toHaveValue('Oi Bruno');
  });

  it('an admin alone in the account is offered to invite people', async () => {
    resetSession({
      token: 'token',
      status: 'ready',
      account: {
        acc: { _id: ACC, id: ACC, name: 'Loja' },
        userAccAccessAcl: 'admin',
      } as unknown as TAccountDetails,
    });
    const socket = new FakeSocket();
    const client = new TeamChatClient({ accountId: ACC, userId: ME, socket });
    socket.connect();
    socket.server('updateUnreadCount', { rooms: [room({})], total: 0 });
    socket.server('teamMembers', {
      full: true,
      members: [{ userId: ME, name: 'Ana Souza', avatar: null, status: 'online', lastSeen: null }],
    });
    render(
      <Wrapper>
        <MemoryRouter>
          <ChatClientContext.Provider value={client}>
            <TeamChatLauncher />
          </ChatClientContext.Provider>
        </MemoryRouter>
      </Wrapper>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Abrir o chat interno/ }));
    const panel = await screen.findByRole('dialog', { name: 'Chat Interno - Beta' });
    expect(within(panel).getByText(/Ainda não há outros membros nesta conta/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Convidar pessoas' })).toHaveAttribute(
      'href',
      `/acc/users?acc=${ACC}`,
    );
  });

  it('counts a message for a room that is not on screen', async () => {
    const { socket } = setup();
    socket.server('updateUnreadCount', { rooms: [room({})], total: 0 });
    socket.server('sendMessage', message({}));
    expect(screen.getByRole('button', { name: 'Abrir o chat interno (1 não lidas)' })).toBeInTheDocument();
    // The same message again (another tab, a stream) is not counted twice.
    socket.server('sendMessage', message({}));
    expect(screen.getByTestId('team-chat-badge')).toHaveTextContent('1');
  });

  it('sends with a tempId: sending, then sent on the ack; offline it says Socket not connected and sends after reconnecting', async () => {
    const { socket } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Abrir o chat interno/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Todos, 2 não lidas' }));
    const box = screen.getByRole('textbox', { name: 'Mensagem' });
    await userEvent.type(box, 'Olá, equipe{Enter}');
    const sent = socket.find('sendMessage')[0];
    expect(sent.payload).toMatchObject({ roomId: ROOM, content: 'Olá, equipe', files: [] });
    expect(box).toHaveValue('');
    expect(screen.getByTestId('send-status')).toHaveTextContent('Enviando…');
    act(() =>
      sent.ack?.({
        status: 1,
        data: message({ senderId: ME, content: 'Olá, equipe', tempId: sent.payload.tempId, seq: 5 }),
      }),
    );
    expect(await screen.findByText('Enviada')).toBeInTheDocument();

    // Offline: kept, 'Socket not connected' in Portuguese, sent after reconnecting.
    socket.connected = false;
    socket.server('disconnect', 'transport close');
    await userEvent.type(box, 'Sem rede{Enter}');
    expect(socket.find('sendMessage')).toHaveLength(1);
    expect(await screen.findByText(/Socket não conectado/)).toBeInTheDocument();
    socket.connect();
    await waitFor(() => expect(socket.find('sendMessage')).toHaveLength(2));
    expect(socket.find('sendMessage')[1].payload.content).toBe('Sem rede');
  });

  it('after 3 retries (2 s, 4 s, 8 s) a message is failed with the reason and a retry button, in both languages', async () => {
    const { socket, client } = setup();
    act(() => {
      client.setOpen(true);
      client.openRoom(ROOM);
    });
    await screen.findByRole('textbox', { name: 'Mensagem' });
    vi.useFakeTimers();
    act(() => client.send(ROOM, 'Vai falhar'));
    const fail = { status: 0, code: 'INTERNAL_ERROR', message: 'boom' };
    act(() => socket.find('sendMessage')[0].ack?.(fail));
    expect(screen.getByTestId('send-status')).toHaveTextContent('Nova tentativa 1 de 3… · Falha no envio');
    for (const [i, delay] of [2_000, 4_000, 8_000].entries()) {
      act(() => vi.advanceTimersByTime(delay));
      act(() => socket.find('sendMessage')[i + 1].ack?.(fail));
    }
    expect(socket.find('sendMessage')).toHaveLength(4);
    expect(screen.getByRole('alert')).toHaveTextContent('Não enviada: Falha no envio');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('alert')).toHaveTextContent('Not sent: Send failed');
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(socket.find('sendMessage')).toHaveLength(5);
    // No ack for 30 s at every attempt: the manual round ends with 'Retry failed'.
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('send-status')).toHaveTextContent('Timeout - no response from server');
    act(() => vi.advanceTimersByTime(2_000 + 30_000 + 4_000 + 30_000 + 8_000 + 30_000));
    expect(socket.find('sendMessage')).toHaveLength(8);
    expect(screen.getByRole('alert')).toHaveTextContent('Not sent: Retry failed');
  });

  it('the AI room asks with sendMessageGPT and shows the streamed answer with the built-in assistant note', async () => {
    const { socket } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Abrir o chat interno/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Assistente de IA' }));
    expect(screen.queryByRole('button', { name: 'Anexar arquivo' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Como envio arquivos?{Enter}');
    expect(socket.find('sendMessageGPT')[0].payload).toMatchObject({ content: 'Como envio arquivos?' });
    const answer = {
      _id: '0190f7a8-0000-7000-8000-00000000a001',
      roomId: AI_ROOM,
      senderId: 'assistant',
      tempId: null,
      seq: 0,
    };
    socket.server('sendMessage', message({ ...answer, status: 'sending', content: 'Sou o assistente' }));
    expect(await screen.findByText('Escrevendo…')).toBeInTheDocument();
    socket.server(
      'sendMessage',
      message({
        ...answer,
        seq: 2,
        content: 'Sou o assistente integrado, não um modelo de linguagem.',
        ai: { provider: 'retrieval', model: 'atende-retrieval' },
      }),
    );
    expect(await screen.findByText(/não um modelo de linguagem\.$/)).toBeInTheDocument();
    expect(screen.getByTestId('ai-note')).toHaveTextContent('Não é um modelo de linguagem.');
    expect(screen.getAllByTestId('chat-message')).toHaveLength(2);
  });
});

describe('the AI room without a model', () => {
  /** The server answers the room's first page: no message yet. */
  const noMessagesYet = (socket: FakeSocket) =>
    act(() =>
      socket
        .find('fetchMessages')[0]
        .ack?.({ status: 1, data: { roomId: AI_ROOM, messages: [], nextCursor: null } }),
    );

  it('says before any question that no AI model is connected and the built-in assistant only finds texts', async () => {
    const { calls } = mockApi((call) =>
      call.path === '/p/chat/ai/status' ? { body: { enabled: true, model: false } } : undefined,
    );
    const { socket } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Abrir o chat interno/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Assistente de IA' }));
    noMessagesYet(socket);
    expect(await screen.findByText(/^Nenhum modelo de IA está conectado a esta conta\./)).toBeInTheDocument();
    expect(screen.getByText('Sem modelo de IA conectado')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/p/chat/ai/status')?.query.get('acc')).toBe(ACC);
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText(/^No AI model is connected to this account\./)).toBeInTheDocument();
  });

  it('with a model the room keeps its invitation to ask', async () => {
    mockApi((call) =>
      call.path === '/p/chat/ai/status' ? { body: { enabled: true, model: true } } : undefined,
    );
    const { socket } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Abrir o chat interno/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Assistente de IA' }));
    noMessagesYet(socket);
    expect(await screen.findByText(/^Faça uma pergunta ao assistente/)).toBeInTheDocument();
    expect(screen.queryByText(/Nenhum modelo de IA/)).toBeNull();
  });
});

describe('TeamChatMount', () => {
  const details = {
    acc: { _id: ACC, name: 'Loja' },
    userAccAccessAcl: 'operator',
  } as unknown as TAccountDetails;

  it('renders nothing for restricted operators or without an account', () => {
    resetSession({
      token: 't',
      status: 'ready',
      account: details,
      restrictedOperator: true,
      user: { _id: ME } as any,
    });
    render(
      <Wrapper>
        <TeamChatMount />
      </Wrapper>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    act(() => resetSession({ token: 't', status: 'loading', account: null, user: { _id: ME } as any }));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('useTeamChatClient', () => {
  it('connects per account: a new account disconnects the old socket and opens a new one', () => {
    const sockets: FakeSocket[] = [];
    const create = (accountId: string, userId: string) => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return new TeamChatClient({ accountId, userId, socket });
    };
    const { result, rerender, unmount } = renderHook(({ acc }) => useTeamChatClient(acc, ME, create), {
      initialProps: { acc: ACC },
    });
    const first = result.current!;
    expect(first.getState().accountId).toBe(ACC);
    sockets[0].connect();
    rerender({ acc: '0190f7a8-0000-7000-8000-0000000000bd' });
    expect(sockets[0].connected).toBe(false);
    expect(result.current?.getState().accountId).toBe('0190f7a8-0000-7000-8000-0000000000bd');
    unmount();
    expect(sockets.at(-1)?.connected).toBe(false);
  });
});
