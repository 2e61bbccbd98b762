import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationView } from './conversation-view';
import { InboxContext } from '../inbox-context';
import { OfflineBanner } from '../inbox-screens';
import type { InboxRealtime, TRealtimeState } from '../data/inbox-realtime';
import { WHATSAPP, conversation, message, mockApi, renderInbox } from '../inbox-testing';

afterEach(() => vi.restoreAllMocks());

function api(c: ReturnType<typeof conversation>, take?: { status: number; body: unknown }) {
  return mockApi((call) => {
    if (call.path === `/p/chat/conversation/${c._id}` && call.method === 'GET') return { body: c };
    if (call.path === `/p/chat/conversation/${c._id}/messages`)
      return { body: { items: [message({ conversationId: c._id, body: 'Olá!' })], count: 1 } };
    if (call.path === `/p/chat/conversation/${c._id}/take`) return take;
    if (call.path === '/p/chat/quick-messages' || call.path === '/p/chat/closing-reasons')
      return { body: [] };
    return undefined;
  });
}

describe('conversation', () => {
  it('the loser of a take race sees why and the conversation is read again', async () => {
    const c = conversation();
    const { calls } = api(c, {
      status: 409,
      body: {
        status: 0,
        code: 'CONVERSATION_TAKEN',
        message: 'This conversation was already taken or closed',
      },
    });
    renderInbox(<ConversationView id={c._id} onBack={() => undefined} />);
    await screen.findByText('Olá!');
    fireEvent.click(screen.getByRole('button', { name: 'Assumir' }));
    expect(await screen.findByText('Esta conversa já foi assumida ou encerrada')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter((x) => x.path === `/p/chat/conversation/${c._id}` && x.method === 'GET'),
      ).toHaveLength(2),
    );
  });

  it("WhatsApp after 24 hours without the customer's reply: a template or a private note, no free text", async () => {
    const c = conversation({
      stage: 'attendance',
      assigneeId: '0190f7a8-0000-7000-8000-0000000000e1',
      channelId: WHATSAPP,
      channelKind: 'whatsapp-cloud',
      lastInboundAt: new Date(Date.now() - 25 * 3_600_000).toISOString(),
    });
    api(c);
    renderInbox(<ConversationView id={c._id} onBack={() => undefined} />);
    expect(
      await screen.findByText(
        'A janela de 24 horas está fechada: envie um modelo aprovado para retomar a conversa.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher modelo' })).toBeEnabled();
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Nota privada' }));
    expect(screen.getByRole('textbox', { name: 'Nota privada' })).toBeEnabled();
  });

  it('a closed conversation shows its reason and can be reopened', async () => {
    const c = conversation({ stage: 'closed', closeReason: 'Dúvida resolvida', closeSubReason: 'Entrega' });
    api(c);
    renderInbox(<ConversationView id={c._id} onBack={() => undefined} />);
    expect(
      await screen.findByText('Conversa encerrada. Motivo: Dúvida resolvida / Entrega'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reabrir' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).toBeNull();
  });
});

describe('offline banner', () => {
  it('says the connection was lost, retries the socket and offers a reload', () => {
    let state: TRealtimeState = { connection: 'offline', typing: {} };
    const retry = vi.fn();
    const realtime = {
      subscribe: () => () => undefined,
      getState: () => state,
      retry,
    } as unknown as InboxRealtime;
    const { rerender } = renderInbox(<OfflineBanner />, { realtime });
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Conexão perdida.');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(retry).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeInTheDocument();
    state = { connection: 'connected', typing: {} };
    rerender(
      <InboxContext.Provider value={{ acc: '', me: '', manager: true, data: {} as never, realtime }}>
        <OfflineBanner />
      </InboxContext.Provider>,
    );
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
