import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { LIMITS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormSave } from '../../app/forms';
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
  const verifying = useFormSave(null, t);
  const resending = useFormSave(null, t);
  const error = verifying.failure ?? resending.failure;
  const [info, setInfo] = useState<string | null>(
    params.get('sent') === '1' ? t('verify.sent', { email }) : null,
  );
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const verify = async (code: string) => {
    resending.setFailure(null);
    if (!new RegExp(`^\\d{${LIMITS.otp.digits}}$`).test(code)) {
      verifying.setFailure(t('validation:otp'));
      return;
    }
    await verifying.save(async () => {
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
    });
  };

  const resend = async () => {
    verifying.setFailure(null);
    await resending.save(async () => {
      await authApi.resendOtp(email);
      setInfo(t('verify.resent', { email }));
      setCooldown(LIMITS.otp.resendCooldownSeconds);
    });
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
          <Button type="submit" size="md" fullWidth loading={verifying.saving}>
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
