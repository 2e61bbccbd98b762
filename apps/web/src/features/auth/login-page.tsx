import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useFormSave } from '../../app/forms';
import { isValidEmail } from '@atende/shared';
import { getSession, keepCredentials, useSession } from '../../app/session';
import { AuthFrame } from './auth-frame';
import { authApi, safeReturnPath } from './auth-api';
import { completeLogin } from './complete-login';

type TLoginField = 'email' | 'password';
type TLoginErrors = Partial<Record<TLoginField, string>>;

/** Same rules as packages/shared ZLoginBody. */
function validateLogin(t: TFunction, values: { email: string; password: string }): TLoginErrors {
  const errors: TLoginErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = t('validation:required');
  else if (!isValidEmail(email.toLowerCase())) errors.email = t('validation:email');
  if (!values.password) errors.password = t('validation:required');
  return errors;
}

/**
 * The sign-in page: two fields, so plain state instead of @mantine/form, which the first page most
 * visitors load does not need to carry (bench web-bundle).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const to = safeReturnPath(params.get('to'));
  const [values, setValues] = useState({ email: params.get('email') ?? '', password: '', remember_me: true });
  const [errors, setErrors] = useState<TLoginErrors>({});
  const { saving, failure, setFailure, save } = useFormSave(null, t);

  if (session.token && session.status === 'ready') return <Navigate to={to} replace />;
  // Signed in but without any account (e.g. the last one was deleted): create one.
  if (session.token && session.status === 'noAccount') return <Navigate to="/create-account" replace />;

  /** A changed field loses its error, as with @mantine/form. */
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors(({ [field as TLoginField]: _, ...rest }) => rest);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const invalid = validateLogin(t, values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    void save(async () => {
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
      else setFailure(t('login.noAccount'));
    });
  };

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
          {(failure || params.get('reset') === '1' || params.get('verified') === '1') && (
            <Alert
              color={failure ? 'red' : 'green'}
              variant="light"
              icon={failure ? <IconAlertCircle size={18} /> : undefined}
              role={failure ? 'alert' : 'status'}
              data-testid="login-message"
            >
              {failure ?? (params.get('reset') === '1' ? t('reset.success') : t('verify.success'))}
            </Alert>
          )}
          <TextInput
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(event) => change('email', event.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(event) => change('password', event.currentTarget.value)}
            error={errors.password}
          />
          <Group justify="space-between">
            <Checkbox
              label={t('login.rememberMe')}
              checked={values.remember_me}
              onChange={(event) => change('remember_me', event.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgot-password" fz="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={saving}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
