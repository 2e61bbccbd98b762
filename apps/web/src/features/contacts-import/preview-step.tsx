import { useMutation } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import type { TImportExistingChoice, TImportPreviewRow } from '@atende/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { importErrorText, rowErrorText } from './import-text';

interface TPreviewStepProps {
  rows: TImportPreviewRow[];
  /** Data rows in the whole file. */
  total: number;
  /** What happens to rows whose phone already belongs to a contact (the preview reflects it). */
  existing: TImportExistingChoice;
  onExistingChange: (choice: TImportExistingChoice) => Promise<void>;
  onBack: () => void;
  /** Starts the import; a rejection is shown on this step. */
  onStart: () => Promise<void>;
}

/** Action badges keep the names they carry as written. */
const NO_CAPS = { textTransform: 'none' } as const;

/** What will happen to a valid row: create, update <name>, or skip (keep <name>). */
function ActionCell({ row, t }: { row: TImportPreviewRow; t: TFunction }) {
  if (row.action === 'create')
    return (
      <Badge color="green" variant="light" data-action="create" style={NO_CAPS}>
        {t('preview.action.create')}
      </Badge>
    );
  if (row.action === 'skip')
    return (
      <Stack gap={2} align="flex-start">
        <Badge color="gray" variant="light" data-action="skip" style={NO_CAPS}>
          {t('preview.action.skip')}
        </Badge>
        {row.existing && (
          <Text fz="xs" c="dimmed">
            {t('preview.action.keeps', { name: row.existing.name })}
          </Text>
        )}
      </Stack>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="blue" variant="light" data-action="update" style={NO_CAPS}>
        {row.existing
          ? t('preview.action.update', { name: row.existing.name })
          : t('preview.action.sameAs', { line: row.sameAsLine })}
      </Badge>
      {row.nameDiffers && row.existing && (
        <Text fz="xs" c="orange.9" data-testid="name-differs">
          {t('preview.action.renames', { from: row.existing.name, to: row.name })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Step 3: the first rows as they will be imported, each with what will happen (create a contact,
 * update the contact that has its phone, skip it); rows with problems are marked with their line.
 * Rows whose phone already belongs to a contact are updated or skipped, as the user chooses: one
 * contact per phone (README "Contacts"), so a second contact is never created.
 */
export function PreviewStep({ rows, total, existing, onExistingChange, onBack, onStart }: TPreviewStepProps) {
  const { t, i18n } = useTranslation('contacts-import');
  // Starting the import (the page's onStart): busy until the next step replaces this one.
  const starting = useMutation({ mutationFn: onStart });
  const busy = starting.isPending || starting.isSuccess;
  const error = starting.error;
  const bad = rows.filter((r) => r.errors.length > 0).length;
  const matched = rows.filter((r) => r.existing).length;
  const renamed = rows.filter((r) => r.nameDiffers).length;
  const choosing = useMutation({ mutationFn: (choice: TImportExistingChoice) => onExistingChange(choice) });

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
      {matched > 0 && (
        <Radio.Group
          value={existing}
          onChange={(value) => choosing.mutate(value as TImportExistingChoice)}
          label={t('preview.existing.label')}
          description={t('preview.existing.hint')}
          data-testid="existing-choice"
        >
          <Group gap="lg" mt={6}>
            <Radio
              value="update"
              label={t('preview.existing.update')}
              disabled={busy || choosing.isPending}
            />
            <Radio value="skip" label={t('preview.existing.skip')} disabled={busy || choosing.isPending} />
          </Group>
        </Radio.Group>
      )}
      {renamed > 0 && existing === 'update' && (
        <Alert color="orange" variant="light" data-testid="rename-warning">
          {t('preview.renames', { count: renamed })}
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
              <Table.Th>{t('columns.action')}</Table.Th>
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
                      <Stack gap={2} data-action="skip">
                        {row.errors.map((e) => (
                          <Text key={e.code} fz="sm" c="red.9">
                            {rowErrorText(t, e)}
                          </Text>
                        ))}
                      </Stack>
                    ) : (
                      <ActionCell row={row} t={t} />
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
