import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAccountDetails, TContact } from '@atende/shared';
import { changeLanguage } from '../../app/i18n';
import { resetSession } from '../../app/session';
import { expectSameWhileClosing, withMotion } from '../../test/closing-dialog';
import { ContactsPage } from './contacts-page';
import { ACC, PHASES, TAGS, type TCall, contact, mockApi, renderWithProviders } from './contacts-testing';

const ana = contact({ name: 'Ana Souza', tags: [TAGS[0]._id] });
const bia = contact({ _id: '0190f7a8-0000-7000-8000-0000000000d9', name: 'Bia Reis', phase: PHASES[1]._id });

beforeEach(() => {
  const account = {
    acc: { _id: ACC, name: 'Loja' },
    userAccAccessAcl: 'admin',
  } as unknown as TAccountDetails;
  resetSession({ token: 't', status: 'ready', account });
});
afterEach(() => vi.restoreAllMocks());

function server(
  list: (call: TCall) => { status?: number; body: unknown },
  extra: (call: TCall) => unknown = () => undefined,
) {
  return mockApi((call) => {
    if (call.path === '/p/chat/contact/list') return list(call);
    if (call.path === '/p/chat/inbox/phases') return { body: PHASES };
    if (call.path === '/p/chat/contact/tags') return { body: TAGS };
    const answer = extra(call);
    return answer === undefined ? undefined : (answer as { body: unknown });
  });
}

const twoContacts = () => ({ body: { items: [ana, bia] as TContact[], count: 2 } });

