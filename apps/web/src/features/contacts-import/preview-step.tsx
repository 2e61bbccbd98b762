import { useMutation } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { TImportPreviewRow } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { importErrorText, rowErrorText } from './import-text';

interface TPreviewStepProps {
  rows: TImportPreviewRow[];
  /** Data rows in the whole file. */
  total: number;
  onBack: () => void;
  /** Starts the import; a rejection is shown on this step. */
  onStart: () => Promise<void>;
}

/** Step 3: the first rows as they will be imported; rows with problems are marked with their line. */
export function PreviewStep({ rows, total, onBack, onStart }: TPreviewStepProps) {
  const { t, i18n } = useTranslation('contacts-import');
  // Starting the import (the page's onStart): busy until the next step replaces this one.
  const starting = useMutation({ mutationFn: onStart });
  const busy = starting.isPending || starting.isSuccess;
  const error = starting.error;
  const bad = rows.filter((r) => r.errors.length > 0).length;

  const start = () => starting.mutate();

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('preview.intro', { total: formatNumber(total, i18n.language) })}
      </Text>
      {bad > 0 && (
        <Alert color="yellow" variant="light" data-testid="preview-warning">
          {t('preview.withErrors', { count: bad })}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" data-testid="preview-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.line')}</Table.Th>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.phone')}</Table.Th>
              <Table.Th>{t('fields.email')}</Table.Th>
              <Table.Th>{t('columns.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const failed = row.errors.length > 0;
              return (
                <Table.Tr
                  key={row.line}
                  bg={failed ? 'red.0' : undefined}
                  data-testid="preview-row"
                  data-error={failed || undefined}
                >
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.phone}</Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>
                    {failed ? (
                      <Stack gap={2}>
                        {row.errors.map((e) => (
                          <Text key={e.code} fz="sm" c="red.9">
                            {rowErrorText(t, e)}
                          </Text>
                        ))}
                      </Stack>
                    ) : (
                      <Badge color="brand" variant="light">
                        {t('preview.ok')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error !== null && (
        <Alert color="red" variant="light" role="alert">
          {importErrorText(t, error)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={busy}>
          {t('back')}
        </Button>
        <Button onClick={start} loading={busy}>
          {t('preview.start')}
        </Button>
      </Group>
    </Stack>
  );
}
