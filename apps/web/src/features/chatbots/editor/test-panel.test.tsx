import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { ACC, mockApi, renderPage, signInAdmin } from '../chatbots-testing';
import { TestPanel } from './test-panel';

type THandler = (...args: any[]) => void;

// jsdom has no scrolling: the console scrolls its log to the latest line.
Element.prototype.scrollTo ??= () => undefined;

/** The web chat socket as the test console sees it: the test plays the server. */
class FakeSocket {
  readonly emits: Array<{ event: string; payload: any }> = [];
  private readonly handlers = new Map<string, THandler[]>();
  on(event: string, listener: THandler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, payload?: unknown, ack?: (res: unknown) => void) {
    this.emits.push({ event, payload });
    ack?.({ status: 1, data: { id: 'stored' } });
  }
  disconnect() {}
  removeAllListeners() {
    this.handlers.clear();
  }
  server(event: string, ...args: unknown[]) {
    act(() => {
      for (const h of this.handlers.get(event) ?? []) h(...args);
    });
  }
}

const sockets = vi.hoisted(() => [] as unknown[]);
vi.mock('socket.io-client', () => ({
  io: () => {
    const s = new FakeSocket();
    sockets.push(s);
    return s;
  },
}));

const BOT = '0190f7a8-0000-7000-8000-0000000000f1';
const CONVERSATION = '0190f7a8-0000-7000-8000-0000000000c1';
const SUPPORT = '0190f7a8-0000-7000-8000-0000000000d1';

function serve(handover: { departmentId: string | null; operatorId: string | null } | null) {
  return mockApi((call) => {
    if (call.path === `/p/chatbots/${BOT}/test` && call.method === 'POST')
      return { body: { slug: 'site', token: 'tk', socketNamespace: '/webchat' } };
    if (call.path === `/p/chatbots/${BOT}/test/${CONVERSATION}`) return { body: { handover } };
    if (call.path === '/p/chat/departments')
      return {
        body: [{ _id: SUPPORT, name: 'Suporte', description: '', distribution: true, capacity: null }],
      };
    return undefined;
  });
}

async function openConsole() {
  renderPage(
    <TestPanel opened onClose={() => undefined} chatbotId={BOT} prepare={async () => undefined} />,
    '/apps/chatbot/edit/flow/:chatbot_id',
    `/apps/chatbot/edit/flow/${BOT}?acc=${ACC}`,
  );
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0] as FakeSocket;
  socket.server('connect');
  return socket;
}

const botSays = (socket: FakeSocket, id: string, body: string) =>
  socket.server('message', {
    id,
    uid: null,
    author: 'bot',
    authorName: 'Robô',
    body,
    media: null,
    timestamp: new Date().toISOString(),
  });

beforeEach(() => {
  signInAdmin();
  sockets.length = 0;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

describe('the live test console', { timeout: 20_000 }, () => {
  it('shows the bot typing from the tester’s message to its answer, and a hand-over ends the test saying where it would go', async () => {
    const { calls } = serve({ departmentId: SUPPORT, operatorId: null });
    const socket = await openConsole();
    const user = userEvent.setup();
    expect(screen.queryByRole('status', { name: 'O bot está digitando…' })).not.toBeInTheDocument();

    await user.type(screen.getByTestId('test-input'), 'oi{Enter}');
    expect(socket.emits).toEqual([{ event: 'message', payload: { id: expect.any(String), text: 'oi' } }]);
    expect(screen.getByRole('status', { name: 'O bot está digitando…' })).toBeInTheDocument();

    botSays(socket, 'b1', 'Vou te passar para o Suporte.');
    expect(screen.queryByRole('status', { name: 'O bot está digitando…' })).not.toBeInTheDocument();
    expect(screen.getByText('Vou te passar para o Suporte.')).toBeInTheDocument();

    await user.type(screen.getByTestId('test-input'), 'ok{Enter}');
    expect(screen.getByRole('status', { name: 'O bot está digitando…' })).toBeInTheDocument();
    socket.server('closed', { conversationId: CONVERSATION });
    expect(await screen.findByTestId('test-handover')).toHaveTextContent(
      'A conversa seria transferida para o departamento Suporte.',
    );
    expect(screen.getByTestId('test-handover')).toHaveTextContent(
      'Teste encerrado: conversas de teste não entram na fila nem contam no plano.',
    );
    expect(screen.queryByRole('status', { name: 'O bot está digitando…' })).not.toBeInTheDocument();
    expect(screen.queryByText('A conversa foi encerrada.')).not.toBeInTheDocument();
    expect(screen.getByTestId('test-input')).toBeDisabled();
    expect(calls.some((c) => c.path === `/p/chatbots/${BOT}/test/${CONVERSATION}`)).toBe(true);
  });

  it('in English: a hand-over to no department goes to the queue; a close without hand-over says the conversation was closed', async () => {
    await i18n.changeLanguage('en');
    serve({ departmentId: null, operatorId: null });
    let socket = await openConsole();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('test-input'), 'hi{Enter}');
    expect(screen.getByRole('status', { name: 'The bot is typing…' })).toBeInTheDocument();
    socket.server('closed', { conversationId: CONVERSATION });
    expect(await screen.findByTestId('test-handover')).toHaveTextContent(
      'The conversation would be handed over to the queue.',
    );

    // Restart: a flow that closes the conversation (no hand-over).
    vi.restoreAllMocks();
    serve(null);
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(sockets).toHaveLength(2));
    socket = sockets[1] as FakeSocket;
    socket.server('connect');
    await user.type(screen.getByTestId('test-input'), 'bye{Enter}');
    socket.server('closed', { conversationId: CONVERSATION });
    expect(await screen.findByText('The conversation was closed.')).toBeInTheDocument();
    expect(screen.queryByTestId('test-handover')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'The bot is typing…' })).not.toBeInTheDocument();
  });
});
