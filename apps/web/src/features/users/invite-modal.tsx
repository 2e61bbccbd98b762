import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZInviteBody, type TRole } from '@atende/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usersApi } from './users-api';
import { zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';

/** Invite by e-mail with a role (POST /g/user/invite); never above the inviter's own role. */
export function InviteModal({
  opened,
  acc,
  roles,
  onClose,
  onInvited,
}: {
  opened: boolean;
  acc: string;
  roles: Array<{ value: string; label: string }>;
  onClose: () => void;
  onInvited: () => void;
}) {
  const { t } = useTranslation('team');
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', acl: 'operator' as TRole },
    validate: zodValidator<{ email: string; acl: TRole }>(ZInviteBody, t, (v) => ({ ...v, acc })),
  });
  const invite = useMutation({
    mutationFn: (values: { email: string; acl: TRole }) => usersApi.invite(acc, values.email, values.acl),
    onMutate: () => setError(null),
    onSuccess: (_, values) => {
      notify({ color: 'green', message: t('invited', { email: values.email }) });
      form.reset();
      onInvited();
    },
    onError: (err) => setError(errorText(t, err)),
  });
  const submit = form.onSubmit((values) => invite.mutate(values));
  const busy = invite.isPending;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('inviteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('fields.email')}
            type="email"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <Select
            label={t('fields.role')}
            data={roles}
            allowDeselect={false}
            required
            {...form.getInputProps('acl')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('sendInvite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
