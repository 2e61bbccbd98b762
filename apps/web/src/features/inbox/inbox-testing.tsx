import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TConversation, TInboxData, TMessage, TTemplate } from '@atende/shared';
import { Wrapper } from '../../test/setup';
import { InboxContext, type TInboxEnv } from './inbox-context';

configure({ asyncUtilTimeout: 5_000 });

/** Test data and providers of the inbox components (used by *.test.tsx only). */
export const ACC = '0190f7a8-0000-7000-8000-0000000000ac';
export const ME = '0190f7a8-0000-7000-8000-0000000000e1';
export const OTHER = '0190f7a8-0000-7000-8000-0000000000e2';
export const WEBCHAT = '0190f7a8-0000-7000-8000-0000000000f1';
export const WHATSAPP = '0190f7a8-0000-7000-8000-0000000000f2';

let seq = 0;
export function uuid(n: number): string {
  return `0190f7a8-0000-7000-8000-${String(n).padStart(12, '0')}`;
}

export function conversation(patch: Partial<TConversation> = {}): TConversation {
  seq += 1;
  const id = patch._id ?? uuid(1000 + seq);
  return {
    _id: id,
    acc: ACC,
    stage: 'waiting',
    origin: 'inbound',
    channelId: WEBCHAT,
    channelKind: 'webchat',
    contact: {
      _id: uuid(5000 + seq),
      name: `Cliente ${seq}`,
      phone: null,
      email: null,
      profilePic: null,
      tags: [],
    },
    assigneeId: null,
    departmentId: null,
    unreadCount: 0,
    counted: true,
    lastMessageAt: '2026-03-10T12:00:00.000Z',
    lastInboundAt: '2026-03-10T12:00:00.000Z',
    lastMessagePreview: 'Olá',
    takenAt: null,
    closedAt: null,
    closeReason: null,
    closeSubReason: null,
    createdAt: '2026-03-10T11:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    ...patch,
  };
}

export function message(patch: Partial<TMessage> = {}): TMessage {
  seq += 1;
  const id = patch._id ?? uuid(9000 + seq);
  return {
    _id: id,
    id,
    uid: id,
    conversationId: uuid(1001),
    timestamp: '2026-03-10T12:00:00.000Z',
    ack: 0,
    author: 'contact',
    authorId: null,
    authorName: null,
    authorImageUrl: null,
    kind: 'text',
    body: 'Oi',
    media: null,
    template: null,
    private: false,
    errorCode: null,
    ...patch,
  };
}

/** An approved WhatsApp template of the WHATSAPP channel: 'Olá {{1}}, seu pedido {{2}} foi enviado.' */
export function approvedTemplate(patch: Partial<TTemplate> = {}): TTemplate {
  return {
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
    ...patch,
  };
}

export function inboxData(patch: Partial<TInboxData['inbox']> = {}): TInboxData {
  return {
    restrictOperator: false,
    inbox: {
      restrictReportDownload: false,
      timeToSendAutomationAndCampaign: null,
      loadSize: 200,
      hideWaitingTab: false,
      blockStartConversation: false,
      restrictOutsideHours: false,
      openNow: true,
      timezone: 'America/Sao_Paulo',
      ...patch,
    },
    operators: [
      {
        name: 'Ana Souza',
        value: ME,
        operatorData: { _id: ME, intentions: [], entities: [], acl: 'admin', online: true },
        lastSeenDate: null,
      },
      {
        name: 'Bruno Lima',
        value: OTHER,
        operatorData: { _id: OTHER, intentions: ['vendas'], entities: [], acl: 'operator', online: false },
        lastSeenDate: null,
      },
      { name: 'Sem operador', value: '', operatorData: null, lastSeenDate: null },
    ],
    channels: [
      { _id: WEBCHAT, kind: 'webchat', name: 'Chat do site', status: 'active', address: 'loja' },
      {
        _id: WHATSAPP,
        kind: 'whatsapp-cloud',
        name: 'WhatsApp Loja',
        status: 'active',
        address: '+5511999990000',
      },
    ],
    counts: { waiting: 0, attendance: 0, mine: 0, hold: 0 },
    usage: { used: 3, limit: 300 },
  };
}

export { mockApi, type TCall } from '../../test/mock-api';

export function renderInbox(ui: ReactNode, env: Partial<TInboxEnv> = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const value: TInboxEnv = { acc: ACC, me: ME, manager: true, data: inboxData(), realtime: null, ...env };
  const result = render(
    <MemoryRouter initialEntries={[`/apps/inbox?acc=${ACC}`]}>
      <QueryClientProvider client={client}>
        <Notifications />
        <InboxContext.Provider value={value}>{ui}</InboxContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
  return { ...result, client };
}
