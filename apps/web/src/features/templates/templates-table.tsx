import { ActionIcon, Badge, Button, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDots, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import type { TChannel, TTemplate } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../billing/format';
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
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover data-testid="templates-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.channel')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('columns.updatedAt')}</Table.Th>
            <Table.Th ta="right">{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
                <Table.Td>
                  <Text fz="sm" c="dimmed">
                    {formatDate(tpl.updatedAt, i18n.language)}
                  </Text>
                </Table.Td>
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
                    <Tooltip label={t('edit')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => onEdit(tpl)}
                        aria-label={t('editNamed', { name: tpl.name })}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('moreNamed', { name: tpl.name })}
                        >
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} />}
                          onClick={() => onDelete(tpl)}
                        >
                          {t('delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
