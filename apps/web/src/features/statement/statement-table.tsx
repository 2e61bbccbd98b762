import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { TStatementRow } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/data-table';
import { formatDate, formatPhone } from '../../app/format';
import { KIND_ICON } from '../settings/channels/channel-kinds';
import { BADGE_TEXT } from '../settings/badge-text';

/** The period's conversations: date, contact, channel, operator, counted; each with its transcript. */
export function StatementTable({
  items,
  onTranscript,
}: {
  items: TStatementRow[];
  onTranscript: (row: TStatementRow) => void;
}) {
  const { t, i18n } = useTranslation('statement');
  return (
    <DataTable
      testId="statement-table"
      minWidth={860}
      columns={[
        { label: t('columns.date') },
        { label: t('columns.contact') },
        { label: t('columns.channel') },
        { label: t('columns.operator') },
        { label: t('columns.counted') },
        { label: t('columns.transcript'), ta: 'right' },
      ]}
    >
      {items.map((row) => {
        const Icon = row.channel ? KIND_ICON[row.channel.kind] : null;
        return (
          <Table.Tr key={row._id} data-testid="statement-row">
            <Table.Td>
              <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(row.createdAt, i18n.language, true)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" fw={600}>
                {row.contact.name}
              </Text>
              {row.contact.phone && (
                <Text fz="xs" c="dimmed">
                  {formatPhone(row.contact.phone)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {row.channel && Icon ? (
                <Group gap={6} wrap="nowrap">
                  <Icon size={16} aria-hidden />
                  <Text fz="sm">{row.channel.name}</Text>
                </Group>
              ) : (
                <Text fz="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text fz="sm" c={row.operator ? undefined : 'dimmed'}>
                {row.operator?.name ?? t('noOperator')}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={row.counted ? 'brand' : 'orange'}
                c={row.counted ? BADGE_TEXT.brand : BADGE_TEXT.orange}
              >
                {row.counted ? t('yes') : t('no')}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPrinter size={14} />}
                onClick={() => onTranscript(row)}
                aria-label={t('transcriptOf', { name: row.contact.name })}
              >
                {t('transcript')}
              </Button>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
