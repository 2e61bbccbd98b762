import { Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/**
 * A contact's name, phone and e-mail inputs, as the contacts drawer and the inbox's contact panel
 * edit them: a phone without its own +country shows the +55 it will get (spec §5).
 */
export function ContactIdentityFields<T extends { name: string; phone: string; email: string }>({
  form,
}: {
  form: UseFormReturnType<T>;
}) {
  const { t } = useTranslation('contacts');
  const phone = form.values.phone.trim();
  return (
    <>
      <TextInput
        label={t('fields.name')}
        required
        data-autofocus
        maxLength={200}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('fields.phone')}
        description={t('fields.phoneHint')}
        type="tel"
        autoComplete="off"
        placeholder="(11) 98765-4321"
        leftSection={
          phone.startsWith('+') ? undefined : (
            <Text fz="sm" c="dimmed">
              +55
            </Text>
          )
        }
        leftSectionWidth={44}
        {...form.getInputProps('phone')}
      />
      <TextInput label={t('fields.email')} type="email" autoComplete="off" {...form.getInputProps('email')} />
    </>
  );
}
