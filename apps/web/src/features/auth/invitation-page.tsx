import { Alert, Anchor, Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconUsersGroup } from '@tabler/icons-react';
import { ZInvitedUpdateBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { zodValidator } from '../../app/forms';
import { QueryProvider } from '../../app/query-provider';
import { errorText } from '../../app/i18n';
import { PageLoader } from '../../ui/page-loader';
import { AuthFrame } from './auth-frame';
import { completeLogin } from './complete-login';
import { withDefaultCountry } from '../../app/format';
import { NewPasswordFields, PhoneField } from './account-fields';
import { useAcceptInvitation, useInvitation } from '../users/users-api';

interface TValues {
  name: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

/** Invitation acceptance (/invitation/{id}): new users create their login; existing users confirm their password. */
export function InvitationPage() {
  return (
    <QueryProvider>
      <Invitation />
    </QueryProvider>
  );
}

function Invitation() {
  const { t } = useTranslation('auth');
  const { invatation_id: id = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitation(id);
  const accept = useAcceptInvitation({
    onSuccess: async (result) => {
      await completeLogin(result);
      navigate(`/dashboard?acc=${invitation.data?.acc}`, { replace: true });
    },
  });
  const view = invitation.data;
  const existing = view?.userExists === true;
  const schemaCheck = zodValidator<TValues>(ZInvitedUpdateBody, t, (v) => ({
    // Existing users only confirm their password; the server keeps their name and phone.
    name: existing ? view?.email : v.name,
    phone: existing ? '+5511999999999' : withDefaultCountry(v.phone),
    email: view?.email ?? '',
    password: v.password,
    invatation: id,
  }));
  const form = useForm<TValues>({
    initialValues: { name: '', phone: '', password: '', confirmPassword: '' },
    validate: (values) => {
      const errors = schemaCheck(values);
      if (!existing && values.password !== values.confirmPassword)
        errors.confirmPassword = t('validation:passwordMismatch');
      return errors;
    },
  });

  if (invitation.isPending) return <PageLoader />;
  if (invitation.isError || !view) {
    return (
      <AuthFrame title={t('invitation.title')}>
        <Stack>
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(t, invitation.error)}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('forgot.back')}
          </Anchor>
        </Stack>
      </AuthFrame>
    );
  }

  const submit = form.onSubmit((values) =>
    accept.mutate(
      ZInvitedUpdateBody.parse({
        name: existing ? undefined : values.name,
        phone: existing ? undefined : withDefaultCountry(values.phone),
        email: view.email,
        password: values.password,
        invatation: id,
      }),
    ),
  );
  const error = accept.error ? errorText(t, accept.error) : null;

  return (
    <AuthFrame
      title={t('invitation.title')}
      subtitle={
        <Group gap={6} component="span">
          <IconUsersGroup size={16} aria-hidden="true" />
          <span>{t('invitation.subtitle', { account: view.accName })}</span>
          <Badge variant="light" size="sm">
            {t(`shell:roles.${view.acl}`)}
          </Badge>
        </Group>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={t('fields.email')} value={view.email} readOnly disabled />
          {existing ? (
            <>
              <Text fz="sm" c="dimmed">
                {t('invitation.existing')}
              </Text>
              <PasswordInput
                label={t('fields.password')}
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
            </>
          ) : (
            <>
              <TextInput
                label={t('fields.name')}
                autoComplete="name"
                required
                {...form.getInputProps('name')}
              />
              <PhoneField form={form} />
              <NewPasswordFields form={form} userInputs={[form.values.name, view.email]} />
            </>
          )}
          <Button type="submit" size="md" fullWidth loading={accept.isPending}>
            {t('invitation.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
