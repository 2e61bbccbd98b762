import { MultiSelect, NumberInput, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEPARTMENT_LIMITS, type TDepartment, type TDepartmentBody, ZDepartmentBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useFormSave, zodValidator } from '../../app/forms';
import { FormModal, useFormOnOpen } from '../../ui/form-modal';

interface TValues {
  name: string;
  description: string;
  distribution: boolean;
  /** '' = the account's capacity. */
  capacity: number | '';
  members: string[];
}

const toBody = (v: TValues): TDepartmentBody => ({
  name: v.name.trim(),
  description: v.description.trim(),
  distribution: v.distribution,
  capacity: v.capacity === '' ? null : v.capacity,
  members: v.members,
});

/** Add or edit a department: name (unique), description, members, distribution and its capacity. */
export function DepartmentModal({
  opened,
  department,
  others,
  members,
  onClose,
  onSave,
}: {
  opened: boolean;
  department: TDepartment | null;
  others: TDepartment[];
  members: Array<{ value: string; label: string }>;
  onClose: () => void;
  onSave: (body: TDepartmentBody) => Promise<unknown>;
}) {
  const { t } = useTranslation('departments');
  const schemaCheck = zodValidator<TValues>(ZDepartmentBody, t, toBody);
  const form = useForm<TValues>({
    initialValues: { name: '', description: '', distribution: true, capacity: '', members: [] },
    validate: (values) => {
      const errors = schemaCheck(values);
      const name = values.name.trim().toLowerCase();
      if (!errors.name && others.some((d) => d.name.toLowerCase() === name))
        errors.name = t('errors:DEPARTMENT_NAME_IN_USE');
      return errors;
    },
  });
  const { saving, failure, setFailure, save } = useFormSave(form, t, {
    fieldOf: { DEPARTMENT_NAME_IN_USE: 'name' },
  });

  useFormOnOpen(
    opened,
    department,
    form,
    (): TValues => ({
      name: department?.name ?? '',
      description: department?.description ?? '',
      distribution: department?.distribution ?? true,
      capacity: department?.capacity ?? '',
      members: department?.members ?? [],
    }),
    setFailure,
  );

  const submit = form.onSubmit((values) => save(() => onSave(toBody(values))));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={department ? t('editTitle') : t('addTitle')}
      onSubmit={submit}
      failure={failure}
      saving={saving}
      submit={department ? t('common:save') : t('add')}
    >
      <TextInput
        label={t('fields.name')}
        placeholder={t('fields.namePlaceholder')}
        withAsterisk
        data-autofocus
        maxLength={DEPARTMENT_LIMITS.nameMax}
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('fields.description')}
        autosize
        minRows={2}
        maxLength={DEPARTMENT_LIMITS.descriptionMax}
        {...form.getInputProps('description')}
      />
      <MultiSelect
        label={t('fields.members')}
        description={t('fields.membersHelp')}
        placeholder={form.values.members.length ? undefined : t('fields.membersPlaceholder')}
        data={members}
        searchable
        clearable
        nothingFoundMessage={t('fields.noMember')}
        {...form.getInputProps('members')}
      />
      <Switch
        label={t('fields.distribution')}
        description={t('fields.distributionHelp')}
        {...form.getInputProps('distribution', { type: 'checkbox' })}
      />
      <NumberInput
        label={t('fields.capacity')}
        description={t('fields.capacityHelp')}
        placeholder={t('fields.capacityPlaceholder')}
        min={1}
        max={DEPARTMENT_LIMITS.capacityMax}
        allowDecimal={false}
        disabled={!form.values.distribution}
        {...form.getInputProps('capacity')}
      />
    </FormModal>
  );
}
