import { type FormEventHandler, type ReactNode, useEffect } from 'react';
import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** A refusal that belongs to no field, above the form. */
export function FormFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  ) : null;
}

/** A form dialog's buttons: cancel (closes it) and submit (busy while saving). */
export function ModalActions({
  onCancel,
  saving,
  submit,
  mt,
}: {
  onCancel: () => void;
  saving: boolean;
  submit: ReactNode;
  mt?: 'xs' | 'sm' | 'lg';
}) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {submit}
      </Button>
    </Group>
  );
}

/**
 * A record's form in a dialog: the title, a refusal that belongs to no field, the fields, then
 * cancel and submit. Pair it with useFormOnOpen so each opening starts from the record.
 */
export function FormModal({
  opened,
  onClose,
  title,
  onSubmit,
  failure,
  saving,
  submit,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null;
  saving: boolean;
  submit: ReactNode;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormFailure failure={failure} />
          {children}
          <ModalActions onCancel={onClose} saving={saving} submit={submit} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Each time the dialog opens (or is opened on another record), the form takes the record's values
 * with no errors, nothing dirty and no refusal left from the last time.
 */
export function useFormOnOpen<V>(
  opened: boolean,
  record: unknown,
  form: UseFormReturnType<V>,
  valuesOf: () => NoInfer<V>,
  setFailure: (failure: string | null) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or its record changes
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf());
    form.resetDirty();
    form.clearErrors();
    setFailure(null);
  }, [opened, record]);
}
