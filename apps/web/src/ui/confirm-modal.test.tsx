import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TToastText } from '../app/notify';
import { theme } from '../app/theme';
import { Wrapper } from '../test/setup';
import { ConfirmDelete } from './confirm-modal';
import { GONE_WITHIN } from '../test/closing-dialog';

interface TItem {
  name: string;
}

/** A list page's delete confirmation as the pages write it: the item is cleared as the dialog closes. */
function Page({ remove }: { remove: (item: TItem) => Promise<TToastText> }) {
  const [deleting, setDeleting] = useState<TItem | null>(null);
  return (
    <>
      <button type="button" onClick={() => setDeleting({ name: 'Venda' })}>
        ask
      </button>
      <span data-testid="item">{deleting ? deleting.name : 'none'}</span>
      <ConfirmDelete
        item={deleting}
        title={deleting ? `Excluir ${deleting.name}` : ''}
        message={`Excluir o item "${deleting?.name ?? ''}"?`}
        confirm={deleting ? `Sim, excluir ${deleting.name}` : ''}
        onClose={() => setDeleting(null)}
        remove={remove}
        onDeleted={async () => undefined}
      />
    </>
  );
}

// With motion (not the tests' reduced motion), a closing dialog stays on screen for its transition.
beforeEach(() => {
  Object.assign(theme, { respectReducedMotion: false });
});
afterEach(() => {
  Object.assign(theme, { respectReducedMotion: true });
});

describe('a confirmation dialog fading out', () => {
  it('keeps the title, message and button it was open with, after a cancel and after the action', async () => {
    const remove = vi.fn(async (): Promise<TToastText> => () => 'Excluído');
    render(<Page remove={remove} />, { wrapper: Wrapper });
    for (const button of ['Cancelar', 'Sim, excluir Venda']) {
      fireEvent.click(screen.getByRole('button', { name: 'ask' }));
      const dialog = await screen.findByRole('dialog', { name: 'Excluir Venda' });
      expect(dialog).toHaveTextContent('Excluir o item "Venda"?');
      fireEvent.click(within(dialog).getByRole('button', { name: button }));
      // Closing: the item is gone already, the dialog is still on screen with its texts.
      await waitFor(() => expect(screen.getByTestId('item')).toHaveTextContent('none'));
      expect(dialog).toBeInTheDocument();
      expect(dialog).toHaveTextContent('Excluir o item "Venda"?');
      expect(within(dialog).getByRole('button', { name: 'Sim, excluir Venda' })).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Excluir Venda' })).toBe(dialog);
      await waitFor(() => expect(dialog).not.toBeInTheDocument(), GONE_WITHIN);
    }
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith({ name: 'Venda' });
  });
});
