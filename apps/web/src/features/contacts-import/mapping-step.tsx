import { type ReactNode, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { TImportPreviewRecord } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { importErrorText } from './import-text';
import {
  FIELD_TARGETS,
  REQUIRED_FIELDS,
  assignColumn,
  checkDraft,
  setCustomKey,
  type TFieldTarget,
  type TMappingDraft,
} from './mapping';

interface TMappingStepProps {
  header: string[];
  preview: TImportPreviewRecord[];
  draft: TMappingDraft;
  onDraft: (draft: TMappingDraft) => void;
  /** Import options (tags, phase), rendered under the columns. */
  options?: ReactNode;
  onBack: () => void;
  /** Loads the preview of the mapping; a rejection is shown on this step. */
  onNext: () => Promise<void>;
}

/** Step 2: each spreadsheet column → a contact field; name and phone must be mapped. */
export function MappingStep({ header, preview, draft, onDraft, options, onBack, onNext }: TMappingStepProps) {
  const { t } = useTranslation('contacts-import');
  const [tried, setTried] = useState(false);
  // The preview request the page makes (onNext); its refusal is shown under the mapping.
  const previewing = useMutation({ mutationFn: onNext });
  const serverError = previewing.error;
  const check = checkDraft(draft);
  const fieldLabel = (field: TFieldTarget) => t(`fields.${field}`);
  const targetOptions = FIELD_TARGETS.map((value) => ({ value, label: fieldLabel(value) }));
  const example = (index: number) => preview.find((r) => (r.cells[index] ?? '').trim())?.cells[index] ?? '';

  const next = () => {
    setTried(true);
    previewing.reset();
    if (check.ok) previewing.mutate();
  };

  const keyError = (index: number) => {
    const problem = check.keys[index];
    if (!problem || !tried) return undefined;
    return problem === 'duplicate' ? t('mapping.duplicateKey') : t(`validation:${problem}`);
  };

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('mapping.intro')}
      </Text>
      <Stack gap={6} data-testid="required-fields">
        {REQUIRED_FIELDS.map((field) => {
          const index = draft.findIndex((c) => c.target === field);
          const mapped = index >= 0;
          return (
            <Group key={field} gap="xs" wrap="nowrap">
              <ThemeIcon size="sm" radius="xl" color={mapped ? 'brand' : tried ? 'red.8' : 'gray.6'}>
                {mapped ? <IconCheck size={12} /> : <IconAlertCircle size={12} />}
              </ThemeIcon>
              <Text fz="sm" fw={600}>
                {fieldLabel(field)}
              </Text>
              {mapped ? (
                <Text fz="sm" c="dimmed">
                  {t('mapping.mappedTo', { column: header[index] })}
                </Text>
              ) : (
                <Text fz="sm" c={tried ? 'red.8' : 'dimmed'} data-testid={`missing-${field}`}>
                  {tried ? t('validation:selectRequired') : t('mapping.notMapped')}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>

      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid="mapping-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mapping.column')}</Table.Th>
              <Table.Th>{t('mapping.example')}</Table.Th>
              <Table.Th>{t('mapping.importAs')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {header.map((column, index) => (
              <Table.Tr key={column} data-testid="mapping-row">
                <Table.Td fw={600}>{column}</Table.Td>
                <Table.Td>
                  <Text fz="sm" c="dimmed" lineClamp={1} maw={260}>
                    {example(index)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={6}>
                    <Select
                      size="xs"
                      w={220}
                      data={targetOptions}
                      value={draft[index].target}
                      allowDeselect={false}
                      aria-label={t('mapping.selectFor', { column })}
                      onChange={(value) =>
                        value && onDraft(assignColumn(draft, index, value as TFieldTarget))
                      }
                    />
                    {draft[index].target === 'custom' && (
                      <TextInput
                        size="xs"
                        w={220}
                        label={t('mapping.customKey')}
                        value={draft[index].customKey}
                        error={keyError(index)}
                        onChange={(e) => onDraft(setCustomKey(draft, index, e.currentTarget.value))}
                      />
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {options}

      {tried && !check.ok && (
        <Alert color="red" variant="light" role="alert" data-testid="mapping-error">
          <Stack gap={2}>
            <Text fz="sm">{t('validation:formErrors')}</Text>
            {check.missing.length > 0 && (
              <Text fz="sm">
                {t('errors:IMPORT_MISSING_COLUMNS', { columns: check.missing.map(fieldLabel).join(', ') })}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {serverError && (
        <Alert color="red" variant="light" role="alert" data-testid="mapping-error">
          {importErrorText(t, serverError)}
        </Alert>
      )}

      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('back')}
        </Button>
        <Button onClick={next} loading={previewing.isPending}>
          {t('mapping.next')}
        </Button>
      </Group>
    </Stack>
  );
}
