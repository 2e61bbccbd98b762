import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPanel } from './contact-panel';
import { type TCall, WHATSAPP, conversation, mockApi, renderInbox } from '../inbox-testing';

const contact = {
  _id: '0190f7a8-0000-7000-8000-00000000c0c0',
  name: 'Carla Mendes',
  phone: '+5511987654321',
  email: null,
  profilePic: null,
  tags: [],
};
const current = conversation({ contact, stage: 'attendance', lastMessageAt: '2026-03-10T12:00:00.000Z' });

function serve(history: ReturnType<typeof conversation>[]) {
  return mockApi((call: TCall) => {
    if (call.path === '/p/chat/conversation/list')
      return { body: { items: history, count: history.length, next: null } };
    if (call.path === `/p/chat/contact/${contact._id}`)
      return { body: { ...contact, phase: null, tags: [] } };
    if (call.path === '/p/chat/inbox/phases' || call.path === '/p/chat/contact/tags') return { body: [] };
    return undefined;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('contact panel', () => {
  it("lists the contact's other conversations in every stage, read by contact; one click opens it", async () => {
    const waiting = conversation({
      contact,
      channelId: WHATSAPP,
      channelKind: 'whatsapp-cloud',
      stage: 'waiting',
      lastMessagePreview: 'Alguém aí?',
      lastMessageAt: '2026-03-09T15:00:00.000Z',
    });
    const closed = conversation({
      contact,
      stage: 'closed',
      closedAt: '2026-02-01T10:00:00.000Z',
      closeReason: 'Dúvida resolvida',
      closeSubReason: 'Entrega',
    });
    const { calls } = serve([current, waiting, closed]);
    const onOpen = vi.fn();
    renderInbox(<ContactPanel conversation={current} onOpenConversation={onOpen} />);

    const list = await screen.findByRole('list', { name: 'Outras conversas do contato' });
    const items = within(list).getAllByRole('listitem');
    // The conversation on screen is not listed again.
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Aguardando');
    expect(items[0]).toHaveTextContent('Alguém aí?');
    expect(within(items[0]).getByRole('img', { name: 'WhatsApp' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Dúvida resolvida / Entrega');
    expect(items[1]).not.toHaveTextContent('Encerrada');

    const read = calls.find((c) => c.path === '/p/chat/conversation/list');
    expect(read?.query.get('contactId')).toBe(contact._id);
    expect(read?.query.has('search')).toBe(false);
    expect(read?.query.has('tab')).toBe(false);

    await userEvent.click(within(items[1]).getByRole('button'));
    expect(onOpen).toHaveBeenCalledWith(closed._id);
  });

  it('says so when the contact has no other conversation', async () => {
    serve([current]);
    renderInbox(<ContactPanel conversation={current} onOpenConversation={() => undefined} />);
    expect(await screen.findByText('Nenhuma outra conversa com este contato.')).toBeInTheDocument();
  });
});
