import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZChangePasswordBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { writeItem } from '../../app/storage';
import { zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { PasswordStrength } from '../auth/password-strength';
import { notify } from '../../app/notify';
import { useChangePassword } from './users-api';

/** Password change: current password, the new one with the strength meter, and its confirmation. */
export function PasswordChangeCard() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const schemaCheck = zodValidator(ZChangePasswordBody, t);
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: (values) => {
      const errors = schemaCheck(values);
      if (values.password !== values.confirmPassword)
        errors.confirmPassword = t('validation:passwordMismatch');
      return errors;
    },
  });
  const submit = form.onSubmit((values) =>
    change.mutate(
      { currentPassword: values.currentPassword, password: values.password },
      {
        // Other sessions end; this one continues with the fresh tokens the server returns.
        onSuccess: (tokens) => {
          writeItem('accessToken', tokens.accessToken);
          writeItem('refreshToken', tokens.refreshToken);
          form.reset();
          notify({ color: 'green', message: (t) => t('profile:password.changed') });
        },
        onError: (err) =>
          notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
      },
    ),
  );
  return (
    <Card padding="lg">
      <Text fw={650} mb={4}>
        {t('password.title')}
      </Text>
      <Text c="dimmed" fz="sm" mb="md">
        {t('password.description')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <PasswordInput
              label={t('password.current')}
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword')}
            />
            <Stack gap={6}>
              <PasswordInput
                label={t('password.new')}
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
              <PasswordStrength password={form.values.password} />
            </Stack>
            <PasswordInput
              label={t('password.confirm')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmPassword')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
