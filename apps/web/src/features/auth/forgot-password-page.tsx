import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { ZEmailBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormSave, zodValidator } from '../../app/forms';
import { AuthFrame } from './auth-frame';
import { authApi } from './auth-api';
import { ErrorAlert } from './error-alert';

/** Forgot password: mails a reset link (the answer is the same whether or not the e-mail exists). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState(false);
  const { saving: busy, failure: error, save } = useFormSave(null, t);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zodValidator(ZEmailBody, t),
  });
  const submit = form.onSubmit(({ email }) =>
    save(async () => {
      await authApi.forgot(email.trim().toLowerCase());
      setSent(true);
    }),
  );
  return (
    <AuthFrame
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Anchor component={Link} to="/login" fz="sm">
          {t('forgot.back')}
        </Anchor>
      }
    >
      {sent ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconMailCheck size={18} />}
          role="status"
          data-testid="forgot-sent"
        >
          {t('forgot.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ErrorAlert message={error} />
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" size="md" fullWidth loading={busy}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}
