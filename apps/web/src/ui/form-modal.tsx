import { type ReactNode, useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../app/api-client';
import { serverFieldErrors } from '../app/forms';
import { errorText } from '../app/i18n';

/**
 * Saving a dialog's form: busy while `save` runs; a refusal goes on the field it names (`fieldOf` a
 * code, or the server's field errors through `foldErrors`), anything else into `failure`.
 */
export function useFormSave<V>(
  form: UseFormReturnType<V>,
  t: TFunction,
  options: {
    fieldOf?: Partial<Record<string, string>>;
    foldErrors?: (errors: Record<string, string>) => Record<string, string>;
  } = {},
) {
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (action: () => Promise<unknown>) => {
    setSaving(true);
    setFailure(null);
    try {
      await action();
    } catch (err) {
      const field = err instanceof ApiError && err.code ? options.fieldOf?.[err.code] : undefined;
      if (field) form.setFieldError(field, errorText(t, err));
      else if (err instanceof ApiError && err.fields.length > 0) {
        const errors = serverFieldErrors(t, err);
        form.setErrors(options.foldErrors ? options.foldErrors(errors) : errors);
      } else setFailure(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };
  return { saving, failure, setFailure, save };
}

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
