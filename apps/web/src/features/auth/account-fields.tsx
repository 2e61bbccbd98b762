import { PasswordInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordStrength } from './password-strength';

/** A @mantine/form form holding password/confirmPassword (and phone for PhoneField). */
type TFieldForm = UseFormReturnType<any>;

/** A new password with the five-level strength meter and its confirmation. */
export function NewPasswordFields({
  form,
  label,
  userInputs,
}: {
  form: TFieldForm;
  label?: string;
  userInputs?: string[];
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        label={label ?? t('fields.password')}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordStrength password={form.values.password ?? ''} userInputs={userInputs} />
      <PasswordInput
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}

/** A phone typed in the national format; the country code +55 is the default (spec §5). */
export function PhoneField({ form }: { form: TFieldForm }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('fields.phone')}
      description={t('fields.phoneHint')}
      type="tel"
      autoComplete="tel-national"
      placeholder="(11) 98765-4321"
      leftSection={
        <Text fz="sm" c="dimmed">
          +55
        </Text>
      }
      leftSectionWidth={44}
      required
      {...form.getInputProps('phone')}
    />
  );
}
