import { useState } from 'react';
import { Avatar, Badge, Card, Center, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { errorText } from '../../app/i18n';
import { useSession } from '../../app/session';
import { initials } from '../../app/shell/user-menu';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { formatDate } from '../billing/format';

interface TActivity {
  _id: string;
  userName: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  ip: string;
  createdAt: string;
}

const PAGE_SIZE = 30;

/** /acc/activity: the account's activity log (admins). */
export function ActivityPage() {
  const { t, i18n } = useTranslation('activity');
  const acc = useSession().account!.acc._id;
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['acc', acc, 'activity', page],
    queryFn: () =>
      api.get<{ items: TActivity[]; count: number }>('/p/activity-log', { acc, page, limit: PAGE_SIZE }),
  });
  const total = Math.max(1, Math.ceil((query.data?.count ?? 0) / PAGE_SIZE));
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('subtitle')} />
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Text c="red.8" role="alert">
          {errorText(t, query.error)}
        </Text>
      ) : query.data.items.length === 0 ? (
        <Card padding="xl">
          <Center>
            <Text c="dimmed">{t('empty')}</Text>
          </Center>
        </Card>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" data-testid="activity-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.when')}</Table.Th>
                  <Table.Th>{t('columns.who')}</Table.Th>
                  <Table.Th>{t('columns.action')}</Table.Th>
                  <Table.Th>{t('columns.target')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((item) => (
                  <Table.Tr key={item._id}>
                    <Table.Td>
                      <Text fz="sm" c="dimmed">
                        {formatDate(item.createdAt, i18n.language, true)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Avatar size={26} radius="xl" color="brand" alt="">
                          {initials(item.userName || '?')}
                        </Avatar>
                        <Text fz="sm">{item.userName || t('system')}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray">
                        {t(`actions.${item.action}`, { defaultValue: item.action })}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{item.target}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {total > 1 && (
        <Group justify="center">
          <Pagination value={page} onChange={setPage} total={total} />
        </Group>
      )}
    </Stack>
  );
}
