import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TContact } from '@atende/shared';
import { useState } from 'react';
import { i18n } from '../../app/i18n';
import { expectSameWhileClosing, withMotion } from '../../test/closing-dialog';
import { ContactDrawer } from './contact-drawer';
import { ACC, PHASES, TAGS, contact, mockApi, renderWithProviders } from './contacts-testing';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

function open(current: TContact | null = null, onOpenContact = vi.fn()) {
  const onClose = vi.fn();
  renderWithProviders(
    <ContactDrawer
      opened
      acc={ACC}
      contact={current}
      phases={PHASES}
      tags={TAGS}
      onClose={onClose}
      onDelete={vi.fn()}
      onOpenContact={onOpenContact}
    />,
  );
  return { onClose, dialog: screen.getByRole('dialog') };
}

const fill = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('contact drawer validation', { timeout: 20_000 }, () => {
  it("shows the spec's phone and e-mail messages in Portuguese before calling the server", async () => {
    const api = mockApi(() => undefined);
    const { dialog } = open();
    fill(dialog, /^Nome/, 'Diego');
    fill(dialog, /^Telefone/, '123');
    fill(dialog, /^E-mail/, 'diego@');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar contato' }));
    expect(await within(dialog).findByText('Telefone inválido, por favor verifique')).toBeInTheDocument();
    expect(within(dialog).getByText('Insira um e-mail válido')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Por favor, corrija todos os erros em seu formulário',
    );
    expect(api.calls).toEqual([]);
  });

  it('and in English', async () => {
    await i18n.changeLanguage('en');
    mockApi(() => undefined);
    const { dialog } = open();
    fill(dialog, /^Name/, 'Diego');
    fill(dialog, /^Phone/, '999');
    fill(dialog, /^E-mail/, 'nope');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await within(dialog).findByText('Invalid phone number')).toBeInTheDocument();
    expect(within(dialog).getByText('Insert a valid e-mail')).toBeInTheDocument();
  });

  it("puts the server's field errors (data.phone) under their fields; sends +55 and the first phase", async () => {
    const api = mockApi((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              status: 0,
              code: 'VALIDATION_FAILED',
              message: 'Por favor, corrija todos os erros em seu formulário',
              fields: [
                { path: 'data.phone', key: 'phone', message: 'Telefone inválido, por favor verifique' },
              ],
            },
          }
        : undefined,
    );
    const { dialog, onClose } = open();
    fill(dialog, /^Nome/, 'Diego Ramos');
    fill(dialog, /^Telefone/, '(11) 98765-4321');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar contato' }));
    const phone = within(dialog).getByLabelText(/^Telefone/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Telefone inválido, por favor verifique')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    const [post] = api.calls;
    expect(post.path).toBe('/p/chat/contact');
    expect(post.query.get('acc')).toBe(ACC);
    expect(post.body.data).toMatchObject({
      name: 'Diego Ramos',
      phone: '+55 (11) 98765-4321',
      email: null,
      phase: PHASES[0]._id,
      tags: [],
      blocked: false,
      optOut: false,
      customFields: {},
    });
  });

  it('edits with PUT { data, acc }, keeping custom field types, and closes with a toast', async () => {
    const current = contact({ customFields: { score: 7, cpf: '123' } });
    const api = mockApi((call) => {
      if (call.path.endsWith('/duplicates')) return { body: [] };
      if (call.method === 'PUT') return { body: { ...current, name: call.body.data.name } };
      return undefined;
    });
    const { dialog, onClose } = open(current);
    expect(within(dialog).getByLabelText(/^Telefone/)).toHaveValue('(11) 98765-4321');
    fill(dialog, /^Nome\s*\*?$/, 'Ana Lima');
    fireEvent.change(within(dialog).getByLabelText('Valor do campo 2'), { target: { value: '456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/p/chat/contact/${current._id}`);
    expect(put.body.acc).toBe(ACC);
    expect(put.body.data).toMatchObject({
      name: 'Ana Lima',
      phone: '+55 (11) 98765-4321',
      customFields: { score: 7, cpf: '456' },
    });
    expect(await screen.findByText('Contato Ana Lima atualizado')).toBeInTheDocument();
  });

  it('shows possible duplicates and merges into the contact the user keeps', async () => {
    const current = contact({});
    const twin = contact({ _id: '0190f7a8-0000-7000-8000-0000000000d2', name: 'Ana S.', email: 'ana@x.com' });
    const api = mockApi((call) => {
      if (call.path.endsWith('/duplicates')) return { body: [twin] };
      if (call.path === '/p/chat/contact/merge') return { body: twin };
      return undefined;
    });
    const onOpenContact = vi.fn();
    const { dialog } = open(current, onOpenContact);
    const box = await within(dialog).findByTestId('contact-duplicates');
    expect(box).toHaveTextContent('Possível duplicado (mesmo telefone ou e-mail)');
    expect(box).toHaveTextContent('Ana S.');
    fireEvent.click(within(box).getByRole('button', { name: 'Mesclar' }));
    const modal = await screen.findByRole('dialog', { name: 'Mesclar contatos' });
    fireEvent.click(within(modal).getByRole('radio', { name: /Ana S\./ }));
    expect(modal).toHaveTextContent('O outro contato será mesclado em Ana S.');
    fireEvent.click(within(modal).getByRole('button', { name: 'Mesclar contatos' }));
    await waitFor(() => expect(onOpenContact).toHaveBeenCalledWith(twin));
    const merge = api.calls.find((c) => c.path === '/p/chat/contact/merge')!;
    expect(merge.body).toEqual({ targetId: twin._id, sourceIds: [current._id] });
  });
});

/** A list page's drawer as the pages write it: the contact is cleared as the drawer closes. */
function Page({ current }: { current: TContact }) {
  const [shown, setShown] = useState<TContact | null>(null);
  return (
    <>
      <button type="button" onClick={() => setShown(current)}>
        open
      </button>
      <ContactDrawer
        opened={shown !== null}
        acc={ACC}
        contact={shown}
        phases={PHASES}
        tags={TAGS}
        onClose={() => setShown(null)}
        onDelete={vi.fn()}
        onOpenContact={setShown}
      />
    </>
  );
}

describe('contact drawer sliding out', { timeout: 20_000 }, () => {
  it('stays the edit’s drawer (title, details, delete) after a cancel and after the save', async () => {
    await withMotion(async () => {
      const current = contact({});
      mockApi((call) => {
        if (call.path.endsWith('/duplicates')) return { body: [] };
        if (call.method === 'PUT') return { body: current };
        return undefined;
      });
      renderWithProviders(<Page current={current} />);
      for (const button of ['Cancelar', 'Salvar']) {
        fireEvent.click(screen.getByRole('button', { name: 'open' }));
        const drawer = await screen.findByRole('dialog', { name: 'Editar contato' });
        expect(within(drawer).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
        await expectSameWhileClosing(drawer, async () => {
          fireEvent.click(within(drawer).getByRole('button', { name: button }));
          if (button === 'Salvar') await screen.findByText('Contato Ana Souza atualizado');
        });
      }
    });
  });

  it('keeps the merge dialog’s contacts and text while it fades out, the kept contact opening', async () => {
    await withMotion(async () => {
      const current = contact({});
      const twin = contact({
        _id: '0190f7a8-0000-7000-8000-0000000000d2',
        name: 'Ana S.',
        email: 'ana@x.com',
      });
      mockApi((call) => {
        if (call.path === `/p/chat/contact/${current._id}/duplicates`) return { body: [twin] };
        if (call.path.endsWith('/duplicates')) return { body: [] };
        if (call.path === '/p/chat/contact/merge') return { body: twin };
        return undefined;
      });
      renderWithProviders(<Page current={current} />);
      fireEvent.click(screen.getByRole('button', { name: 'open' }));
      const drawer = await screen.findByRole('dialog', { name: 'Editar contato' });
      fireEvent.click(await within(drawer).findByRole('button', { name: 'Mesclar' }));
      const modal = await screen.findByRole('dialog', { name: 'Mesclar contatos' });
      fireEvent.click(within(modal).getByRole('radio', { name: /Ana S\./ }));
      expect(modal).toHaveTextContent('O outro contato será mesclado em Ana S.');
      await expectSameWhileClosing(modal, async () => {
        fireEvent.click(within(modal).getByRole('button', { name: 'Mesclar contatos' }));
        await screen.findByText('Contatos mesclados em Ana S.');
      });
      expect(within(drawer).getByLabelText(/^Nome/)).toHaveValue('Ana S.');
      expect(within(drawer).queryByTestId('contact-duplicates')).toBeNull();
      fireEvent.click(within(drawer).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(drawer).not.toBeInTheDocument());
    });
  });
});

describe('contact drawer: the identity rule (one contact per phone)', { timeout: 20_000 }, () => {
  const MARIA_ID = '0190f7a8-0000-7000-8000-0000000000a1';
  const refusal = (message: string) => ({
    status: 409,
    body: {
      status: 0,
      code: 'CONTACT_PHONE_EXISTS',
      message,
      details: { contactId: MARIA_ID, name: 'Maria Silva' },
    },
  });

  it('shows who holds the phone, under the field and in the alert, with a link that opens that contact', async () => {
    const maria = contact({ _id: MARIA_ID, name: 'Maria Silva', phone: '+5511988881001' });
    const api = mockApi((call) => {
      if (call.method === 'POST') return refusal('Este telefone já pertence ao contato Maria Silva');
      if (call.method === 'GET' && call.path === `/p/chat/contact/${MARIA_ID}`) return { body: maria };
      return undefined;
    });
    const onOpenContact = vi.fn();
    const { dialog, onClose } = open(null, onOpenContact);
    fill(dialog, /^Nome/, 'João Pereira');
    fill(dialog, /^Telefone/, '(11) 98888-1001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar contato' }));
    const alert = await within(dialog).findByTestId('contact-drawer-error');
    expect(alert).toHaveTextContent('Este telefone já pertence ao contato Maria Silva');
    expect(within(dialog).getByLabelText(/^Telefone/)).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(within(alert).getByRole('button', { name: 'Abrir Maria Silva' }));
    await waitFor(() => expect(onOpenContact).toHaveBeenCalledWith(maria));
    expect(onClose).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.path === `/p/chat/contact/${MARIA_ID}`)).toBe(true);
  });

  it('and in English, on editing a contact', async () => {
    await i18n.changeLanguage('en');
    mockApi((call) =>
      call.method === 'PUT' ? refusal('This phone already belongs to the contact Maria Silva') : undefined,
    );
    const { dialog } = open(contact({ phone: '+5511977776666' }));
    fill(dialog, /^Phone/, '(11) 98888-1001');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Save/ }));
    const alert = await within(dialog).findByTestId('contact-drawer-error');
    expect(alert).toHaveTextContent('This phone already belongs to the contact Maria Silva');
    expect(within(alert).getByRole('button', { name: 'Open Maria Silva' })).toBeInTheDocument();
  });
});
