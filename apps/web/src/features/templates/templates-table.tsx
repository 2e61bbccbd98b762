import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconSend } from '@tabler/icons-react';
import type { TChannel, TTemplate } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, DimmedCell } from '../../ui/data-table';
import { DeleteMenuItem, RowAction, RowMenu } from '../../ui/row-action';
import { formatDate } from '../../app/format';
import { STATUS_COLOR } from './template-values';
import { BADGE_TEXT } from '../settings/badge-text';

/** Templates with their review status; drafts are submitted, rejected ones resubmitted after a fix. */
export function TemplatesTable({
  items,
  channels,
  submitting,
  onEdit,
  onDelete,
  onSubmit,
}: {
  items: TTemplate[];
  channels: TChannel[];
  submitting: string | null;
  onEdit: (t: TTemplate) => void;
  onDelete: (t: TTemplate) => void;
  onSubmit: (t: TTemplate) => void;
}) {
  const { t, i18n } = useTranslation('templates');
  const channelName = (id: string) => channels.find((c) => c._id === id)?.name ?? '—';
  return (
    <DataTable
      testId="templates-table"
      minWidth={820}
      columns={[
        { label: t('columns.name') },
        { label: t('columns.channel') },
        { label: t('columns.status') },
        { label: t('columns.updatedAt') },
        { label: t('columns.actions'), ta: 'right' },
      ]}
    >
      {items.map((tpl) => {
        const canSubmit = tpl.status === 'draft' || tpl.status === 'rejected';
        return (
          <Table.Tr key={tpl._id} data-testid="template-row">
            <Table.Td>
              <Text fz="sm" fw={600} ff="monospace">
                {tpl.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {t(`categories.${tpl.category}`)} · {tpl.language}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{channelName(tpl.channelId)}</Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Badge
                  variant="light"
                  color={STATUS_COLOR[tpl.status]}
                  c={BADGE_TEXT[STATUS_COLOR[tpl.status]]}
                  data-testid="template-status"
                >
                  {t(`status.${tpl.status}`)}
                </Badge>
                {tpl.status === 'rejected' && tpl.rejectionReason && (
                  <Text fz="xs" c="red.8" maw={260}>
                    {t('rejectedBecause', { reason: tpl.rejectionReason })}
                  </Text>
                )}
              </Stack>
            </Table.Td>
            <DimmedCell>{formatDate(tpl.updatedAt, i18n.language)}</DimmedCell>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {canSubmit && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconSend size={14} />}
                    loading={submitting === tpl._id}
                    onClick={() => onSubmit(tpl)}
                  >
                    {t(tpl.status === 'rejected' ? 'resubmit' : 'submit')}
                  </Button>
                )}
                <RowAction
                  tooltip={t('edit')}
                  label={t('editNamed', { name: tpl.name })}
                  onClick={() => onEdit(tpl)}
                >
                  <IconPencil size={18} />
                </RowAction>
                <RowMenu label={t('moreNamed', { name: tpl.name })}>
                  <DeleteMenuItem onClick={() => onDelete(tpl)}>{t('delete')}</DeleteMenuItem>
                </RowMenu>
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
