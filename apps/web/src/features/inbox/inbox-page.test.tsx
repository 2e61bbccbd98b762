import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { TAccountDetails, TInboxData } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { resetSession } from '../../app/session';
import { Wrapper } from '../../test/setup';
import { InboxPage } from './inbox-page';
import { conversationKey } from './data/inbox-api';
import { ACC, ME, OTHER, conversation, inboxData, mockApi } from './inbox-testing';

// No real socket in jsdom: a socket that never connects.
vi.mock('../../app/socket', () => ({
  joinAttendance: () => ({
    connected: false,
    on: () => undefined,
    emit: () => undefined,
    connect: () => undefined,
    disconnect: () => undefined,
    removeAllListeners: () => undefined,
  }),
}));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderPage(path = `/apps/inbox?acc=${ACC}`) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Notifications />
      <Routes>
        <Route path="/apps/inbox" element={<InboxPage />} />
        <Route path="/restricted" element={<p>restricted page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
}

function serve(data: TInboxData) {
  const carla = conversation({
    contact: { _id: 'c1', name: 'Carla Mendes', phone: null, email: null, profilePic: null, tags: [] },
  });
  return mockApi((call) => {
    if (call.path === `/p/chat/inbox/${ACC}`) return { body: data };
    if (call.path === '/p/chat/conversation/list')
      return { body: { items: call.query.get('tab') === 'waiting' ? [carla] : [], count: 1, next: null } };
    if (call.path === '/p/chat/contact/tags') return { body: [] };
    return undefined;
  });
}

beforeEach(() => {
  resetSession({
    token: 't',
    status: 'ready',
    user: { _id: ME, id: ME, name: 'Ana Souza', displayName: 'Ana Souza' } as never,
    account: { acc: { _id: ACC, name: 'Loja' }, userAccAccessAcl: 'operator' } as unknown as TAccountDetails,
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(340);
});
afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('inbox page', () => {
  it('a restricted operator is sent to /restricted (spec §6)', async () => {
    serve({ ...inboxData(), restrictOperator: true });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/restricted'));
    expect(window.localStorage.getItem('restrictOperator')).toBe('true');
  });

  it('opens on the first tab with the inbox data and asks to pick a conversation', async () => {
    const { calls } = serve(inboxData());
    renderPage();
    expect(await screen.findByRole('tab', { name: /Aguardando Atendimento/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Carla Mendes')).toBeInTheDocument();
    expect(screen.getByText('Selecione uma conversa')).toBeInTheDocument();
    expect(calls.find((c) => c.path === `/p/chat/inbox/${ACC}`)?.query.get('minimal')).toBe('true');
  });

  it('a link to a conversation (no tab) opens it on the tab it is in', async () => {
    const taken = conversation({
      stage: 'attendance',
      assigneeId: ME,
      contact: { _id: 'c9', name: 'Fábio Reis', phone: null, email: null, profilePic: null, tags: [] },
    });
    mockApi((call) => {
      if (call.path === `/p/chat/inbox/${ACC}`) return { body: inboxData() };
      if (call.path === `/p/chat/conversation/${taken._id}`) return { body: taken };
      if (call.path === '/p/chat/conversation/list')
        return {
          body: { items: call.query.get('tab') === 'attendance' ? [taken] : [], count: 1, next: null },
        };
      return undefined;
    });
    renderPage(`/apps/inbox?acc=${ACC}&c=${taken._id}`);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Em Atendimento/ })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByTestId('conversation-row')).toHaveAttribute('aria-current', 'true');
  });

  it('the list stays on the tab a conversation was opened from when a colleague takes it meanwhile', async () => {
    const waiting = conversation({
      contact: { _id: 'c5', name: 'Gabriela Nunes', phone: null, email: null, profilePic: null, tags: [] },
    });
    // Between the list's read and the click, another operator took her.
    const takenByOther = { ...waiting, stage: 'attendance' as const, assigneeId: OTHER };
    mockApi((call) => {
      if (call.path === `/p/chat/inbox/${ACC}`) return { body: inboxData() };
      if (call.path === `/p/chat/conversation/${waiting._id}`) return { body: takenByOther };
      if (call.path === '/p/chat/conversation/list')
        return {
          body: { items: call.query.get('tab') === 'waiting' ? [waiting] : [], count: 1, next: null },
        };
      if (call.path === '/p/chat/contact/tags') return { body: [] };
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Gabriela Nunes/ }));
    await screen.findByText(/Atendente: Bruno Lima/);
    // The inbox does not jump to 'Em Atendimento' under the reader: the queue stays on screen.
    expect(screen.getByRole('tab', { name: /Aguardando Atendimento/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('tab=waiting');
  });

  it('a conversation opened from the queue that becomes mine (answered, taken) is followed to Em Atendimento', async () => {
    const waiting = conversation({
      contact: { _id: 'c6', name: 'Henrique Barbosa', phone: null, email: null, profilePic: null, tags: [] },
    });
    mockApi((call) => {
      if (call.path === `/p/chat/inbox/${ACC}`) return { body: inboxData() };
      if (call.path === `/p/chat/conversation/${waiting._id}`) return { body: waiting };
      if (call.path === '/p/chat/conversation/list')
        return {
          body: { items: call.query.get('tab') === 'waiting' ? [waiting] : [], count: 1, next: null },
        };
      if (call.path === '/p/chat/contact/tags') return { body: [] };
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Henrique Barbosa/ }));
    await screen.findByRole('button', { name: 'Assumir' });
    expect(screen.getByTestId('where')).toHaveTextContent('tab=waiting');
    // The reply took it (the server's snapshot arrives as it does over the socket).
    act(() => {
      queryClient.setQueryData(conversationKey(ACC, waiting._id), {
        ...waiting,
        stage: 'attendance',
        assigneeId: ME,
      });
    });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Em Atendimento/ })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it("a manager opens 'Com o bot' while a bot answers a conversation; the inbox still opens on the queue", async () => {
    resetSession({
      token: 't',
      status: 'ready',
      user: { _id: ME, id: ME, name: 'Ana Souza', displayName: 'Ana Souza' } as never,
      account: { acc: { _id: ACC, name: 'Loja' }, userAccAccessAcl: 'manager' } as unknown as TAccountDetails,
    });
    const withBot = conversation({
      stage: 'flow',
      contact: { _id: 'c7', name: 'Visitante EC49', phone: null, email: null, profilePic: null, tags: [] },
    });
    mockApi((call) => {
      if (call.path === `/p/chat/inbox/${ACC}`) return { body: inboxData() };
      if (call.path === '/p/chat/conversation/list') {
        const flow = call.query.get('tab') === 'flow';
        return { body: { items: flow ? [withBot] : [], count: flow ? 1 : 0, next: null } };
      }
      return undefined;
    });
    renderPage();
    const botTab = await screen.findByRole('tab', { name: /Com o bot/ });
    expect(screen.getByRole('tab', { name: /Aguardando Atendimento/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    fireEvent.click(botTab);
    await waitFor(() => expect(botTab).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('where')).toHaveTextContent('tab=flow');
    expect(await screen.findByText('Visitante EC49')).toBeInTheDocument();
  });
});
