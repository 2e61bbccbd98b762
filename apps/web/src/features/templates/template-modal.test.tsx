import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { TChannel, TTemplate } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { expectSameWhileClosing, withMotion } from '../../test/closing-dialog';
import { Wrapper } from '../../test/setup';
import { TemplateModal } from './template-modal';

const CHANNEL = { _id: '0190aaaa-0000-7000-8000-0000000000d1', name: 'Vendas' } as TChannel;
const TEMPLATE: TTemplate = {
  _id: '0190aaaa-0000-7000-8000-0000000000e1',
  channelId: CHANNEL._id,
  name: 'pedido_enviado',
  language: 'pt_BR',
  category: 'UTILITY',
  header: null,
  body: 'Olá {{1}}, seu pedido foi enviado.',
  footer: null,
  buttons: [],
  examples: { body: ['Ana'], header: [] },
  variables: ['1'],
  status: 'approved',
  providerTemplateId: 'meta-1',
  rejectionReason: null,
  submittedAt: '2026-03-01T00:00:00.000Z',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

/** The templates page's editor as it is written: the template is cleared as the dialog closes. */
function Page() {
  const [editing, setEditing] = useState<TTemplate | null>(null);
  return (
    <>
      <button type="button" onClick={() => setEditing(TEMPLATE)}>
        edit
      </button>
      <TemplateModal
        opened={editing !== null}
        template={editing}
        channels={[CHANNEL]}
        onClose={() => setEditing(null)}
        onSave={async () => setEditing(null)}
      />
    </>
  );
}

describe('template dialog fading out', () => {
  it('stays the edit’s dialog (title, locked fields) while it fades out', async () => {
    await withMotion(async () => {
      render(<Page />, { wrapper: Wrapper });
      fireEvent.click(screen.getByRole('button', { name: 'edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar template pedido_enviado' });
      expect(within(dialog).getByRole('textbox', { name: /^Nome/ })).toBeDisabled();
      await expectSameWhileClosing(dialog, () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' })),
      );
    });
  });
});
