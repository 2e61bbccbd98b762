import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TDepartment, TKeyEntity } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../app/api-client';
import { i18n } from '../../app/i18n';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { DepartmentsTab } from './departments-tab';
import { KeyEntitiesTab } from './key-entities-tab';
import { KeyEntitiesPanel } from './key-entities-panel';

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const ANA = '0190aaaa-0000-7000-8000-0000000000b1';
const department = (name: string, extra: Partial<TDepartment> = {}, i = 1): TDepartment => ({
  _id: `0190aaaa-0000-7000-8000-${String(i).padStart(12, '0')}`,
  name,
  description: '',
  distribution: true,
  capacity: null,
  members: [],
  createdAt: '2025-03-01T12:00:00.000Z',
  updatedAt: '2025-03-01T12:00:00.000Z',
  ...extra,
});
const entity = (name: string, alias: string, i = 1): TKeyEntity => ({
  _id: `0190aaaa-0000-7000-8000-${String(i).padStart(12, '0')}`,
  name,
  alias,
  type: 'text',
  validation: '',
  createdAt: '2025-03-01T12:00:00.000Z',
  updatedAt: '2025-03-01T12:00:00.000Z',
});
const members = {
  items: [
    {
      _id: 'm1',
      userId: ANA,
      name: 'Ana Lima',
      email: 'ana@x.com',
      profilePic: null,
      acl: 'operator',
      intentions: [],
      entities: [],
      createdAt: '2025-03-01T12:00:00.000Z',
    },
  ],
  count: 1,
  invitations: [],
};

beforeEach(() => {
  vi.clearAllMocks();
  signInTestAdmin();
});
afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

describe('Settings → Departments', () => {
  it('lists departments with distribution, capacity and members', async () => {
    mocked.get.mockImplementation(async (path: string) =>
      path === '/p/chat/departments'
        ? [
            department('Vendas', { capacity: 3, members: [ANA] }),
            department('Suporte', { distribution: false }, 2),
          ]
        : members,
    );
    render(<DepartmentsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    const rows = await screen.findAllByTestId('department-row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]).getByText('Distribuição automática · 3 conversas por operador'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(rows[0]).getByText('1 membro: Ana Lima')).toBeInTheDocument());
    expect(within(rows[1]).getByText('Sem distribuição automática')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Sem membros')).toBeInTheDocument();
  });

  it('refuses an empty or repeated name before the server; sends a new one with its settings', async () => {
    mocked.get.mockImplementation(async (path: string) =>
      path === '/p/chat/departments' ? [department('Vendas')] : members,
    );
    mocked.post.mockResolvedValue(department('Suporte', {}, 2));
    render(<DepartmentsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar departamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo departamento' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar departamento' }));
    expect(await within(dialog).findByText('Este campo é obrigatório')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: ' VENDAS ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar departamento' }));
    expect(await within(dialog).findByText('Já existe um departamento com este nome')).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'Suporte' } });
    fireEvent.change(within(dialog).getByLabelText(/Capacidade por operador/), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar departamento' }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(
        '/p/chat/departments',
        { name: 'Suporte', description: '', distribution: true, capacity: 4, members: [] },
        { query: { acc: TEST_ACC } },
      ),
    );
    expect(await screen.findByText('Departamento Suporte adicionado')).toBeInTheDocument();
  });

  it("shows the server's refusal to delete a department that has members", async () => {
    mocked.get.mockImplementation(async (path: string) =>
      path === '/p/chat/departments' ? [department('Vendas', { members: [ANA] })] : members,
    );
    mocked.delete.mockRejectedValue(
      new ApiError(409, 'DEPARTMENT_HAS_MEMBERS', 'Remove the members of this department before deleting it'),
    );
    render(<DepartmentsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Vendas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir departamento' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(
      await within(dialog).findByText('Remova os membros deste departamento antes de excluí-lo'),
    ).toBeInTheDocument();
  });
});

