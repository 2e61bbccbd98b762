import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconMessageBolt, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TQuickMessage } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { PageHeader } from '../../ui/page-header';
import { formatDate } from '../billing/format';
import { CardSkeleton } from '../settings/card-skeleton';
import { ConfirmModal } from '../settings/confirm-modal';
import { QuickMessageModal } from './quick-message-modal';
import {
  deleteQuickMessage,
  quickMessagesKey,
  saveQuickMessage,
  useQuickMessages,
} from './quick-messages-api';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** /apps/quick-messages (admins): the account's quick messages, typed with / in the inbox composer. */
export function QuickMessagesPage() {
  const { t, i18n } = useTranslation('quick-messages');
  const acc = useSession().account!.acc._id;
  const queryClient = useQueryClient();
  const list = useQuickMessages(acc);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TQuickMessage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TQuickMessage | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: quickMessagesKey(acc) });
  const current = editing === 'new' ? null : editing;
  const items = (list.data ?? []).filter(
    (m) => !search.trim() || fold(`${m.shortcut} ${m.text}`).includes(fold(search.trim())),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('new')}
          </Button>
        }
      />
      {list.isPending ? (
        <CardSkeleton rows={5} />
      ) : list.isError ? (
        <Text c="red.8" role="alert">
          {errorText(t, list.error)}
        </Text>
      ) : list.data.length === 0 ? (
        <Card padding="xl" data-testid="quick-messages-empty">
          <Center>
            <Stack align="center" gap="xs" maw={460}>
              <IconMessageBolt size={40} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text fw={650}>{t('emptyTitle')}</Text>
              <Text c="dimmed" fz="sm" ta="center">
                {t('empty')}
              </Text>
              <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                {t('new')}
              </Button>
            </Stack>
          </Center>
        </Card>
      ) : (
        <Card padding={0}>
          <Group p="md" justify="space-between">
            <TextInput
              type="search"
              w={320}
              leftSection={<IconSearch size={16} />}
              placeholder={t('search')}
              aria-label={t('search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Text fz="sm" c="dimmed" data-testid="quick-messages-count">
              {t('count', { count: list.data.length })}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={680}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="lg"
              highlightOnHover
              data-testid="quick-messages-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={200}>{t('columns.shortcut')}</Table.Th>
                  <Table.Th>{t('columns.text')}</Table.Th>
                  <Table.Th w={150}>{t('columns.updatedAt')}</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((m) => (
                  <Table.Tr key={m._id} data-testid="quick-message-row">
                    <Table.Td>
                      <Badge variant="light" tt="none" ff="monospace" fz="sm" radius="sm">
                        /{m.shortcut}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                        {m.text}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" c="dimmed">
                        {formatDate(m.updatedAt, i18n.language)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('edit')}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            onClick={() => setEditing(m)}
                            aria-label={t('editNamed', { shortcut: m.shortcut })}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(m)}
                            aria-label={t('deleteNamed', { shortcut: m.shortcut })}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {items.length === 0 && (
            <Text c="dimmed" ta="center" py="lg" fz="sm">
              {t('common:nothingFound')}
            </Text>
          )}
        </Card>
      )}
      <QuickMessageModal
        opened={editing !== null}
        message={current}
        onClose={() => setEditing(null)}
        onSave={async (body) => {
          await saveQuickMessage(acc, current?._id ?? null, body);
          notify({ color: 'green', message: t(current ? 'saved' : 'created', { shortcut: body.shortcut }) });
          setEditing(null);
          await refresh();
        }}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteConfirm', { shortcut: deleting?.shortcut })}
        confirm={t('delete')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteQuickMessage(acc, deleting._id);
          notify({ color: 'green', message: t('deleted', { shortcut: deleting.shortcut }) });
          setDeleting(null);
          await refresh();
        }}
      />
    </Stack>
  );
}
