import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TContact } from '@atende/shared';
import { EMPTY_FILTERS } from '../contacts/contact-filters';
import {
  ACC,
  PHASES,
  TAGS,
  type TCall,
  contact,
  mockApi,
  renderWithProviders,
} from '../contacts/contacts-testing';
import { LEAD_MIME } from './lead-card';
import { LeadsBoard } from './leads-page';

afterEach(() => vi.restoreAllMocks());

const QUALIFIED = PHASES[1];
const ana = contact({ name: 'Ana Souza', tags: [TAGS[0]._id] });
const bia = contact({ _id: '0190f7a8-0000-7000-8000-0000000000d9', name: 'Bia Reis', phone: null });

/** A server with contacts in phases; PUT answers through `onPut` (a failure leaves the data as it was). */
function server(onPut: (call: TCall) => Promise<{ status?: number; body: unknown } | undefined>) {
  const db: TContact[] = [ana, bia].map((c) => ({ ...c }));
  return mockApi(async (call) => {
    if (call.method === 'GET' && call.path === '/p/chat/contact/list') {
      const phase = call.query.get('phase');
      const items = db.filter((c) => (phase === 'none' ? c.phase === null : c.phase === phase));
      return { body: { items, count: items.length } };
    }
    if (call.method === 'PUT') {
      const answer = await onPut(call);
      if (answer?.status) return answer;
      const row = db.find((c) => call.path.endsWith(c._id))!;
      row.phase = call.body.data.phase;
      return { body: row };
    }
    return undefined;
  });
}

function renderBoard() {
  renderWithProviders(
    <LeadsBoard acc={ACC} phases={PHASES} tags={TAGS} filters={EMPTY_FILTERS} onOpen={vi.fn()} />,
    `/apps/leads?acc=${ACC}`,
  );
}

const column = (name: string) => screen.getByRole('region', { name });
const count = (name: string) => within(column(name)).getByTestId('lead-column-count').textContent;
const card = (columnName: string, name: string) =>
  within(column(columnName)).queryByRole('article', { name });

describe('leads board', { timeout: 20_000 }, () => {
  it('shows one column per phase in order, with counts, cards and tags', async () => {
    server(async () => undefined);
    renderBoard();
    await waitFor(() => expect(count('Novo')).toBe('2'));
    const titles = screen.getAllByRole('region').map((r) => within(r).getByRole('heading').textContent);
    expect(titles).toEqual(['Novo', 'Qualificado']);
    expect(count('Qualificado')).toBe('0');
    expect(card('Novo', 'Ana Souza')).toHaveTextContent('+55 (11) 98765-4321');
    expect(card('Novo', 'Ana Souza')).toHaveTextContent('VIP');
    // A name too long for the card wraps and is cut; the whole of it is in the tooltip.
    expect(within(card('Novo', 'Ana Souza')!).getByRole('button', { name: 'Ana Souza' })).toHaveAttribute(
      'title',
      'Ana Souza',
    );
  });

  it('moves a card from the keyboard menu at once (PUT with the new phase), before the server answers', async () => {
    let release: () => void = () => undefined;
    const api = server(() => new Promise((resolve) => (release = () => resolve(undefined))));
    renderBoard();
    await waitFor(() => expect(count('Novo')).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Mover Ana Souza para outra fase' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Qualificado' }));
    await waitFor(() => expect(card('Qualificado', 'Ana Souza')).toBeInTheDocument());
    expect(card('Novo', 'Ana Souza')).toBeNull();
    expect(count('Novo')).toBe('1');
    expect(count('Qualificado')).toBe('1');
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/p/chat/contact/${ana._id}`);
    expect(put.body).toEqual({ data: { phase: QUALIFIED._id }, acc: ACC });
    release();
    // After the server's answer the board reloads and stays where the user put the card.
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(2));
    await waitFor(() => expect(count('Qualificado')).toBe('1'));
    expect(card('Qualificado', 'Ana Souza')).toBeInTheDocument();
  });

  it('puts the card back and says why when the server refuses the move', async () => {
    server(async () => ({
      status: 403,
      body: {
        status: 0,
        code: 'NOT_AUTHORIZED',
        message: "You don't have access to this feature, talk to your account administrator",
      },
    }));
    renderBoard();
    await waitFor(() => expect(count('Novo')).toBe('2'));
    const dragged = card('Novo', 'Bia Reis')!;
    fireEvent.dragStart(dragged, { dataTransfer: { setData: vi.fn(), effectAllowed: '' } });
    fireEvent.dragOver(column('Qualificado'), { dataTransfer: { dropEffect: '', types: [LEAD_MIME] } });
    fireEvent.drop(column('Qualificado'), { dataTransfer: {} });
    expect(await screen.findByText('Não foi possível mover o lead')).toBeInTheDocument();
    expect(
      screen.getByText('Você não tem acesso a esta funcionalidade, fale com o administrador da sua conta'),
    ).toBeInTheDocument();
    await waitFor(() => expect(card('Novo', 'Bia Reis')).toBeInTheDocument());
    expect(card('Qualificado', 'Bia Reis')).toBeNull();
    expect(count('Novo')).toBe('2');
    expect(count('Qualificado')).toBe('0');
  });

  it('drags a card onto another column (HTML5 drag and drop)', async () => {
    const api = server(async () => undefined);
    renderBoard();
    await waitFor(() => expect(count('Novo')).toBe('2'));
    fireEvent.dragStart(card('Novo', 'Bia Reis')!, { dataTransfer: { setData: vi.fn(), effectAllowed: '' } });
    // Dropping on its own column does nothing.
    fireEvent.drop(column('Novo'), { dataTransfer: {} });
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.dragStart(card('Novo', 'Bia Reis')!, { dataTransfer: { setData: vi.fn(), effectAllowed: '' } });
    fireEvent.dragOver(column('Qualificado'), { dataTransfer: { dropEffect: '', types: [LEAD_MIME] } });
    fireEvent.drop(column('Qualificado'), { dataTransfer: {} });
    await waitFor(() => expect(card('Qualificado', 'Bia Reis')).toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      data: { phase: QUALIFIED._id },
      acc: ACC,
    });
    await waitFor(() => expect(count('Novo')).toBe('1'));
  });
});
