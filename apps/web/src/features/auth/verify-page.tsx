import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { LIMITS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../app/i18n';
import { keepCredentials, takeCredentials } from '../../app/session';
import { AuthFrame } from './auth-frame';
import { authApi, safeReturnPath } from './auth-api';
import { completeLogin } from './complete-login';
import { ErrorAlert } from './error-alert';

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
