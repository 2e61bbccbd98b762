import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../app/i18n';
import { isValidEmail } from '@atende/shared';
import { getSession, keepCredentials, useSession } from '../../app/session';
import { AuthFrame } from './auth-frame';
import { authApi, safeReturnPath } from './auth-api';
import { completeLogin } from './complete-login';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const to = safeReturnPath(params.get('to'));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: params.get('email') ?? '', password: '', remember_me: true },
    // Same rules as packages/shared ZLoginBody.
    validate: {
      email: (value) =>
        !value.trim()
          ? t('validation:required')
          : isValidEmail(value.trim().toLowerCase())
            ? null
            : t('validation:email'),
      password: (value) => (value ? null : t('validation:required')),
    },
  });

  if (session.token && session.status === 'ready') return <Navigate to={to} replace />;
  // Signed in but without any account (e.g. the last one was deleted): create one.
  if (session.token && session.status === 'noAccount') return <Navigate to="/create-account" replace />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      const email = values.email.trim().toLowerCase();
      const result = await authApi.login({
        email,
        password: values.password,
        remember_me: values.remember_me,
      });
      if (!result.isConfirmed || !result.accessToken) {
        keepCredentials({ email, password: values.password, remember: values.remember_me });
        navigate(`/verify?${new URLSearchParams({ email, to }).toString()}`);
        return;
      }
      if (await completeLogin(result)) navigate(to, { replace: true });
      else if (getSession().status === 'noAccount') navigate('/create-account', { replace: true });
      else setError(t('login.noAccount'));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthFrame
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <Text fz="sm" c="dimmed">
          {t('login.noAccountYet')}{' '}
          <Anchor component={Link} to="/register" fw={600}>
            {t('login.createAccount')}
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {(error || params.get('reset') === '1' || params.get('verified') === '1') && (
            <Alert
              color={error ? 'red' : 'green'}
              variant="light"
              icon={error ? <IconAlertCircle size={18} /> : undefined}
              role={error ? 'alert' : 'status'}
              data-testid="login-message"
            >
              {error ?? (params.get('reset') === '1' ? t('reset.success') : t('verify.success'))}
            </Alert>
          )}
          <TextInput
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Checkbox
              label={t('login.rememberMe')}
              key={form.key('remember_me')}
              {...form.getInputProps('remember_me', { type: 'checkbox' })}
            />
            <Anchor component={Link} to="/forgot-password" fz="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
