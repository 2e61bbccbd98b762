import { NumberInput, Select, Stack, Text } from '@mantine/core';
import { CHATBOT_LIMITS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useAcc } from '../../../../app/session';
import { useDepartments } from '../../../departments/departments-api';
import { TextWithVariables } from './fields';
import type { TFormOf } from './form-types';

const below = { position: 'bottom' as const, middlewares: { flip: false, shift: false } };

/**
 * The AI agent block (hybrid bots): an opening message, the most answers before the 'max turns'
 * exit, and the department an unconnected hand-over goes to. What the AI knows and its hand-over
 * rules are the bot's (the AI editor).
 */
export function AiAgentForm({ block, set, doc, errors }: TFormOf<'ai_agent'>) {
  const { t } = useTranslation('chatbots');
  const departments = useDepartments(useAcc());
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
