import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZNewPasswordBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFormSave, zodValidator } from '../../app/forms';
import { AuthFrame } from './auth-frame';
import { authApi } from './auth-api';
import { notify } from '../../app/notify';
import { NewPasswordFields } from './account-fields';
import { ErrorAlert } from './error-alert';

/** Reset password (/reset-password?token=...): new password with the strength meter. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { saving: busy, failure, save } = useFormSave(null, t);
  // Without a token the link is broken: said before anything is sent.
  const error = failure ?? (token ? null : t('errors:RESET_TOKEN_INVALID'));
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
  const submit = form.onSubmit(({ password }) =>
    save(async () => {
      await authApi.resetConfirm(token, password);
      notify({
        color: 'green',
        title: (t) => t('auth:reset.title'),
        message: (t) => t('auth:reset.success'),
      });
      navigate('/login?reset=1', { replace: true });
    }),
  );
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
