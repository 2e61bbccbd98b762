import { useState } from 'react';
import { Avatar, Badge, Button, Card, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { IconMailX, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLES, hasRole, type TMember, type TRole } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { currentRole, useSession, useAcc } from '../../app/session';
import { initials } from '../../app/shell/user-menu';
import { DataTable, DimmedCell } from '../../ui/data-table';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { RowAction } from '../../ui/row-action';
import { useKeptWhileClosing } from '../../ui/use-kept-while-closing';
import { formatDate } from '../../app/format';
import { InviteModal } from './invite-modal';
import { MemberAccessCell } from './member-access-cell';
import { membersKey, useMembers, usersApi } from './users-api';
import { notify } from '../../app/notify';

/** /acc/users: members with their roles, invite with a role, change role, remove access. */
export function TeamPage() {
  const { t, i18n } = useTranslation('team');
  const session = useSession();
  const acc = useAcc();
  const myRole = currentRole(session);
  const me = session.user?._id;
  const queryClient = useQueryClient();
  const members = useMembers(acc);
  const [inviting, setInviting] = useState(false);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: membersKey(acc) });
  const onError = (err: unknown) =>
    notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) });

  const changeRole = useMutation({
    mutationFn: ({ userId, acl }: { userId: string; acl: TRole }) => usersApi.changeRole(acc, userId, acl),
    onSuccess: () => {
      notify({ color: 'green', message: (t) => t('team:roleChanged') });
      return invalidate();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => usersApi.removeAccess(acc, userId),
    onSuccess: () => {
      notify({ color: 'green', message: (t) => t('team:removed') });
      return invalidate();
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => usersApi.revokeInvitation(acc, id),
    onSuccess: () => invalidate(),
    onError,
  });

  const roleOptions = ROLES.filter((role) => hasRole(myRole, role)).map((role) => ({
    value: role,
    label: t(`shell:roles.${role}`),
  }));
  const [removing, setRemoving] = useState<TMember | null>(null);
  // Closing clears the member: the dialog keeps their name while it fades out.
  const shownRemoving = useKeptWhileClosing(removing);

  if (members.isPending) return <PageLoader />;
  const data = members.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            {t('invite')}
          </Button>
        }
      />
      {members.isError && <LoadError error={members.error} />}
      <Card padding={0}>
        <DataTable
          testId="members-table"
          minWidth={900}
          columns={[
            { label: t('columns.member') },
            { label: t('columns.role') },
            { label: t('columns.departments') },
            { label: t('columns.entities') },
            { label: t('columns.since') },
            { label: t('columns.actions'), hidden: true },
          ]}
        >
          {data?.items.map((member) => {
            const self = member.userId === me;
            const editable = !self && hasRole(myRole, member.acl as TRole);
            return (
              <Table.Tr key={member.userId} data-testid="member-row">
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={member.profilePic} radius="xl" color="brand" alt="">
                      {initials(member.name || member.email)}
                    </Avatar>
                    <div>
                      <Text fz="sm" fw={600}>
                        {member.name}{' '}
                        {self && (
                          <Badge size="xs" variant="light" ml={4}>
                            {t('you')}
                          </Badge>
                        )}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {member.email}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {editable ? (
                    <Select
                      size="xs"
                      w={150}
                      data={roleOptions}
                      value={member.acl}
                      allowDeselect={false}
                      aria-label={t('changeRole', { name: member.name || member.email })}
                      onChange={(acl) =>
                        acl &&
                        acl !== member.acl &&
                        changeRole.mutate({ userId: member.userId, acl: acl as TRole })
                      }
                    />
                  ) : (
                    <Badge
                      variant={member.acl === 'master' ? 'filled' : 'light'}
                      color={member.acl === 'master' ? 'violet.8' : 'gray'}
                    >
                      {t(`shell:roles.${member.acl}`)}
                    </Badge>
                  )}
                </Table.Td>
                <MemberAccessCell acc={acc} member={member} field="intentions" editable={editable} />
                <MemberAccessCell acc={acc} member={member} field="entities" editable={editable} />
                <DimmedCell>{formatDate(member.createdAt, i18n.language)}</DimmedCell>
                <Table.Td ta="right">
                  {editable && (
                    <RowAction
                      tooltip={t('remove')}
                      label={t('removeNamed', { name: member.name || member.email })}
                      color="red"
                      onClick={() => setRemoving(member)}
                    >
                      <IconUserMinus size={18} />
                    </RowAction>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      </Card>
      {data && data.invitations.length > 0 && (
        <Card padding="lg">
          <Text fw={650} mb="sm">
            {t('pending')}
          </Text>
          <Stack gap="xs">
            {data.invitations.map((inv) => (
              <Group key={inv._id} justify="space-between" data-testid="invitation-row">
                <div>
                  <Text fz="sm" fw={600}>
                    {inv.email}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {t(`shell:roles.${inv.acl}`)} ·{' '}
                    {t('expires', { date: formatDate(inv.expiresAt, i18n.language) })}
                  </Text>
                </div>
                <RowAction
                  tooltip={t('revoke')}
                  label={t('revokeNamed', { email: inv.email })}
                  onClick={() => revoke.mutate(inv._id)}
                >
                  <IconMailX size={18} />
                </RowAction>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('removeTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          <Text fz="sm">{t('removeConfirm', { name: shownRemoving?.name || shownRemoving?.email })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('common:cancel')}
            </Button>
            <Button
              color="red.8"
              loading={remove.isPending}
              onClick={() =>
                removing && remove.mutate(removing.userId, { onSettled: () => setRemoving(null) })
              }
            >
              {t('remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <InviteModal
        opened={inviting}
        acc={acc}
        roles={roleOptions}
        onClose={() => setInviting(false)}
        onInvited={() => {
          setInviting(false);
          void invalidate();
        }}
      />
    </Stack>
  );
}
