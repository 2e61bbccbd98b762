import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TClosingReason } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../app/api-client';
import { i18n } from '../../app/i18n';
import { theme } from '../../app/theme';
import { expectSameWhileClosing, withMotion, GONE_WITHIN } from '../../test/closing-dialog';
import { Wrapper } from '../../test/setup';
import { ClosingReasonsTab } from './closing-reasons-tab';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from './settings-testing';

vi.mock('../../app/api-client', async (original) => {
  const real = await original<typeof import('../../app/api-client')>();
  return { ...real, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const mocked = vi.mocked(api);

const reason = (name: string, subReasons: string[] = [], i = 1): TClosingReason => ({
  _id: `0190aaaa-0000-7000-8000-${String(i).padStart(12, '0')}`,
  name,
  subReasons,
  createdAt: '2025-03-01T12:00:00.000Z',
});

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: 'Adicionar motivo' }));
  return screen.findByRole('dialog', { name: 'Novo motivo de encerramento' });
}

beforeEach(() => {
  vi.clearAllMocks();
  signInTestAdmin();
});
afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

describe('closing reasons', () => {
  it('lists reasons with their sub-reasons and the count against the limit', async () => {
    mocked.get.mockResolvedValue([
      reason('Dúvida resolvida', ['WhatsApp', 'Telefone']),
      reason('Venda', [], 2),
    ]);
    render(<ClosingReasonsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    const rows = await screen.findAllByTestId('reason-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Dúvida resolvida')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Telefone')).toBeInTheDocument();
    expect(screen.getByTestId('reasons-count')).toHaveTextContent('2 de 50');
    expect(mocked.get).toHaveBeenCalledWith('/p/chat/closing-reasons', { acc: TEST_ACC });
  });

  it('refuses an empty name and a name already used (any case), without calling the server', async () => {
    mocked.get.mockResolvedValue([reason('Dúvida resolvida')]);
    render(<ClosingReasonsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    const dialog = await openAdd();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar motivo' }));
    expect(await within(dialog).findByText('Este campo é obrigatório')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/Nome do motivo/), {
      target: { value: '  DÚVIDA resolvida ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar motivo' }));
    expect(await within(dialog).findByText('Este motivo de encerramento já existe')).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();
  });

  it("shows the server's refusals: duplicate on the name field, limit reached in the dialog", async () => {
    mocked.get.mockResolvedValue([]);
    render(<ClosingReasonsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    expect(await screen.findByTestId('reasons-empty')).toBeInTheDocument();
    const dialog = await openAdd();
    const name = within(dialog).getByLabelText(/Nome do motivo/);

    mocked.post.mockRejectedValueOnce(
      new ApiError(409, 'CLOSING_REASON_EXISTS', 'Este motivo de encerramento já existe'),
    );
    fireEvent.change(name, { target: { value: 'Venda' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar motivo' }));
    expect(await within(dialog).findByText('Este motivo de encerramento já existe')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    mocked.post.mockRejectedValueOnce(new ApiError(400, 'REASONS_LIMIT_REACHED', 'Limit'));
    fireEvent.change(name, { target: { value: 'Outro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar motivo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Limite de motivos de encerramento atingido',
    );
  });

  it('adds a reason with sub-reasons, then shows a success toast and the new list', async () => {
    mocked.get.mockResolvedValueOnce([]).mockResolvedValue([reason('Venda', ['Loja física'])]);
    mocked.post.mockResolvedValue(reason('Venda', ['Loja física']));
    render(<ClosingReasonsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText(/Nome do motivo/), { target: { value: ' Venda ' } });
    const subs = within(dialog).getByRole('textbox', { name: 'Submotivos' });
    fireEvent.change(subs, { target: { value: 'Loja física' } });
    fireEvent.keyDown(subs, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar motivo' }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(
        '/p/chat/closing-reasons',
        { name: 'Venda', subReasons: ['Loja física'] },
        { query: { acc: TEST_ACC } },
      ),
    );
    expect(await screen.findByText('Motivo Venda adicionado')).toBeInTheDocument();
    expect(await screen.findByTestId('reason-row')).toHaveTextContent('Loja física');
  });

  it('at the limit of 50 the add button is disabled and says why (English)', async () => {
    await i18n.changeLanguage('en');
    mocked.get.mockResolvedValue(Array.from({ length: 50 }, (_, i) => reason(`R${i}`, [], i + 1)));
    render(<ClosingReasonsTab acc={TEST_ACC} />, { wrapper: AdminTestWrapper });
    expect(await screen.findByRole('button', { name: 'Add reason' })).toBeDisabled();
    expect(screen.getByText('Closing reasons limit reached')).toBeInTheDocument();
    expect(screen.getByTestId('reasons-count')).toHaveTextContent('50 of 50');
  });

  it('keeps the reason’s name in the delete dialog while it fades out, after a cancel and after the deletion', async () => {
    // With motion (and not Mantine's test mode), a closing dialog stays on screen for its transition.
    Object.assign(theme, { respectReducedMotion: false });
    try {
      mocked.get.mockResolvedValue([reason('Venda')]);
      mocked.delete.mockResolvedValue(undefined);
      render(<ClosingReasonsTab acc={TEST_ACC} />, { wrapper: Wrapper });
      for (const button of ['Cancelar', 'Excluir']) {
        fireEvent.click(await screen.findByRole('button', { name: 'Excluir o motivo Venda' }));
        const dialog = await screen.findByRole('dialog', { name: 'Excluir motivo' });
        fireEvent.click(within(dialog).getByRole('button', { name: button }));
        if (button === 'Excluir') await waitFor(() => expect(mocked.get).toHaveBeenCalledTimes(2));
        expect(dialog).toBeInTheDocument();
        expect(dialog).toHaveTextContent('Excluir o motivo "Venda" e seus submotivos?');
        await waitFor(() => expect(dialog).not.toBeInTheDocument(), GONE_WITHIN);
      }
      expect(mocked.delete).toHaveBeenCalledTimes(1);
    } finally {
      Object.assign(theme, { respectReducedMotion: true });
    }
  });

  it('keeps the edit dialog’s title and button while it fades out, after a cancel and after the save', async () => {
    await withMotion(async () => {
      mocked.get.mockResolvedValue([reason('Venda', ['Loja física'])]);
      mocked.put.mockResolvedValue(reason('Venda', ['Loja física']));
      render(<ClosingReasonsTab acc={TEST_ACC} />, { wrapper: Wrapper });
      const open = async () => {
        fireEvent.click(await screen.findByRole('button', { name: 'Editar o motivo Venda' }));
        const dialog = await screen.findByRole('dialog', { name: 'Editar motivo de encerramento' });
        expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
        return dialog;
      };
      let dialog = await open();
      await expectSameWhileClosing(dialog, () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' })),
      );
      dialog = await open();
      await expectSameWhileClosing(dialog, async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
        // Saved: the dialog closes and the list is read again.
        await waitFor(() => expect(mocked.get).toHaveBeenCalledTimes(2));
      });
      expect(mocked.put).toHaveBeenCalledTimes(1);
    });
  });
});
