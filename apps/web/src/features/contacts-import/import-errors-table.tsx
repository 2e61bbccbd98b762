import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { TContactImport } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { ERRORS_PAGE_SIZE, downloadErrorReport, useImportErrors } from './import-api';
import { rowErrorText } from './import-text';

/** The "Download error report" button (a CSV: line, the row's cells, what was wrong). */
export function ReportButton({
  acc,
  imp,
  compact = false,
}: {
  acc: string;
  imp: TContactImport;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('contacts-import');
  const report = useMutation({
    mutationFn: () => downloadErrorReport(acc, imp, i18n.language),
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  const busy = report.isPending;
  const download = () => report.mutate();
  return (
    <Button
      variant={compact ? 'subtle' : 'light'}
      size={compact ? 'xs' : 'sm'}
      leftSection={<IconDownload size={compact ? 14 : 16} />}
      loading={busy}
      onClick={download}
      aria-label={compact ? t('report.downloadFor', { file: imp.fileName }) : undefined}
    >
      {compact ? t('report.short') : t('report.download')}
    </Button>
  );
}

/** The refused rows of an import, page by page: line number, the row's cells, the exact problems. */
export function ImportErrorsTable({ acc, imp }: { acc: string; imp: TContactImport }) {
  const { t } = useTranslation('contacts-import');
  const [page, setPage] = useState(1);
  const errors = useImportErrors(acc, imp._id, page, imp.errors > 0);
  const pages = Math.max(1, Math.ceil((errors.data?.count ?? 0) / ERRORS_PAGE_SIZE));
  return (
    <Card padding="md">
      <Group justify="space-between" mb="sm">
        <Text fw={650}>{t('report.title', { count: imp.errors })}</Text>
        <ReportButton acc={acc} imp={imp} />
      </Group>
      {errors.isError && (
        <Text c="red.8" role="alert">
          {errorText(t, errors.error)}
        </Text>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid="import-errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('columns.line')}</Table.Th>
              <Table.Th>{t('columns.problems')}</Table.Th>
              <Table.Th>{t('columns.data')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.data?.items.map((item) => (
              <Table.Tr key={item.line} data-testid="import-error-row">
                <Table.Td fw={600}>{item.line}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {item.errors.map((e) => (
                      <Text key={e.code} fz="sm" c="red.9">
                        {rowErrorText(t, e)}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" c="dimmed" lineClamp={2}>
                    {item.cells.map((cell, i) => `${imp.header[i] ?? i + 1}: ${cell}`).join(' · ')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          />
        </Group>
      )}
    </Card>
  );
}
