import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  List,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileTypeCsv, IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TCampaignAudienceResult, TVariableSource } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { usePhases, useTags } from '../contacts/contacts-api';
import { addCampaignContacts, uploadCampaignCsv } from './campaigns-api';
import { sizedMapping, type TWizardDraft } from './wizard-state';

const sourceKey = (s: TVariableSource) =>
  s.kind === 'field' ? `field:${s.field}` : s.kind === 'column' ? `column:${s.column}` : 'text';

function sourceOf(key: string, text: string): TVariableSource {
  if (key.startsWith('field:')) return { kind: 'field', field: key.slice(6) as 'name' };
  if (key.startsWith('column:')) return { kind: 'column', column: key.slice(7) };
  return { kind: 'text', text };
}

/** Step 3: the audience (a CSV and/or contacts by tags and phase) and each variable's source. */
export function WizardContactsStep({
  acc,
  campaignId,
  draft,
  patch,
  variables,
  columns,
  onColumns,
}: {
  acc: string;
  campaignId: string;
  draft: TWizardDraft;
  patch: (next: Partial<TWizardDraft>) => void;
  variables: number;
  columns: string[];
  onColumns: (columns: string[]) => void;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const tags = useTags(acc);
  const phases = usePhases(acc);
  const [csv, setCsv] = useState<TCampaignAudienceResult | null>(null);
  const [contacts, setContacts] = useState<TCampaignAudienceResult | null>(null);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [phase, setPhase] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadCampaignCsv(acc, campaignId, file, i18n.language),
    onSuccess: (result) => {
      setCsv(result);
      onColumns(result.columns);
    },
  });
  const add = useMutation({
    mutationFn: () => addCampaignContacts(acc, campaignId, { tags: tagIds, phase: phase ?? undefined }),
    onSuccess: setContacts,
  });
  const mapping = sizedMapping(draft.mapping, variables);
  const options = [
    { value: 'field:firstName', label: t('wizard.source.firstName') },
    { value: 'field:name', label: t('wizard.source.name') },
    { value: 'field:phone', label: t('wizard.source.phone') },
    { value: 'field:email', label: t('wizard.source.email') },
    ...columns.map((column) => ({ value: `column:${column}`, label: t('wizard.source.column', { column }) })),
    { value: 'text', label: t('wizard.source.text') },
  ];
  const setSource = (i: number, next: TVariableSource) =>
    patch({ mapping: mapping.map((m, j) => (j === i ? next : m)) });

  return (
    <Stack>
      <Card withBorder>
        <Stack gap="xs">
          <Group gap="xs">
            <IconFileTypeCsv size={20} aria-hidden />
            <Text fw={600}>{t('wizard.csv')}</Text>
          </Group>
          <Text fz="sm" c="dimmed">
            {t('wizard.csvHelp')}
          </Text>
          <Group>
            <FileButton onChange={(file) => file && upload.mutate(file)} accept=".csv,text/csv">
              {(props) => (
                <Button {...props} variant="default" loading={upload.isPending} data-testid="wizard-csv">
                  {t('wizard.csvPick')}
                </Button>
              )}
            </FileButton>
          </Group>
          {upload.isError && (
            <Alert color="red" data-testid="wizard-csv-error">
              {errorText(t, upload.error)}
            </Alert>
          )}
          {csv && (
            <Stack gap={4} data-testid="wizard-csv-result">
              <Text fz="sm">{t('wizard.csvResult', csv)}</Text>
              {csv.errors.length > 0 && (
                <List size="sm" c="red.8">
                  {csv.errors.map((e) => (
                    <List.Item key={`${e.line}-${e.code}`}>
                      {t('wizard.csvLine', { line: e.line, message: e.message })}
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
          )}
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="xs">
          <Group gap="xs">
            <IconUsers size={20} aria-hidden />
            <Text fw={600}>{t('wizard.fromContacts')}</Text>
          </Group>
          <Text fz="sm" c="dimmed">
            {t('wizard.fromContactsHelp')}
          </Text>
          <Group align="flex-end">
            <MultiSelect
              label={t('wizard.tags')}
              data={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
              value={tagIds}
              onChange={setTagIds}
              w={280}
              clearable
            />
            <Select
              label={t('wizard.phase')}
              placeholder={t('wizard.anyPhase')}
              data={(phases.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
              value={phase}
              onChange={setPhase}
              clearable
              w={220}
            />
            <Button
              variant="default"
              loading={add.isPending}
              onClick={() => add.mutate()}
              data-testid="wizard-add-contacts"
            >
              {t('wizard.addContacts')}
            </Button>
          </Group>
          {add.isError && <Alert color="red">{errorText(t, add.error)}</Alert>}
          {contacts && <Text fz="sm">{t('wizard.contactsResult', contacts)}</Text>}
        </Stack>
      </Card>
      {variables > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>{t('wizard.variables')}</Text>
            {mapping.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one row per template variable, in the template's order
              <Group key={`var-${i + 1}`} align="flex-end">
                <Select
                  label={t('wizard.variable', { n: `{{${i + 1}}}` })}
                  data={options}
                  value={sourceKey(m)}
                  onChange={(v) => v && setSource(i, sourceOf(v, m.kind === 'text' ? m.text : ''))}
                  allowDeselect={false}
                  w={280}
                  data-testid={`wizard-variable-${i + 1}`}
                />
                {m.kind === 'text' && (
                  <TextInput
                    aria-label={t('wizard.fixedText', { n: i + 1 })}
                    value={m.text}
                    onChange={(e) => setSource(i, { kind: 'text', text: e.currentTarget.value })}
                    w={280}
                  />
                )}
              </Group>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
