import { Button, Card, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TContactImport } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { formatDate, formatNumber } from '../../app/format';
import { useImportHistory } from './import-api';
import { ReportButton } from './import-errors-table';
import { ImportStatusBadge } from './status-badge';

/** The account's last imports: file, date, status, counts, and the error report. */
export function ImportHistory({ acc, onOpen }: { acc: string; onOpen: (imp: TContactImport) => void }) {
  const { t, i18n } = useTranslation('contacts-import');
  const history = useImportHistory(acc);
  const n = (value: number) => formatNumber(value, i18n.language);
  // Files uploaded but never started are drafts of the wizard, not past imports.
  const items = (history.data ?? []).filter((imp) => imp.status !== 'uploaded');
  return (
    <Card padding="md" component="section" aria-labelledby="import-history-title">
      <Text fw={650} mb="sm" id="import-history-title">
        {t('history.title')}
      </Text>
      {history.isError && (
        <Text c="red.8" role="alert">
          {errorText(t, history.error)}
        </Text>
      )}
      {history.isSuccess && items.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" data-testid="import-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.file')}</Table.Th>
                <Table.Th>{t('history.date')}</Table.Th>
                <Table.Th>{t('history.status')}</Table.Th>
                <Table.Th ta="right">{t('history.rows')}</Table.Th>
                <Table.Th ta="right">{t('run.created')}</Table.Th>
                <Table.Th ta="right">{t('run.updated')}</Table.Th>
                <Table.Th ta="right">{t('run.errors')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('history.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((imp) => (
                <Table.Tr key={imp._id} data-testid="history-row">
                  <Table.Td>
                    <Text fz="sm" fw={600} lineClamp={1} maw={240}>
                      {imp.fileName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" c="dimmed">
                      {formatDate(imp.createdAt, i18n.language, true)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ImportStatusBadge status={imp.status} />
                  </Table.Td>
                  <Table.Td ta="right">{n(imp.total)}</Table.Td>
                  <Table.Td ta="right">{n(imp.inserted)}</Table.Td>
                  <Table.Td ta="right">{n(imp.updated)}</Table.Td>
                  <Table.Td ta="right" c={imp.errors > 0 ? 'red.8' : undefined}>
                    {n(imp.errors)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {imp.errors > 0 && <ReportButton acc={acc} imp={imp} compact />}
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => onOpen(imp)}
                        aria-label={t('history.openFor', { file: imp.fileName })}
                      >
                        {t('history.open')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
