import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router';
import type { TAccountDetails, TMember } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../../app/session';
import { expectSameWhileClosing, withMotion } from '../../test/closing-dialog';
import { mockApi } from '../../test/mock-api';
import { Wrapper } from '../../test/setup';
import { TeamPage } from './team-page';

const ACC = '0190aaaa-0000-7000-8000-0000000000a1';
const member = (userId: string, name: string, acl: string): TMember => ({
  _id: `${userId.slice(0, -2)}ff`,
  userId,
  name,
  email: `${name.toLowerCase()}@loja.com`,
  profilePic: null,
  acl,
  intentions: [],
  entities: [],
  createdAt: '2026-03-01T12:00:00.000Z',
});
const ME = member('0190aaaa-0000-7000-8000-0000000000b1', 'Ana', 'admin');
const BIA = member('0190aaaa-0000-7000-8000-0000000000b2', 'Bia', 'operator');

beforeEach(() => {
  resetSession({
    token: 't',
    status: 'ready',
    user: { _id: ME.userId } as never,
    account: { acc: { _id: ACC, name: 'Loja' }, userAccAccessAcl: 'admin' } as unknown as TAccountDetails,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('team page', { timeout: 20_000 }, () => {
  it('keeps the member’s name in the remove dialog while it fades out, after a cancel and after the removal', async () => {
    await withMotion(async () => {
      const api = mockApi((call) => {
        if (call.path === `/g/acc/${ACC}/users`)
          return { body: { items: [ME, BIA], count: 2, invitations: [] } };
        if (call.method === 'DELETE') return { body: {} };
        return { body: [] };
      });
      render(
        <MemoryRouter>
          <TeamPage />
        </MemoryRouter>,
        { wrapper: Wrapper },
      );
      for (const button of ['Cancelar', 'Remover acesso']) {
        fireEvent.click(await screen.findByRole('button', { name: 'Remover acesso de Bia' }));
        const dialog = await screen.findByRole('dialog', { name: 'Remover acesso' });
        expect(dialog).toHaveTextContent('Bia perderá o acesso a esta conta.');
        await expectSameWhileClosing(dialog, () =>
          fireEvent.click(within(dialog).getByRole('button', { name: button })),
        );
      }
      expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
        `DELETE /g/acc/access/${ACC}/${BIA.userId}`,
      ]);
    });
  });
  it('picks two departments in a row and saves both once the list closes (the second pick was lost)', async () => {
    const departments = [
      { _id: '0190aaaa-0000-7000-8000-0000000000d1', name: 'Suporte' },
      { _id: '0190aaaa-0000-7000-8000-0000000000d2', name: 'Vendas' },
    ];
    let bia = BIA;
    const api = mockApi((call) => {
      if (call.path === `/g/acc/${ACC}/users`)
        return { body: { items: [ME, bia], count: 2, invitations: [] } };
      if (call.path === '/p/chat/departments') return { body: departments };
      if (call.method === 'PUT' && call.path.includes(BIA.userId)) {
        bia = { ...bia, ...call.body };
        return { body: bia };
      }
      return { body: [] };
    });
    render(
      <MemoryRouter>
        <Notifications />
        <TeamPage />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    const select = await screen.findByRole('textbox', { name: 'Departamentos de Bia' });
    await waitFor(() => expect(select).toBeEnabled());
    fireEvent.click(select);
    const listbox = document.getElementById(select.getAttribute('aria-controls')!)!;
    fireEvent.click(within(listbox).getByRole('option', { name: 'Suporte', hidden: true }));
    fireEvent.click(within(listbox).getByRole('option', { name: 'Vendas', hidden: true }));
    // Nothing is saved while the list is open; closing it saves both at once.
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.blur(select);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const puts = api.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([{ intentions: departments.map((d) => d._id) }]);
    expect(await screen.findByText('Departamentos de Bia atualizados')).toBeInTheDocument();
  });
});
