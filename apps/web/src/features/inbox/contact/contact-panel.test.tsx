import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPanel } from './contact-panel';
import { conversationKey } from '../data/inbox-api';
import { ACC, type TCall, WHATSAPP, conversation, mockApi, renderInbox } from '../inbox-testing';

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
  it("'Editar contato' edits name, phone and e-mail in the conversation (it sent operators to the contacts page, blocked for them)", async () => {
    const saved: Record<string, unknown>[] = [];
    mockApi((call: TCall) => {
      if (call.path === '/p/chat/conversation/list')
        return { body: { items: [current], count: 1, next: null } };
      if (call.path === `/p/chat/contact/${contact._id}` && call.method === 'PUT') {
        saved.push(call.body.data);
        return { body: { ...contact, ...call.body.data, phase: null, tags: [] } };
      }
      if (call.path === `/p/chat/contact/${contact._id}`)
        return { body: { ...contact, phase: null, tags: [] } };
      if (call.path === '/p/chat/inbox/phases' || call.path === '/p/chat/contact/tags') return { body: [] };
      return undefined;
    });
    const { client } = renderInbox(
      <ContactPanel conversation={current} onOpenConversation={() => undefined} />,
    );
    // A button of the panel, not a link away from the inbox.
    await userEvent.click(await screen.findByRole('button', { name: 'Editar contato' }));
    expect(screen.queryByRole('link', { name: 'Editar contato' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Editar contato' });
    const name = within(dialog).getByRole('textbox', { name: /Nome/ });
    expect(name).toHaveValue('Carla Mendes');
    fireEvent.change(name, { target: { value: 'Carla Mendes Souza' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'carla@example.com' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Contato atualizado.')).toBeInTheDocument();
    expect(saved).toEqual([
      { name: 'Carla Mendes Souza', phone: '+55 (11) 98765-4321', email: 'carla@example.com' },
    ]);
    // The open conversation (its header and row) reads the new details at once.
    expect(client.getQueryData<typeof current>(conversationKey(ACC, current._id))?.contact).toMatchObject({
      name: 'Carla Mendes Souza',
      email: 'carla@example.com',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar contato' })).toBeNull());
  });

  it('a phone another contact holds is refused under the phone, naming who holds it', async () => {
    mockApi((call: TCall) => {
      if (call.path === '/p/chat/conversation/list')
        return { body: { items: [current], count: 1, next: null } };
      if (call.path === `/p/chat/contact/${contact._id}` && call.method === 'PUT')
        return {
          status: 409,
          body: {
            status: 0,
            code: 'CONTACT_PHONE_EXISTS',
            message: 'phone in use',
            details: { contactId: 'other', name: 'Bruno Lima' },
          },
        };
      if (call.path === `/p/chat/contact/${contact._id}`)
        return { body: { ...contact, phase: null, tags: [] } };
      if (call.path === '/p/chat/inbox/phases' || call.path === '/p/chat/contact/tags') return { body: [] };
      return undefined;
    });
    renderInbox(<ContactPanel conversation={current} onOpenConversation={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar contato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar contato' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Telefone/ }), {
      target: { value: '(11) 98765-0000' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Este telefone já pertence ao contato Bruno Lima'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar contato' })).toBeInTheDocument();
  });
});
