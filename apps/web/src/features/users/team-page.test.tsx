import { fireEvent, render, screen, within } from '@testing-library/react';
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
});
