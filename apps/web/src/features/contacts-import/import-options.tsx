import { Group, MultiSelect, Select } from '@mantine/core';
import type { TContactPhase, TContactTag } from '@atende/shared';
import { useTranslation } from 'react-i18next';

export interface TImportExtras {
  tags: string[];
  phase: string | null;
}

/** Tags added to every imported contact and the phase of the contacts the import creates. */
export function ImportOptions({
  tags,
  phases,
  value,
  onChange,
}: {
  tags: TContactTag[];
  phases: TContactPhase[];
  value: TImportExtras;
  onChange: (value: TImportExtras) => void;
}) {
  const { t } = useTranslation('contacts-import');
  return (
    <Group grow align="flex-start" wrap="wrap">
      <MultiSelect
        label={t('options.tags')}
        description={t('options.tagsHint')}
        placeholder={tags.length ? t('options.tagsPlaceholder') : t('options.noTags')}
        data={tags.map((tag) => ({ value: tag._id, label: tag.name }))}
        value={value.tags}
        onChange={(next) => onChange({ ...value, tags: next })}
        disabled={tags.length === 0}
        searchable
        clearable
        maxValues={50}
        miw={240}
      />
      <Select
        label={t('options.phase')}
        description={t('options.phaseHint')}
        placeholder={t('options.noPhase')}
        data={phases.map((phase) => ({ value: phase._id, label: phase.name }))}
        value={value.phase}
        onChange={(next) => onChange({ ...value, phase: next })}
        clearable
        miw={240}
      />
    </Group>
  );
}
