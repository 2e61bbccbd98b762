import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { LIMITS, ZEmailBody, ZNewPasswordBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { keepCredentials, logout, takeCredentials } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';
import { AuthFrame } from './auth-frame';
import { authApi, safeReturnPath } from './auth-api';
import { completeLogin } from './complete-login';
import { notify } from '../../app/notify';
import { NewPasswordFields } from './account-fields';

function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}

/** Code verification: the 6-digit code from the e-mail; after success the login is retried automatically. */
export function VerifyPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const to = safeReturnPath(params.get('to'));
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(
    params.get('sent') === '1' ? t('verify.sent', { email }) : null,
  );
  const [busy, setBusy] = useState(false);
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const verify = async (code: string) => {
    if (!new RegExp(`^\\d{${LIMITS.otp.digits}}$`).test(code)) {
      setError(t('validation:otp'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await authApi.verifyOtp(email, code);
      const creds = takeCredentials();
      if (creds && creds.email === email) {
        const result = await authApi.login({ email, password: creds.password, remember_me: creds.remember });
        keepCredentials(null);
        if (result.accessToken && (await completeLogin(result))) {
          navigate(to, { replace: true });
          return;
        }
      }
      navigate(`/login?${new URLSearchParams({ email, verified: '1', to }).toString()}`, { replace: true });
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    try {
      await authApi.resendOtp(email);
      setInfo(t('verify.resent', { email }));
      setCooldown(LIMITS.otp.resendCooldownSeconds);
    } catch (err) {
      setError(errorText(t, err));
    }
  };

  return (
    <AuthFrame title={t('verify.title')} subtitle={t('verify.subtitle', { email })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void verify(otp);
        }}
        noValidate
      >
        <Stack gap="md">
          {info && !error && (
            <Alert color="brand" variant="light" icon={<IconMailCheck size={18} />} role="status">
              {info}
            </Alert>
          )}
          <ErrorAlert message={error} />
          <Center>
            <PinInput
              length={LIMITS.otp.digits}
              type="number"
              oneTimeCode
              size="lg"
              value={otp}
              onChange={setOtp}
              onComplete={(code) => void verify(code)}
              aria-label={t('verify.codeLabel')}
              getInputProps={(index) => ({ 'aria-label': t('verify.digitLabel', { index: index + 1 }) })}
              autoFocus
            />
          </Center>
          <Button type="submit" size="md" fullWidth loading={busy}>
            {t('verify.submit')}
          </Button>
          <Group justify="center" gap={6}>
            <Text fz="sm" c="dimmed">
              {t('verify.noCode')}
            </Text>
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => void resend()}
              disabled={cooldown > 0}
            >
              {cooldown > 0 ? t('verify.resendIn', { seconds: cooldown }) : t('verify.resend')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthFrame>
  );
}

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

/** Reset password (/reset-password?token=...): new password with the strength meter. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : t('errors:RESET_TOKEN_INVALID'));
  const [busy, setBusy] = useState(false);
  const schemaCheck = zodValidator<{ password: string; confirmPassword: string }>(
    ZNewPasswordBody,
    t,
    (v) => ({
      token: token || 'missing',
      password: v.password,
    }),
  );
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => {
      const errors = schemaCheck(values);
      if (values.password !== values.confirmPassword)
        errors.confirmPassword = t('validation:passwordMismatch');
      return errors;
    },
  });
  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    setError(null);
    try {
      await authApi.resetConfirm(token, password);
      notify({ color: 'green', title: t('reset.title'), message: t('reset.success') });
      navigate('/login?reset=1', { replace: true });
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  });
  return (
    <AuthFrame
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <Anchor component={Link} to="/forgot-password" fz="sm">
          {t('reset.requestNew')}
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert message={error} />
          <NewPasswordFields form={form} label={t('fields.newPassword')} />
          <Button type="submit" size="md" fullWidth loading={busy} disabled={!token}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}

/** /logout: signs out and goes to login. */
export function LogoutPage() {
  useEffect(() => {
    void logout(null);
  }, []);
  return <PageLoader />;
}
