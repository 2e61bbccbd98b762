import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationView } from './conversation-view';
import { ME, conversation, message, mockApi, renderInbox } from '../inbox-testing';
import { EMPTY_FILTERS, matchesList } from '../data/inbox-cache';

afterEach(() => vi.restoreAllMocks());

function api(c: ReturnType<typeof conversation>, answer: ReturnType<typeof conversation>) {
  return mockApi((call) => {
    if (call.path === `/p/chat/conversation/${c._id}` && call.method === 'GET') return { body: c };
    if (call.path === `/p/chat/conversation/${c._id}/messages`)
      return { body: { items: [message({ conversationId: c._id, body: 'Olá!' })], count: 1 } };
    if (call.path === `/p/chat/conversation/${c._id}/hold`) return { body: answer };
    if (call.path === `/p/chat/conversation/${c._id}/resume`) return { body: answer };
    if (call.path === '/p/chat/quick-messages' || call.path === '/p/chat/closing-reasons')
      return { body: [] };
    return undefined;
  });
}

describe('on hold', () => {
  it('the operator puts their conversation on hold until the customer writes', async () => {
    const c = conversation({ stage: 'attendance', assigneeId: ME });
    const { calls } = api(c, { ...c, stage: 'hold', holdUntil: null });
    renderInbox(<ConversationView id={c._id} onBack={() => undefined} />);
    await screen.findByText('Olá!');
    fireEvent.click(screen.getByRole('button', { name: 'Colocar em espera' }));
    expect(await screen.findByText('Colocar a conversa em espera')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'A próxima mensagem do cliente' })).toBeChecked();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Colocar em espera' }));
    await waitFor(() => expect(calls.some((x) => x.path.endsWith('/hold'))).toBe(true));
    expect(calls.find((x) => x.path.endsWith('/hold'))?.body).toEqual({ until: null });
    expect(await screen.findByText('Conversa colocada em espera.')).toBeInTheDocument();
  });

  it('until a date and time: a moment in the past is refused before any call', async () => {
    const c = conversation({ stage: 'attendance', assigneeId: ME });
    const { calls } = api(c, { ...c, stage: 'hold' });
    renderInbox(<ConversationView id={c._id} onBack={() => undefined} />);
    await screen.findByText('Olá!');
    fireEvent.click(screen.getByRole('button', { name: 'Colocar em espera' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Uma data e hora' }));
    fireEvent.change(screen.getByLabelText('Data e hora'), { target: { value: '2020-01-01T09:00' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Colocar em espera' }));
    expect(await screen.findByText('Escolha um momento no futuro')).toBeInTheDocument();
    expect(calls.some((x) => x.path.endsWith('/hold'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Amanhã às 9:00' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Colocar em espera' }));
    await waitFor(() => expect(calls.some((x) => x.path.endsWith('/hold'))).toBe(true));
    const body = calls.find((x) => x.path.endsWith('/hold'))!.body as { until: string };
    const until = new Date(body.until);
    expect(until.getHours()).toBe(9);
    expect(until.getTime()).toBeGreaterThan(Date.now());
  });

  it('a held conversation says until when, and its operator resumes it', async () => {
    const until = '2030-05-06T12:30:00.000Z';
    const c = conversation({ stage: 'hold', assigneeId: ME, holdUntil: until });
    const { calls } = api(c, { ...c, stage: 'attendance', holdUntil: null });
    renderInbox(<ConversationView id={c._id} onBack={() => undefined} />);
    const banner = await screen.findByTestId('hold-banner');
    expect(banner).toHaveTextContent(/^Em espera até .*2030.*Ela volta para você nesse momento/);
    expect(screen.getByTestId('conversation-stage')).toHaveTextContent('Em espera');
    fireEvent.click(screen.getByRole('button', { name: 'Retomar' }));
    await waitFor(() => expect(calls.some((x) => x.path.endsWith('/resume'))).toBe(true));
    expect(await screen.findByText('Conversa retomada.')).toBeInTheDocument();
  });

  it('the hold tab lists the operator’s own held conversations; a manager sees all of them', () => {
    const mine = conversation({ stage: 'hold', assigneeId: ME, origin: 'campaign' });
    const other = conversation({ stage: 'hold', assigneeId: 'someone-else' });
    const attending = conversation({ stage: 'attendance', assigneeId: ME });
    const ctx = { tab: 'hold' as const, filters: EMPTY_FILTERS, me: ME, manager: false };
    expect(matchesList(mine, ctx)).toBe(true);
    expect(matchesList(other, ctx)).toBe(false);
    expect(matchesList(attending, ctx)).toBe(false);
    expect(matchesList(other, { ...ctx, manager: true })).toBe(true);
    expect(matchesList(mine, { ...ctx, tab: 'attendance' })).toBe(false);
  });
});