describe('Settings → Key entities', () => {
  it("adds an entity with a $ alias; a taken alias gets the spec's message naming the entity, in both languages", async () => {
    mocked.get.mockResolvedValue([entity('CPF', '$cpf')]);
    render(<KeyEntitiesTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    expect(await screen.findByText('$cpf')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar entidade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova entidade-chave' });
    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'Documento' } });
    fireEvent.change(within(dialog).getByLabelText(/^Apelido/), { target: { value: 'CPF' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar entidade' }));
    expect(
      await within(dialog).findByText(
        'O apelido informado para "Documento" já está em uso. Por favor, escolha outro.',
      ),
    ).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'cpf' } });
    fireEvent.change(within(dialog).getByLabelText(/^Apelido/), { target: { value: 'doc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar entidade' }));
    expect(await within(dialog).findByText('A entidade já existe')).toBeInTheDocument();

    // The server's answer (another admin took the alias meanwhile) lands on the alias field.
    mocked.post.mockRejectedValueOnce(new ApiError(409, 'ALIAS_IN_USE', 'x', [], { field: 'E-mail' }));
    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'E-mail' } });
    fireEvent.change(within(dialog).getByLabelText(/^Apelido/), { target: { value: 'email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar entidade' }));
    expect(
      await within(dialog).findByText(
        'O apelido informado para "E-mail" já está em uso. Por favor, escolha outro.',
      ),
    ).toBeInTheDocument();
    expect(mocked.post).toHaveBeenCalledWith(
      '/p/chat/entities',
      { name: 'E-mail', alias: '$email', type: 'text', validation: '' },
      { query: { acc: TEST_ACC } },
    );
    await i18n.changeLanguage('en');
    mocked.post.mockRejectedValueOnce(new ApiError(409, 'ALIAS_IN_USE', 'x', [], { field: 'E-mail' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add entity' }));
    expect(
      await within(dialog).findByText(
        'The alias provided for "E-mail" is already in use. Please choose a different one.',
      ),
    ).toBeInTheDocument();
  });
});

describe("the contact panel's key entities", () => {
  it("shows the entities the member may see with the contact's values (an invalid one flagged, a missing one said)", async () => {
    mocked.get.mockResolvedValue([
      { ...entity('CPF', '$cpf'), type: 'cpf' },
      entity('Empresa', '$empresa', 2),
      { ...entity('E-mail', '$email', 3), type: 'email' },
    ]);
    render(<KeyEntitiesPanel acc={TEST_ACC} values={{ cpf: '123.456.789-09', email: 'not-an-email' }} />, {
      wrapper: AdminTestWrapper,
    });
    const panel = await screen.findByTestId('contact-key-entities');
    expect(within(panel).getByText('Entidades-chave')).toBeInTheDocument();
    expect(within(panel).getByText('123.456.789-09')).toBeInTheDocument();
    expect(within(panel).getByText('Não informado')).toBeInTheDocument();
    expect(within(panel).getByText('not-an-email')).toHaveStyle({ color: 'var(--mantine-color-red-8)' });
    expect(mocked.get).toHaveBeenCalledWith('/p/chat/entities', { acc: TEST_ACC });
  });

  it("reads $name, $email and $phone from the contact's own fields, where a bot saves them", async () => {
    mocked.get.mockResolvedValue([
      entity('Nome', '$name'),
      { ...entity('E-mail', '$email', 2), type: 'email' },
      entity('Telefone', '$phone', 3),
      entity('Pedido', '$pedido', 4),
    ]);
    render(
      <KeyEntitiesPanel
        acc={TEST_ACC}
        values={{ pedido: '48213' }}
        contact={{ name: 'Ana Souza', email: 'ana.souza@example.com', phone: '+5511987654000' }}
      />,
      { wrapper: AdminTestWrapper },
    );
    const panel = await screen.findByTestId('contact-key-entities');
    for (const value of ['Ana Souza', 'ana.souza@example.com', '+5511987654000', '48213'])
      expect(within(panel).getByText(value)).toBeInTheDocument();
    expect(within(panel).queryByText('Não informado')).toBeNull();
  });
});
