import { MultiSelect, NumberInput, Select, Stack, Text } from '@mantine/core';
import { CHATBOT_LIMITS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useAcc } from '../../../../app/session';
import { useDepartments } from '../../../departments/departments-api';
import { useKnowledgeSources } from '../../../knowledge/knowledge-api';
import { TextWithVariables } from './fields';
import type { TFormOf } from './form-types';

const below = { position: 'bottom' as const, middlewares: { flip: false, shift: false } };

/**
 * The AI agent block (hybrid bots): an opening message, the knowledge sources it answers from (none
 * chosen: all), the most answers before the 'max turns' exit, and the department an unconnected
 * hand-over goes to. Its hand-over rules are the bot's (the AI editor).
 */
export function AiAgentForm({ block, set, doc, errors }: TFormOf<'ai_agent'>) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const departments = useDepartments(acc);
  const sources = useKnowledgeSources(acc);
  const known = new Map((sources.data?.items ?? []).map((s) => [s._id, s.name]));
  const chosen = block.sourceIds ?? [];
  // A chosen source deleted since (or not in the list) stays visible, to be removed.
  const sourceOptions = [
    ...[...known].map(([value, label]) => ({ value, label })),
    ...chosen.filter((id) => !known.has(id)).map((value) => ({ value, label: t('panel.aiAgentSourceGone') })),
  ];
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {t('panel.aiAgentHelp')}
      </Text>
      <TextWithVariables
        label={t('panel.aiAgentMessage')}
        value={block.message ?? ''}
        onChange={(message) => set({ message: message || null }, 'message')}
        doc={doc}
        placeholder={t('panel.aiAgentMessagePlaceholder')}
        error={errors.message}
        minRows={2}
      />
      <MultiSelect
        label={t('panel.aiAgentSources')}
        description={t('panel.aiAgentSourcesHelp')}
        placeholder={chosen.length ? undefined : t('panel.aiAgentAllSources')}
        data={sourceOptions}
        value={chosen}
        onChange={(ids) =>
          set({ sourceIds: ids.length ? ids.slice(0, CHATBOT_LIMITS.aiBlockSourcesMax) : undefined })
        }
        nothingFoundMessage={t('panel.aiAgentNoSources')}
        searchable
        clearable
        comboboxProps={below}
        data-testid="ai-agent-sources"
      />
      <NumberInput
        label={t('panel.aiAgentMaxTurns')}
        description={t('panel.aiAgentMaxTurnsHelp')}
        min={1}
        max={CHATBOT_LIMITS.aiMaxTurnsMax}
        value={block.maxTurns}
        onChange={(value) =>
          set({ maxTurns: Math.min(CHATBOT_LIMITS.aiMaxTurnsMax, Math.max(1, Number(value) || 1)) })
        }
      />
      <Select
        label={t('panel.department')}
        description={t('panel.aiAgentDepartmentHelp')}
        placeholder={t('panel.anyDepartment')}
        data={(departments.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
        value={block.departmentId ?? null}
        onChange={(departmentId) => set({ departmentId })}
        clearable
        searchable
        comboboxProps={below}
      />
    </Stack>
  );
}
