import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAccountDetails, TTemplate } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../../app/session';
import { ACC, WHATSAPP, conversation, inboxData, mockApi, renderInbox, uuid } from './inbox-testing';
import { StartConversationPage } from './start-conversation-page';

const SMS = uuid(77);
const template: TTemplate = {
  _id: uuid(88),
  channelId: WHATSAPP,
  name: 'pedido_enviado',
  language: 'pt_BR',
  category: 'UTILITY',
  header: null,
  body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
  footer: null,
  buttons: [],
  examples: { body: ['Ana', '123'], header: [] },
  variables: ['1', '2'],
  status: 'approved',
  providerTemplateId: null,
  rejectionReason: null,
  submittedAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

function data() {
  const d = inboxData();
  d.channels.push({ _id: SMS, kind: 'sms', name: 'SMS Loja', status: 'active', address: '+5511999990001' });
  return d;
}

beforeEach(() => {
  resetSession({
    token: 't',
    status: 'ready',
    account: { acc: { _id: ACC, name: 'Loja' }, userAccAccessAcl: 'admin' } as unknown as TAccountDetails,
  });
});
afterEach(() => vi.restoreAllMocks());

function pick(label: RegExp, option: string) {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('start a conversation', () => {
  it('a WhatsApp template with its variables to a new number; the active conversation error links to it', async () => {
    const open = conversation({ stage: 'attendance', channelId: WHATSAPP });
    const { calls } = mockApi((call) => {
      if (call.path === `/p/chat/inbox/${ACC}`) return { body: data() };
      if (call.path === '/p/chat/templates') return { body: [template] };
      if (call.path === '/p/chat/conversation/start')
        return { status: 409, body: { status: 0, code: 'ACTIVE_CONVERSATION_EXISTS', message: 'x' } };
      if (call.path === '/p/chat/conversation/list')
        return {
          body: { items: call.query.get('tab') === 'attendance' ? [open] : [], count: 1, next: null },
        };
      if (call.path === '/p/chat/contact/list') return { body: { items: [], count: 0 } };
      return undefined;
    });
    renderInbox(<StartConversationPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Novo número' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Telefone/ }), {
      target: { value: '(11) 98765-4321' },
    });
    pick(/^Canal/, 'WhatsApp Loja (WhatsApp)');
    await waitFor(() => expect(calls.some((c) => c.path === '/p/chat/templates')).toBe(true));
    expect(calls.find((c) => c.path === '/p/chat/templates')?.query.get('status')).toBe('approved');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Modelo/ })).toBeEnabled());
    pick(/^Modelo/, 'pedido_enviado (pt_BR)');
    fireEvent.change(screen.getByRole('textbox', { name: 'Variável 1' }), { target: { value: 'Carla' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Variável 2' }), { target: { value: '987' } });
    expect(screen.getByText('Olá Carla, seu pedido 987 foi enviado.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar conversa' }));

    const error = await screen.findByTestId('start-error');
    expect(error).toHaveTextContent('Já existe uma conversa ativa com este número');
    const link = await within(error).findByRole('link', { name: 'Abrir a conversa ativa' });
    expect(link.getAttribute('href')).toContain(`c=${open._id}`);
    const start = calls.find((c) => c.path === '/p/chat/conversation/start');
    expect(start?.body).toEqual({
      channelId: WHATSAPP,
      phone: '+55 (11) 98765-4321',
      templateId: template._id,
      variables: ['Carla', '987'],
    });
  });

  it('SMS needs a text; the server’s refusals are shown in the reader’s language', async () => {
    mockApi((call) => {
      if (call.path === `/p/chat/inbox/${ACC}`) return { body: data() };
      if (call.path === '/p/chat/conversation/start')
        return { status: 400, body: { status: 0, code: 'NUMBER_NOT_EXISTS', message: 'x' } };
      if (call.path === '/p/chat/contact/list') return { body: { items: [], count: 0 } };
      return undefined;
    });
    renderInbox(<StartConversationPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Novo número' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Telefone/ }), { target: { value: '1199' } });
    pick(/^Canal/, 'SMS Loja (SMS)');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar conversa' }));
    expect(await screen.findByText('Messagem não pode estar vazio')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /^Mensagem/ }), {
      target: { value: 'Seu pedido chegou!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar conversa' }));
    expect(await screen.findByTestId('start-error')).toHaveTextContent('Este número não existe');
  });

  it('operators blocked by the settings cannot start conversations', async () => {
    resetSession({
      token: 't',
      status: 'ready',
      account: {
        acc: { _id: ACC, name: 'Loja' },
        userAccAccessAcl: 'operator',
      } as unknown as TAccountDetails,
    });
    mockApi((call) =>
      call.path === `/p/chat/inbox/${ACC}`
        ? { body: inboxData({ blockStartConversation: true }) }
        : undefined,
    );
    renderInbox(<StartConversationPage />);
    expect(
      await screen.findByText('O administrador desta conta não permite que operadores iniciem conversas.'),
    ).toBeInTheDocument();
  });
});
