import { ActionIcon, Autocomplete, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconX } from '@tabler/icons-react';
import { CONTACT_LIMITS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { newRowId, type TContactFormValues } from './contact-form';
import { useAcc } from '../../app/session';
import { useKeyEntities } from '../departments/departments-api';
import { entityFieldKey } from '../departments/key-entities-panel';

/** Custom fields of a contact as key / value rows; the keys offered are the account's key entities. */
export function CustomFieldsEditor({ form }: { form: UseFormReturnType<TContactFormValues> }) {
  const { t } = useTranslation('contacts');
  // The definitions (Settings → Key entities): a field keyed by an entity's alias without the $.
  const entities = useKeyEntities(useAcc()).data;
  const definitions = (Array.isArray(entities) ? entities : []).map((e) => entityFieldKey(e.alias));
  const rows = form.values.customFields;
  const error = form.errors.customFields;
  return (
    <Input.Wrapper label={t('fields.customFields')} error={error}>
      <Stack gap="xs" mt={4}>
        {rows.map((row, index) => (
          <Group key={row.id} gap="xs" wrap="nowrap" align="flex-start">
            <Autocomplete
              data={definitions}
              aria-label={t('fields.customFieldKey', { n: index + 1 })}
              placeholder={t('fields.customFieldKeyPlaceholder')}
              maxLength={50}
              style={{ flex: 1 }}
              {...form.getInputProps(`customFields.${index}.key`)}
            />
            <TextInput
              aria-label={t('fields.customFieldValue', { n: index + 1 })}
              placeholder={t('fields.customFieldValuePlaceholder')}
              maxLength={1000}
              style={{ flex: 1.4 }}
              {...form.getInputProps(`customFields.${index}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('fields.customFieldRemove', { n: index + 1 })}
              onClick={() => form.removeListItem('customFields', index)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          w="fit-content"
          disabled={rows.length >= CONTACT_LIMITS.customFieldsMax}
          onClick={() => form.insertListItem('customFields', { id: newRowId(), key: '', value: '' })}
        >
          {t('fields.customFieldAdd')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
