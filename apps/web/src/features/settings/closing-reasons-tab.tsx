import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Center, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTagStarred, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { INBOX_SETTINGS_LIMITS, type TClosingReason } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { CardSkeleton } from './card-skeleton';
import { ConfirmModal } from './confirm-modal';
import { ReasonModal } from './reason-modal';
import { deleteReason, reasonsKey, saveReason, useClosingReasons } from './settings-api';

/** Closing reasons and sub-reasons: the list operators pick from when they close a conversation. */
export function ClosingReasonsTab({ acc }: { acc: string }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const reasons = useClosingReasons(acc);
  const [editing, setEditing] = useState<TClosingReason | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TClosingReason | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reasonsKey(acc) });

  if (reasons.isPending) return <CardSkeleton />;
  if (reasons.isError)
    return (
      <Text c="red.8" role="alert">
        {errorText(t, reasons.error)}
      </Text>
    );
  const items = reasons.data;
  const max = INBOX_SETTINGS_LIMITS.closingReasonsMax;
  const full = items.length >= max;
  const current = editing === 'new' ? null : editing;

  return (
    <Card padding="lg">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {t('reasons.title')}
          </Title>
          <Text c="dimmed" fz="sm" maw={620}>
            {t('reasons.description')}
          </Text>
        </div>
        <Group gap="sm">
          <Text fz="sm" c="dimmed" data-testid="reasons-count">
            {t('reasons.count', { count: items.length, max })}
          </Text>
          <Button leftSection={<IconPlus size={16} />} disabled={full} onClick={() => setEditing('new')}>
            {t('reasons.add')}
          </Button>
        </Group>
      </Group>
      {full && (
        <Text c="orange.9" fz="sm" mb="sm" role="status">
          {t('errors:REASONS_LIMIT_REACHED')}
        </Text>
      )}
      {items.length === 0 ? (
        <Center py="xl" data-testid="reasons-empty">
          <Stack align="center" gap={6}>
            <IconTagStarred size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={600}>{t('reasons.emptyTitle')}</Text>
            <Text c="dimmed" fz="sm" ta="center" maw={420}>
              {t('reasons.empty')}
            </Text>
          </Stack>
        </Center>
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
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('reasons.edit')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => setEditing(reason)}
                    aria-label={t('reasons.editNamed', { name: reason.name })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('reasons.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setDeleting(reason)}
                    aria-label={t('reasons.deleteNamed', { name: reason.name })}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <ReasonModal
        opened={editing !== null}
        reason={current}
        others={items.filter((r) => r._id !== current?._id)}
        onClose={() => setEditing(null)}
        onSave={async (body) => {
          await saveReason(acc, current?._id ?? null, body);
          notify({
            color: 'green',
            message: current ? t('reasons.saved') : t('reasons.added', { name: body.name }),
          });
          setEditing(null);
          await refresh();
        }}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('reasons.deleteTitle')}
        message={t('reasons.deleteConfirm', { name: deleting?.name })}
        confirm={t('reasons.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteReason(acc, deleting._id);
          notify({ color: 'green', message: t('reasons.deleted') });
          setDeleting(null);
          await refresh();
        }}
      />
    </Card>
  );
}
