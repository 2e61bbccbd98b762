import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTagStarred } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { INBOX_SETTINGS_LIMITS, type TClosingReason } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { CardSkeleton } from '../../ui/card-skeleton';
import { useListEditor } from '../../ui/use-list-editor';
import { ConfirmDelete } from '../../ui/confirm-modal';
import { EmptyNote } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { EditDeleteActions } from '../../ui/row-action';
import { SectionHeading } from '../../ui/section-heading';
import { ReasonModal } from './reason-modal';
import { deleteReason, reasonsKey, saveReason, useClosingReasons } from './settings-api';

/** Closing reasons and sub-reasons: the list operators pick from when they close a conversation. */
export function ClosingReasonsTab({ acc }: { acc: string }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const reasons = useClosingReasons(acc);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reasonsKey(acc) });
  const editor = useListEditor<TClosingReason>(refresh);

  if (reasons.isPending) return <CardSkeleton />;
  if (reasons.isError) return <LoadError error={reasons.error} />;
  const items = reasons.data;
  const max = INBOX_SETTINGS_LIMITS.closingReasonsMax;
  const full = items.length >= max;
  const { current } = editor;

  return (
    <Card padding="lg">
      <SectionHeading
        title={t('reasons.title')}
        description={t('reasons.description')}
        mb="md"
        actions={
          <Group gap="sm">
            <Text fz="sm" c="dimmed" data-testid="reasons-count">
              {t('reasons.count', { count: items.length, max })}
            </Text>
            <Button leftSection={<IconPlus size={16} />} disabled={full} onClick={() => editor.edit('new')}>
              {t('reasons.add')}
            </Button>
          </Group>
        }
      />
      {full && (
        <Text c="orange.9" fz="sm" mb="sm" role="status">
          {t('errors:REASONS_LIMIT_REACHED')}
        </Text>
      )}
      {items.length === 0 ? (
        <EmptyNote
          testId="reasons-empty"
          icon={<IconTagStarred size={32} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={t('reasons.emptyTitle')}
          text={t('reasons.empty')}
          maw={420}
        />
      ) : (
        <Stack gap={0}>
          {items.map((reason) => (
            <Group
              key={reason._id}
              justify="space-between"
              wrap="nowrap"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="reason-row"
            >
              <Stack gap={4}>
                <Text fw={600} fz="sm">
                  {reason.name}
                </Text>
                {reason.subReasons.length > 0 && (
                  <Group gap={6}>
                    {reason.subReasons.map((sub) => (
                      <Badge key={sub} variant="light" color="gray" tt="none" fw={500}>
                        {sub}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Stack>
              <EditDeleteActions
                edit={t('reasons.edit')}
                editLabel={t('reasons.editNamed', { name: reason.name })}
                remove={t('reasons.delete')}
                removeLabel={t('reasons.deleteNamed', { name: reason.name })}
                onEdit={() => editor.edit(reason)}
                onRemove={() => editor.askDelete(reason)}
              />
            </Group>
          ))}
        </Stack>
      )}
      <ReasonModal
        opened={editor.opened}
        reason={current}
        others={items.filter((r) => r._id !== current?._id)}
        onClose={editor.close}
        onSave={async (body) => {
          await saveReason(acc, current?._id ?? null, body);
          await editor.saved((t) =>
            current ? t('settings:reasons.saved') : t('settings:reasons.added', { name: body.name }),
          );
        }}
      />
      <ConfirmDelete
        item={editor.deleting}
        title={t('reasons.deleteTitle')}
        message={t('reasons.deleteConfirm', { name: editor.deleting?.name })}
        confirm={t('reasons.delete')}
        onClose={editor.closeDelete}
        remove={async (reason) => {
          await deleteReason(acc, reason._id);
          return (t) => t('settings:reasons.deleted');
        }}
        onDeleted={refresh}
      />
    </Card>
  );
}
