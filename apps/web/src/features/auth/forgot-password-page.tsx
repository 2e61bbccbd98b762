import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { ZEmailBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { AuthFrame } from './auth-frame';
import { authApi } from './auth-api';
import { ErrorAlert } from './error-alert';

/** Forgot password: mails a reset link (the answer is the same whether or not the e-mail exists). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zodValidator(ZEmailBody, t),
  });
  const submit = form.onSubmit(async ({ email }) => {
    setBusy(true);
    setError(null);
    try {
      await authApi.forgot(email.trim().toLowerCase());
      setSent(true);
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  });
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
