import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZInviteBody, type TRole } from '@atende/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usersApi } from './users-api';
import { zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useDepartments, useKeyEntities } from '../departments/departments-api';

interface TInviteValues {
  email: string;
  acl: TRole;
  /** Department ids (empty: every department). */
  intentions: string[];
  /** Key entity ids the member may see (empty: all). */
  entities: string[];
}

/**
 * Invite by e-mail with a role, departments and key entities (POST /g/user/invite); never above
 * the inviter's own role.
 */
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
  const departments = useDepartments(acc, opened);
  const entities = useKeyEntities(acc, opened);
  const form = useForm({
    initialValues: {
      email: '',
      acl: 'operator' as TRole,
      intentions: [] as string[],
      entities: [] as string[],
    },
    validate: zodValidator<TInviteValues>(ZInviteBody, t, (v) => ({ ...v, acc })),
  });
  const invite = useMutation({
    mutationFn: (values: TInviteValues) =>
      usersApi.invite(acc, values.email, values.acl, values.intentions, values.entities),
    onMutate: () => setError(null),
    onSuccess: (_, values) => {
      notify({ color: 'green', message: (t) => t('team:invited', { email: values.email }) });
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
          <MultiSelect
            label={t('fields.departments')}
            description={t('fields.departmentsHelp')}
            placeholder={form.values.intentions.length ? undefined : t('fields.allDepartments')}
            data={(departments.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
            searchable
            clearable
            nothingFoundMessage={t('fields.noDepartments')}
            {...form.getInputProps('intentions')}
          />
          <MultiSelect
            label={t('fields.entities')}
            description={t('fields.entitiesHelp')}
            placeholder={form.values.entities.length ? undefined : t('fields.allEntities')}
            data={(entities.data ?? []).map((e) => ({ value: e._id, label: `${e.name} (${e.alias})` }))}
            searchable
            clearable
            nothingFoundMessage={t('fields.noEntities')}
            {...form.getInputProps('entities')}
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
