import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ZClosingReasonBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../app/api-client';
import { Wrapper } from '../test/setup';
import { RecordFormModal, useRecordForm } from './record-form-modal';

type TThing = { _id: string; name: string };

function ThingModal({
  thing,
  onSave,
}: {
  thing: TThing | null;
  onSave: (values: { name: string; subReasons: string[] }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { modal } = useRecordForm({
    opened: true,
    record: thing,
    others: [{ name: 'Taken' }],
    t,
    schema: ZClosingReasonBody,
    nameTaken: 'CLOSING_REASON_EXISTS',
    valuesOf: (r) => ({ name: r?.name ?? '', subReasons: [] as string[] }),
    texts: {
      addTitle: 'New thing',
      editTitle: 'Edit thing',
      add: 'Add thing',
      name: 'Name',
      namePlaceholder: 'A name',
    },
    onClose: () => undefined,
    onSubmit: (values) => onSave(values),
  });
  return (
    <RecordFormModal {...modal}>
      <p>other fields</p>
    </RecordFormModal>
  );
}

describe('RecordFormModal', () => {
  it('adds: refuses an empty name and one another record has (any case, spaces), then saves', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<ThingModal thing={null} onSave={onSave} />, { wrapper: Wrapper });
    const dialog = await screen.findByRole('dialog', { name: 'New thing' });
    const name = within(dialog).getByLabelText(/Name/);
    expect(name).toHaveAttribute('placeholder', 'A name');
    expect(within(dialog).getByText('other fields')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add thing' }));
    expect(await within(dialog).findByText('Este campo é obrigatório')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: ' TAKEN ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add thing' }));
    expect(await within(dialog).findByText('Este motivo de encerramento já existe')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Free' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add thing' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Free', subReasons: [] }));
  });

  it('edits from the record: the server’s name refusal goes on the name field, another in the dialog', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'CLOSING_REASON_EXISTS', 'exists'))
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'boom'));
    render(<ThingModal thing={{ _id: 't1', name: 'Mine' }} onSave={onSave} />, { wrapper: Wrapper });
    const dialog = await screen.findByRole('dialog', { name: 'Edit thing' });
    const name = within(dialog).getByLabelText(/Name/);
    expect(name).toHaveValue('Mine');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Este motivo de encerramento já existe')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  });
});
