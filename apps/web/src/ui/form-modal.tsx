import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
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