describe('contacts page', { timeout: 20_000 }, () => {
  it("lists the page's contacts with the spec's parameters; '10.000+' when the count is an estimate", async () => {
    const items = [ana, bia];
    const api = server(() => ({ body: { items, count: 10_000, countIsEstimate: true } }));
    renderWithProviders(<ContactsPage />);
    expect(await screen.findByTestId('contacts-count')).toHaveTextContent('10.000+ contatos');
    expect(screen.getAllByTestId('contact-row')).toHaveLength(2);
    const row = screen.getAllByTestId('contact-row')[0];
    expect(row).toHaveTextContent('Ana Souza');
    expect(row).toHaveTextContent('+55 (11) 98765-4321');
    expect(within(row).getByTestId('phase-badge')).toHaveTextContent('Novo');
    expect(within(row).getByTestId('tag-chip')).toHaveTextContent('VIP');
    const call = api.calls.find((c) => c.path === '/p/chat/contact/list')!;
    expect(Object.fromEntries(call.query)).toEqual({ acc: ACC, limit: '30', page: '1' });
    expect(screen.getByRole('button', { name: 'Página 334' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importar contatos' })).toHaveAttribute(
      'href',
      `/apps/contacts/import?acc=${ACC}`,
    );
  });

  it('fits the content area: phone · e-mail under the name, one tag and a "+N" naming the others, a short date', async () => {
    const tags = [
      ...TAGS,
      { _id: '0190f7a8-0000-7000-8000-0000000000c2', acc: ACC, name: 'Atacado', color: '#40c057' },
      { _id: '0190f7a8-0000-7000-8000-0000000000c3', acc: ACC, name: 'Newsletter', color: '#15aabf' },
    ];
    const carla = contact({ name: 'Carla Dias', email: 'carla@dias.com', tags: tags.map((tag) => tag._id) });
    mockApi((call) => {
      if (call.path === '/p/chat/contact/list') return { body: { items: [carla], count: 1 } };
      if (call.path === '/p/chat/inbox/phases') return { body: PHASES };
      if (call.path === '/p/chat/contact/tags') return { body: tags };
      return undefined;
    });
    renderWithProviders(<ContactsPage />);
    const row = await screen.findByTestId('contact-row');
    expect(within(row).getByTestId('contact-phone')).toHaveTextContent('+55 (11) 98765-4321');
    expect(within(row).getByTestId('contact-email')).toHaveTextContent('carla@dias.com');
    expect(await within(row).findByTestId('tag-more')).toHaveTextContent('+2');
    expect(within(row).getAllByTestId('tag-chip')).toHaveLength(1);
    expect(within(row).getByTestId('tag-chip')).toHaveTextContent('VIP');
    expect(
      within(row).getByRole('img', { name: 'Mais 2 etiquetas: Atacado, Newsletter' }),
    ).toBeInTheDocument();
    expect(row).toHaveTextContent('10/01/2026');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['', 'Nome', 'Fase', 'Etiquetas', 'Canal', 'Criado em', 'Ações']);
  });

  it('shows the refusal of an operator blocked from contacts, without the table', async () => {
    server(() => ({
      status: 403,
      body: {
        status: 0,
        code: 'NOT_AUTHORIZED',
        message: "You don't have access to this feature, talk to your account administrator",
      },
    }));
    renderWithProviders(<ContactsPage />);
    const alert = await screen.findByTestId('contacts-error');
    expect(alert).toHaveTextContent('Contatos indisponíveis');
    expect(alert).toHaveTextContent(
      'Você não tem acesso a esta funcionalidade, fale com o administrador da sua conta',
    );
    expect(screen.queryByTestId('contacts-table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo contato' })).not.toBeInTheDocument();
  });

  it('changes the phase of the selected contacts after a confirmation, with a success toast', async () => {
    const api = server(twoContacts, (call) =>
      call.path === '/p/chat/contact/bulk/phase' ? { body: { updated: 2 } } : undefined,
    );
    renderWithProviders(<ContactsPage />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar Ana Souza' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Bia Reis' }));
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('2 contatos selecionados');
    fireEvent.click(screen.getByRole('button', { name: 'Alterar fase' }));
    const modal = await screen.findByRole('dialog', { name: 'Alterar fase' });
    expect(within(modal).getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    const phase = within(modal).getByRole('textbox', { name: 'Fase' });
    fireEvent.click(phase);
    // In jsdom the dropdown of a select inside a modal stays display:none (no layout): query it hidden.
    const listbox = document.getElementById(phase.getAttribute('aria-controls')!)!;
    fireEvent.click(within(listbox).getByRole('option', { name: 'Qualificado', hidden: true }));
    expect(within(modal).getByTestId('bulk-confirm-text')).toHaveTextContent(
      'A fase de 2 contatos será alterada.',
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('2 contatos atualizados')).toBeInTheDocument();
    const bulk = api.calls.find((c) => c.path === '/p/chat/contact/bulk/phase')!;
    expect(bulk.query.get('acc')).toBe(ACC);
    expect(bulk.body).toEqual({ ids: [ana._id, bia._id], phase: PHASES[1]._id });
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
  });

  it('keeps the bulk dialog (title, field, summary) while it fades out, after a cancel and after the change', async () => {
    await withMotion(async () => {
      server(twoContacts, (call) =>
        call.path === '/p/chat/contact/bulk/phase' ? { body: { updated: 1 } } : undefined,
      );
      renderWithProviders(<ContactsPage />);
      fireEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar Ana Souza' }));
      for (const button of ['Cancelar', 'Confirmar']) {
        fireEvent.click(screen.getByRole('button', { name: 'Alterar fase' }));
        const modal = await screen.findByRole('dialog', { name: 'Alterar fase' });
        const phase = within(modal).getByRole('textbox', { name: 'Fase' });
        fireEvent.click(phase);
        const listbox = document.getElementById(phase.getAttribute('aria-controls')!)!;
        fireEvent.click(within(listbox).getByRole('option', { name: 'Qualificado', hidden: true }));
        expect(within(modal).getByTestId('bulk-confirm-text')).toHaveTextContent(
          'A fase de 1 contato será alterada.',
        );
        await expectSameWhileClosing(modal, async () => {
          fireEvent.click(within(modal).getByRole('button', { name: button }));
          if (button === 'Confirmar') await screen.findByText('1 contato atualizado');
        });
      }
      // The selection is cleared once the dialog is gone.
      await waitFor(() => expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument());
    });
  });

  it('says so when adding tags changed no contact (every selected one already had them)', async () => {
    const api = server(twoContacts, (call) =>
      call.path === '/p/chat/contact/bulk/tags' ? { body: { updated: 0 } } : undefined,
    );
    renderWithProviders(<ContactsPage />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar Ana Souza' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar etiquetas' }));
    const modal = await screen.findByRole('dialog', { name: 'Adicionar etiquetas' });
    const tags = within(modal).getByRole('textbox', { name: 'Etiquetas' });
    fireEvent.click(tags);
    // In jsdom the dropdown of a select inside a modal stays display:none (no layout): query it hidden.
    const listbox = document.getElementById(tags.getAttribute('aria-controls')!)!;
    fireEvent.click(within(listbox).getByRole('option', { name: TAGS[0].name, hidden: true }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Nenhum contato precisou de alteração')).toBeInTheDocument();
    const bulk = api.calls.find((c) => c.path === '/p/chat/contact/bulk/tags')!;
    expect(bulk.body).toEqual({ ids: [ana._id], add: [TAGS[0]._id], remove: [] });
  });

  it('deletes a contact and undoes it from the toast (restore)', async () => {
    const api = server(twoContacts, (call) => {
      if (call.method === 'DELETE') return { body: ana };
      if (call.path.endsWith('/restore')) return { body: ana };
      return undefined;
    });
    renderWithProviders(<ContactsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Ana Souza' }));
    expect(await screen.findByText('Contato Ana Souza excluído')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText('Contato Ana Souza restaurado')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      `DELETE /p/chat/contact/${ana._id}`,
      `POST /p/chat/contact/${ana._id}/restore`,
    ]);
  });

  it('keeps the undo toast through a language switch: it reads in English and its Undo still restores', async () => {
    const api = server(twoContacts, (call) => {
      if (call.method === 'DELETE') return { body: ana };
      if (call.path.endsWith('/restore')) return { body: ana };
      return undefined;
    });
    renderWithProviders(<ContactsPage />);
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'Excluir Ana Souza' }));
      const toast = (await screen.findByText('Contato Ana Souza excluído')).closest<HTMLElement>(
        '.mantine-Notification-root',
      )!;
      expect(within(toast).getByRole('button', { name: 'Desfazer' })).toBeInTheDocument();
      await act(() => changeLanguage('en'));
      expect(within(toast).getByText('Contact Ana Souza deleted')).toBeInTheDocument();
      expect(within(toast).queryByText('Contato Ana Souza excluído')).toBeNull();
      expect(toast).toBeInTheDocument();
      fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
      expect(await screen.findByText('Contact Ana Souza restored')).toBeInTheDocument();
      expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
        `DELETE /p/chat/contact/${ana._id}`,
        `POST /p/chat/contact/${ana._id}/restore`,
      ]);
    } finally {
      await act(() => changeLanguage('pt-BR'));
    }
  });

  it("shows the server's refusal of a download (spec §6 message)", async () => {
    const api = server(twoContacts, (call) =>
      call.path === '/p/chat/contact/export'
        ? {
            status: 403,
            body: {
              status: 0,
              code: 'FUNCTION_UNAVAILABLE',
              message: 'Function unavailable. Contact an administrator for more information.',
            },
          }
        : undefined,
    );
    renderWithProviders(<ContactsPage />, `/apps/contacts?acc=${ACC}&phase=${PHASES[0]._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(
      await screen.findByText('Função indisponível. Contate um administrador para mais informações.'),
    ).toBeInTheDocument();
    const call = api.calls.find((c) => c.path === '/p/chat/contact/export')!;
    expect(Object.fromEntries(call.query)).toEqual({ acc: ACC, format: 'csv', phase: PHASES[0]._id });
  });
});
