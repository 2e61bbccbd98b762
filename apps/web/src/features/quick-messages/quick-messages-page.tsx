import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconMessageBolt, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TQuickMessage } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useAcc } from '../../app/session';
import { CardSkeleton } from '../../ui/card-skeleton';
import { useListEditor } from '../../ui/use-list-editor';
import { ConfirmDelete } from '../../ui/confirm-modal';
import { DataTable, DimmedCell } from '../../ui/data-table';
import { EmptyCard } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { EditDeleteActions } from '../../ui/row-action';
import { formatDate } from '../../app/format';
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
  const acc = useAcc();
  const queryClient = useQueryClient();
  const list = useQuickMessages(acc);
  const [search, setSearch] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: quickMessagesKey(acc) });
  const editor = useListEditor<TQuickMessage>(refresh);
  const { current } = editor;
  const items = (list.data ?? []).filter(
    (m) => !search.trim() || fold(`${m.shortcut} ${m.text}`).includes(fold(search.trim())),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => editor.edit('new')}>
            {t('new')}
          </Button>
        }
      />
      {list.isPending ? (
        <CardSkeleton rows={5} />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : list.data.length === 0 ? (
        <EmptyCard
          testId="quick-messages-empty"
          icon={<IconMessageBolt size={40} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={t('emptyTitle')}
          text={t('empty')}
          maw={460}
          action={
            <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={() => editor.edit('new')}>
              {t('new')}
            </Button>
          }
        />
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
          <DataTable
            testId="quick-messages-table"
            minWidth={680}
            columns={[
              { label: t('columns.shortcut'), w: 200 },
              { label: t('columns.text') },
              { label: t('columns.updatedAt'), w: 150 },
              { label: t('columns.actions'), w: 100, hidden: true },
            ]}
          >
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
                <DimmedCell>{formatDate(m.updatedAt, i18n.language)}</DimmedCell>
                <Table.Td>
                  <EditDeleteActions
                    edit={t('edit')}
                    editLabel={t('editNamed', { shortcut: m.shortcut })}
                    remove={t('delete')}
                    removeLabel={t('deleteNamed', { shortcut: m.shortcut })}
                    onEdit={() => editor.edit(m)}
                    onRemove={() => editor.askDelete(m)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {items.length === 0 && (
            <Text c="dimmed" ta="center" py="lg" fz="sm">
              {t('common:nothingFound')}
            </Text>
          )}
        </Card>
      )}
      <QuickMessageModal
        opened={editor.opened}
        message={current}
        onClose={editor.close}
        onSave={async (body) => {
          await saveQuickMessage(acc, current?._id ?? null, body);
          await editor.saved((t) =>
            t(current ? 'quick-messages:saved' : 'quick-messages:created', { shortcut: body.shortcut }),
          );
        }}
      />
      <ConfirmDelete
        item={editor.deleting}
        title={t('deleteTitle')}
        message={t('deleteConfirm', { shortcut: editor.deleting?.shortcut })}
        confirm={t('delete')}
        onClose={editor.closeDelete}
        remove={async (m) => {
          await deleteQuickMessage(acc, m._id);
          return (t) => t('quick-messages:deleted', { shortcut: m.shortcut });
        }}
        onDeleted={refresh}
      />
    </Stack>
  );
}
