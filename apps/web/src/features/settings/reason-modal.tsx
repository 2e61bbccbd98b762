import { TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZClosingReasonBody, type TClosingReason } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { zodValidator } from '../../app/forms';
import { useFormSave } from '../../app/forms';
import { FormModal, useFormOnOpen } from '../../ui/form-modal';

interface TReasonValues {
  name: string;
  subReasons: string[];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Add or rename a closing reason and its sub-reasons: not empty, unique (the server's messages). */
export function ReasonModal({
  opened,
  reason,
  others,
  onClose,
  onSave,
}: {
  opened: boolean;
  reason: TClosingReason | null;
  /** The account's other reasons (a name already used is refused before asking the server). */
  others: TClosingReason[];
  onClose: () => void;
  onSave: (body: TReasonValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('settings');
  const schemaCheck = zodValidator<TReasonValues>(ZClosingReasonBody, t);
  const form = useForm<TReasonValues>({
    initialValues: { name: '', subReasons: [] },
    validate: (values) => {
      const errors = schemaCheck(values);
      if (!errors.name && others.some((r) => sameName(r.name, values.name)))
        errors.name = t('errors:CLOSING_REASON_EXISTS');
      const subError = Object.entries(errors).find(([path]) => path.startsWith('subReasons.'));
      if (subError && !errors.subReasons) errors.subReasons = subError[1];
      return errors;
    },
  });
  const { saving, failure, setFailure, save } = useFormSave(form, t, {
    fieldOf: { CLOSING_REASON_EXISTS: 'name' },
  });

  useFormOnOpen(
    opened,
    reason,
    form,
    () => ({ name: reason?.name ?? '', subReasons: reason?.subReasons ?? [] }),
    setFailure,
  );

  const submit = form.onSubmit((values) =>
    save(() => onSave({ name: values.name.trim(), subReasons: values.subReasons.map((s) => s.trim()) })),
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={reason ? t('reasons.editTitle') : t('reasons.addTitle')}
      onSubmit={submit}
      failure={failure}
      saving={saving}
      submit={reason ? t('common:save') : t('reasons.add')}
    >
      <TextInput
        label={t('reasons.name')}
        placeholder={t('reasons.namePlaceholder')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TagsInput
        label={t('reasons.subReasons')}
        description={t('reasons.subReasonsHelp')}
        placeholder={t('reasons.subReasonsPlaceholder')}
        clearable
        splitChars={[',']}
        {...form.getInputProps('subReasons')}
      />
    </FormModal>
  );
}
