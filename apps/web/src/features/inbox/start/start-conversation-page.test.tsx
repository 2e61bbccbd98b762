import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAccountDetails, TTemplate } from '@atende/shared';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { resetSession } from '../../../app/session';
import {
  ACC,
  WHATSAPP,
  approvedTemplate,
  conversation,
  inboxData,
  mockApi,
  renderInbox,
  uuid,
} from '../inbox-testing';
import { StartConversationPage } from './start-conversation-page';

const SMS = uuid(77);
const template = approvedTemplate();

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

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
  it('a WhatsApp template with its variables to a new number; the active conversation error opens it', async () => {
    const open = conversation({ stage: 'attendance', channelId: WHATSAPP });
    const { calls } = mockApi((call) => {
      if (call.path === `/p/chat/inbox/${ACC}`) return { body: data() };
      if (call.path === '/p/chat/templates') return { body: { items: [template], count: 1 } };
      if (call.path === '/p/chat/conversation/start')
        return {
          status: 409,
          body: {
            status: 0,
            code: 'ACTIVE_CONVERSATION_EXISTS',
            message: 'x',
            details: { conversationId: open._id },
          },
        };
      if (call.path === '/p/chat/contact/list') return { body: { items: [], count: 0 } };
      return undefined;
    });
    renderInbox(
      <>
        <StartConversationPage />
        <Where />
      </>,
    );
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
    // A variable left empty is asked for under its field; nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar conversa' }));
    expect(await screen.findByText('Este campo é obrigatório')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/p/chat/conversation/start')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Variável 2' }), { target: { value: '987' } });
    expect(screen.getByText('Olá Carla, seu pedido 987 foi enviado.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar conversa' }));

    const error = await screen.findByTestId('start-error');
    expect(error).toHaveTextContent('Já existe uma conversa ativa com este número');
    const start = calls.find((c) => c.path === '/p/chat/conversation/start');
    expect(start?.body).toEqual({
      channelId: WHATSAPP,
      phone: '+55 (11) 98765-4321',
      templateId: template._id,
      variables: ['Carla', '987'],
    });
    // The error names the open conversation (no search for it): one click opens it in the inbox.
    expect(calls.some((c) => c.path === '/p/chat/conversation/list')).toBe(false);
    fireEvent.click(within(error).getByRole('link', { name: 'Abrir conversa' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/apps/inbox?c=${open._id}&acc=${ACC}`);
  });

  it('in English; no button when the open conversation is not this member’s to see (no id)', async () => {
    await i18n.changeLanguage('en');
    try {
      mockApi((call) => {
        if (call.path === `/p/chat/inbox/${ACC}`) return { body: data() };
        if (call.path === '/p/chat/conversation/start')
          return { status: 409, body: { status: 0, code: 'ACTIVE_CONVERSATION_EXISTS', message: 'x' } };
        if (call.path === '/p/chat/contact/list') return { body: { items: [], count: 0 } };
        return undefined;
      });
      renderInbox(<StartConversationPage />);
      fireEvent.click(await screen.findByRole('radio', { name: 'New number' }));
      fireEvent.change(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '11987654321' } });
      pick(/^Channel/, 'SMS Loja (SMS)');
      fireEvent.change(screen.getByRole('textbox', { name: /^Message/ }), { target: { value: 'Oi' } });
      fireEvent.click(screen.getByRole('button', { name: 'Start conversation' }));
      const error = await screen.findByTestId('start-error');
      expect(error).toHaveTextContent('An active conversation already exists with this number');
      expect(within(error).queryByRole('link')).toBeNull();
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
  });

  it('a header variable (in English): fields named by part, header first in the variables sent', async () => {
    const withHeader: TTemplate = {
      ...template,
      _id: uuid(89),
      name: 'entrega_agendada',
      header: 'Pedido {{1}}',
      body: 'Olá {{1}}, sua entrega chega {{2}}.',
      examples: { body: ['Ana', 'amanhã'], header: ['1234'] },
    };
    await i18n.changeLanguage('en');
    try {
      const { calls } = mockApi((call) => {
        if (call.path === `/p/chat/inbox/${ACC}`) return { body: data() };
        if (call.path === '/p/chat/templates') return { body: { items: [withHeader], count: 1 } };
        if (call.path === '/p/chat/conversation/start')
          return { status: 400, body: { status: 0, code: 'NUMBER_NOT_EXISTS', message: 'x' } };
        if (call.path === '/p/chat/contact/list') return { body: { items: [], count: 0 } };
        return undefined;
      });
      renderInbox(<StartConversationPage />);
      fireEvent.click(await screen.findByRole('radio', { name: 'New number' }));
      fireEvent.change(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '11987654321' } });
      pick(/^Channel/, 'WhatsApp Loja (WhatsApp)');
      await waitFor(() => expect(screen.getByRole('textbox', { name: /^Template/ })).toBeEnabled());
      pick(/^Template/, 'entrega_agendada (pt_BR)');
      const header = screen.getByRole('textbox', { name: 'Header {{1}}' });
      expect(header).toHaveAccessibleDescription('e.g. 1234');
      expect(screen.getByRole('textbox', { name: 'Body {{1}}' })).toHaveAccessibleDescription('e.g. Ana');
      expect(screen.queryByRole('textbox', { name: 'Variable 1' })).toBeNull();
      fireEvent.change(header, { target: { value: '987' } });
      fireEvent.change(screen.getByRole('textbox', { name: 'Body {{1}}' }), { target: { value: 'Carla' } });
      fireEvent.change(screen.getByRole('textbox', { name: 'Body {{2}}' }), { target: { value: 'amanhã' } });
      expect(screen.getByText('Pedido 987')).toBeInTheDocument();
      expect(screen.getByText('Olá Carla, sua entrega chega amanhã.')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Start conversation' }));
      expect(await screen.findByTestId('start-error')).toHaveTextContent('This number does not exist');
      expect(calls.find((c) => c.path === '/p/chat/conversation/start')?.body).toMatchObject({
        templateId: withHeader._id,
        variables: ['987', 'Carla', 'amanhã'],
      });
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
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
