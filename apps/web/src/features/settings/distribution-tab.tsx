import { useState } from 'react';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconUserMinus, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INBOX_SETTINGS_LIMITS, type TDistributionMember } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { DimmedCell } from '../../ui/data-table';
import { errorText } from '../../app/i18n';
import { notify, type TToastText } from '../../app/notify';
import { initials } from '../../app/shell/user-menu';
import { formatDate } from '../../app/format';
import { useMembers } from '../users/users-api';
import { CapacityCard } from './capacity-card';
import { CardSkeleton } from '../../ui/card-skeleton';
import { EmptyNote } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { RowAction } from '../../ui/row-action';
import { SectionHeading } from '../../ui/section-heading';
import {
  addToQueue,
  distributionKey,
  removeFromQueue,
  useDistribution,
  useInboxSettings,
} from './settings-api';

/** The automatic distribution queue: who receives new waiting conversations, round-robin, within capacity. */
export function DistributionTab({ acc }: { acc: string }) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const queue = useDistribution(acc);
  const members = useMembers(acc);
  const capacity = useInboxSettings(acc).data?.operatorCapacity ?? INBOX_SETTINGS_LIMITS.capacityDefault;
  const [picked, setPicked] = useState<string | null>(null);
  const onDone = (data: TDistributionMember[], message: TToastText) => {
    queryClient.setQueryData(distributionKey(acc), data);
    notify({ color: 'green', message });
  };
  const onError = (err: unknown) =>
    notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) });
  const add = useMutation({
    mutationFn: (userId: string) => addToQueue(acc, userId),
    onSuccess: (data) => {
      setPicked(null);
      onDone(data, (t) => t('settings:distribution.added'));
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => removeFromQueue(acc, userId),
    onSuccess: (data) => onDone(data, (t) => t('settings:distribution.removed')),
    onError,
  });

  const inQueue = new Set((queue.data ?? []).map((m) => m.userId));
  const candidates = (members.data?.items ?? [])
    .filter((m) => !inQueue.has(m.userId))
    .map((m) => ({ value: m.userId, label: `${m.name || m.email} · ${t(`shell:roles.${m.acl}`)}` }));

  return (
    <Stack gap="lg">
      <Card padding="lg">
        <SectionHeading
          title={t('distribution.title')}
          description={t('distribution.description')}
          align="flex-end"
          mb="md"
          actions={
            <Group gap="sm" align="flex-end">
              <Select
                w={280}
                label={t('distribution.member')}
                placeholder={t('distribution.pick')}
                data={candidates}
                value={picked}
                onChange={setPicked}
                searchable
                nothingFoundMessage={t('common:nothingFound')}
              />
              <Button
                leftSection={<IconUserPlus size={16} />}
                disabled={!picked}
                loading={add.isPending}
                onClick={() => picked && add.mutate(picked)}
              >
                {t('distribution.add')}
              </Button>
            </Group>
          }
        />
        {queue.isPending ? (
          <CardSkeleton rows={3} />
        ) : queue.isError ? (
          <LoadError error={queue.error} />
        ) : queue.data.length === 0 ? (
          <EmptyNote
            testId="queue-empty"
            icon={<IconUsersGroup size={32} color="var(--mantine-color-gray-5)" aria-hidden />}
            title={t('distribution.emptyTitle')}
            text={t('distribution.empty')}
            maw={440}
          />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" data-testid="queue-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('distribution.columns.member')}</Table.Th>
                  <Table.Th>{t('distribution.columns.status')}</Table.Th>
                  <Table.Th w={220}>{t('distribution.columns.load')}</Table.Th>
                  <Table.Th>{t('distribution.columns.lastAssigned')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('distribution.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queue.data.map((m) => (
                  <Table.Tr key={m.userId} data-testid="queue-row">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar radius="xl" color="brand" size={30} alt="">
                          {initials(m.name)}
                        </Avatar>
                        <div>
                          <Text fz="sm" fw={600}>
                            {m.name}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {t(`shell:roles.${m.acl}`)}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={m.online ? 'green' : 'gray'} tt="none">
                        {m.online ? t('distribution.online') : t('distribution.offline')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="xs" mb={4}>
                        {t('distribution.load', { open: m.openConversations, capacity })}
                      </Text>
                      <Progress
                        value={Math.min(100, (m.openConversations / capacity) * 100)}
                        color={m.openConversations >= capacity ? 'orange' : 'brand'}
                        aria-label={t('distribution.load', { open: m.openConversations, capacity })}
                      />
                    </Table.Td>
                    <DimmedCell>
                      {m.lastAssignedAt
                        ? formatDate(m.lastAssignedAt, i18n.language, true)
                        : t('distribution.never')}
                    </DimmedCell>
                    <Table.Td ta="right">
                      <RowAction
                        tooltip={t('distribution.remove')}
                        label={t('distribution.removeNamed', { name: m.name })}
                        color="red"
                        onClick={() => remove.mutate(m.userId)}
                      >
                        <IconUserMinus size={18} />
                      </RowAction>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <CapacityCard acc={acc} />
    </Stack>
  );
}
