import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { TQuickMessage } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { expectSameWhileClosing, withMotion } from '../../test/closing-dialog';
import { Wrapper } from '../../test/setup';
import { QuickMessageModal } from './quick-message-modal';

const MESSAGE: TQuickMessage = {
  _id: '0190aaaa-0000-7000-8000-0000000000e1',
  shortcut: 'ola',
  text: 'Olá {{nome}}, como posso ajudar?',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

/** The quick messages page's editor as it is written: the message is cleared as the dialog closes. */
function Page() {
  const [editing, setEditing] = useState<TQuickMessage | null>(null);
  return (
    <>
      <button type="button" onClick={() => setEditing(MESSAGE)}>
        edit
      </button>
      <QuickMessageModal
        opened={editing !== null}
        message={editing}
        onClose={() => setEditing(null)}
        onSave={async () => setEditing(null)}
      />
    </>
  );
}

describe('quick message dialog fading out', () => {
  it('keeps the edit title and the preview while it fades out, after a cancel and after the save', async () => {
    await withMotion(async () => {
      render(<Page />, { wrapper: Wrapper });
      for (const button of ['Cancelar', 'Salvar']) {
        fireEvent.click(screen.getByRole('button', { name: 'edit' }));
        const dialog = await screen.findByRole('dialog', { name: 'Editar mensagem rápida' });
        expect(within(dialog).getByRole('textbox', { name: /^Atalho/ })).toHaveValue('ola');
        await expectSameWhileClosing(dialog, () =>
          fireEvent.click(within(dialog).getByRole('button', { name: button })),
        );
      }
    });
  });
});
