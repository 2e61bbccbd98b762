import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TContactPhase } from '@atende/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api-client';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { PhasesManager } from './phases-manager';

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const phase = (name: string, i: number): TContactPhase =>
  ({
    _id: `0190aaaa-0000-7000-8000-${String(i).padStart(12, '0')}`,
    acc: TEST_ACC,
    name,
    key: null,
    color: '#1971c2',
    order: i,
  }) as TContactPhase;
const phases = [phase('Novo', 1), phase('Proposta', 2), phase('Fechado', 3)];

beforeEach(() => {
  vi.clearAllMocks();
  signInTestAdmin();
  mocked.put.mockResolvedValue({});
  mocked.post.mockResolvedValue({});
  mocked.delete.mockResolvedValue({ deleted: true });
});

describe('leads board: managing phases', () => {
  it('renames a phase and moves one down', async () => {
    render(<PhasesManager acc={TEST_ACC} opened phases={phases} onClose={() => {}} />, {
      wrapper: AdminTestWrapper,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Fases dos contatos' });
    expect(within(dialog).getAllByTestId('phase-row')).toHaveLength(3);

    fireEvent.change(within(dialog).getByLabelText('Nome de Proposta'), {
      target: { value: 'Proposta enviada' },
    });
    fireEvent.click(
      within(within(dialog).getAllByTestId('phase-row')[1]).getByRole('button', { name: 'Salvar' }),
    );
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith(
        `/p/chat/inbox/phases/${phases[1]._id}`,
        { name: 'Proposta enviada', color: '#1971c2' },
        { query: { acc: TEST_ACC } },
      ),
    );

    expect(within(dialog).getByRole('button', { name: 'Subir Novo' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descer Novo' }));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith(
        '/p/chat/inbox/phases/order',
        { ids: [phases[1]._id, phases[0]._id, phases[2]._id] },
        { query: { acc: TEST_ACC } },
      ),
    );
  }, 15_000);

  it('adds a phase, and deletes one moving its contacts to another', async () => {
    render(<PhasesManager acc={TEST_ACC} opened phases={phases} onClose={() => {}} />, {
      wrapper: AdminTestWrapper,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Fases dos contatos' });
    fireEvent.change(within(dialog).getByLabelText('Nova fase'), { target: { value: 'Perdido' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar fase' }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(
        '/p/chat/inbox/phases',
        { name: 'Perdido', color: '#1971c2' },
        { query: { acc: TEST_ACC } },
      ),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir Proposta' }));
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Mover os contatos dela para' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fechado' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir fase' }));
    await waitFor(() =>
      expect(mocked.delete).toHaveBeenCalledWith(`/p/chat/inbox/phases/${phases[1]._id}`, undefined, {
        query: { acc: TEST_ACC, moveTo: phases[2]._id },
      }),
    );
    expect(await screen.findByText('Fase excluída')).toBeInTheDocument();
  }, 15_000);
});
