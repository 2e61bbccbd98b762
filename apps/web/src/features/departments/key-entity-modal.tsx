import { Select, TextInput } from '@mantine/core';
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
import { RecordFormModal, useRecordForm } from '../../ui/record-form-modal';

type TValues = {
  name: string;
  alias: string;
  type: TKeyEntityType;
  validation: string;
};

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
  const aliasInUse = (name: string) => t('errors:ALIAS_IN_USE', { field: name });
  const { form, modal } = useRecordForm({
    opened,
    record: entity,
    others,
    t,
    schema: ZKeyEntityBody,
    nameTaken: 'ENTITY_EXISTS',
    valuesOf: (e): TValues => ({
      name: e?.name ?? '',
      alias: e?.alias ?? '',
      type: e?.type ?? 'text',
      validation: e?.validation ?? '',
    }),
    validate: (values, errors) => {
      const alias = withDollar(values.alias).toLowerCase();
      if (!errors.alias && others.some((e) => e.alias.toLowerCase() === alias))
        errors.alias = aliasInUse(values.name.trim());
    },
    texts: {
      addTitle: t('entities.addTitle'),
      editTitle: t('entities.editTitle'),
      add: t('entities.add'),
      name: t('entities.fields.name'),
      namePlaceholder: t('entities.fields.namePlaceholder'),
    },
    nameMaxLength: KEY_ENTITY_LIMITS.nameMax,
    onClose,
    onSubmit: async (values, form) => {
      try {
        await onSave({ ...values, name: values.name.trim(), alias: withDollar(values.alias) });
      } catch (err) {
        // The alias message names the entity (spec §5): on the alias field, with the name echoed back.
        if (!(err instanceof ApiError) || err.code !== 'ALIAS_IN_USE') throw err;
        form.setFieldError('alias', aliasInUse(String(err.details?.field ?? values.name)));
      }
    },
  });

  return (
    <RecordFormModal {...modal}>
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
    </RecordFormModal>
  );
}
