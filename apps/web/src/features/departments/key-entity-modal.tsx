import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  KEY_ENTITY_LIMITS,
  KEY_ENTITY_TYPES,
  type TKeyEntity,
  type TKeyEntityBody,
  type TKeyEntityType,
  ZKeyEntityBody,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { useFormSave, zodValidator } from '../../app/forms';
import { FormModal, useFormOnOpen } from '../../ui/form-modal';

interface TValues {
  name: string;
  alias: string;
  type: TKeyEntityType;
  validation: string;
}

const withDollar = (alias: string) => {
  const a = alias.trim();
  return a.startsWith('$') ? a : `$${a}`;
};

/**
 * Add or edit a key entity: name ('Entity already exists' when taken), `$alias` (the spec's
 * unique-alias message), type and an optional pattern the value must match.
 */
export function KeyEntityModal({
  opened,
  entity,
  others,
  onClose,
  onSave,
}: {
  opened: boolean;
  entity: TKeyEntity | null;
  others: TKeyEntity[];
  onClose: () => void;
  onSave: (body: TKeyEntityBody) => Promise<unknown>;
}) {
  const { t } = useTranslation('departments');
  const schemaCheck = zodValidator<TValues>(ZKeyEntityBody, t);
  const aliasInUse = (name: string) => t('errors:ALIAS_IN_USE', { field: name });
  const form = useForm<TValues>({
    initialValues: { name: '', alias: '', type: 'text', validation: '' },
    validate: (values) => {
      const errors = schemaCheck(values);
      const name = values.name.trim();
      if (!errors.name && others.some((e) => e.name.toLowerCase() === name.toLowerCase()))
        errors.name = t('errors:ENTITY_EXISTS');
      const alias = withDollar(values.alias).toLowerCase();
      if (!errors.alias && others.some((e) => e.alias.toLowerCase() === alias))
        errors.alias = aliasInUse(name);
      return errors;
    },
  });
  const { saving, failure, setFailure, save } = useFormSave(form, t, {
    fieldOf: { ENTITY_EXISTS: 'name' },
  });

  useFormOnOpen(
    opened,
    entity,
    form,
    () => ({
      name: entity?.name ?? '',
      alias: entity?.alias ?? '',
      type: entity?.type ?? 'text',
      validation: entity?.validation ?? '',
    }),
    setFailure,
  );

  const submit = form.onSubmit((values) =>
    save(async () => {
      try {
        await onSave({ ...values, name: values.name.trim(), alias: withDollar(values.alias) });
      } catch (err) {
        // The alias message names the entity (spec §5): on the alias field, with the name echoed back.
        if (!(err instanceof ApiError) || err.code !== 'ALIAS_IN_USE') throw err;
        form.setFieldError('alias', aliasInUse(String(err.details?.field ?? values.name)));
      }
    }),
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={entity ? t('entities.editTitle') : t('entities.addTitle')}
      onSubmit={submit}
      failure={failure}
      saving={saving}
      submit={entity ? t('common:save') : t('entities.add')}
    >
      <TextInput
        label={t('entities.fields.name')}
        placeholder={t('entities.fields.namePlaceholder')}
        withAsterisk
        data-autofocus
        maxLength={KEY_ENTITY_LIMITS.nameMax}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('entities.fields.alias')}
        description={t('entities.fields.aliasHelp')}
        placeholder="$cpf"
        withAsterisk
        maxLength={KEY_ENTITY_LIMITS.aliasMax + 1}
        {...form.getInputProps('alias')}
      />
      <Select
        label={t('entities.fields.type')}
        data={KEY_ENTITY_TYPES.map((type) => ({ value: type, label: t(`entities.types.${type}`) }))}
        allowDeselect={false}
        {...form.getInputProps('type')}
      />
      <TextInput
        label={t('entities.fields.validation')}
        description={t('entities.fields.validationHelp')}
        placeholder="^[A-Z]{3}-\d{4}$"
        maxLength={KEY_ENTITY_LIMITS.validationMax}
        {...form.getInputProps('validation')}
      />
    </FormModal>
  );
}
