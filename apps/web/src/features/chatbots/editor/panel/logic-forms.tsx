import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CHATBOT_LIMITS,
  CONDITION_OPERATORS,
  FLOW_BUILTINS,
  FLOW_KEY_ENTITIES,
  type TFlowDocument,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { groupTitle } from '../block-text';
import { VariableSelect } from './fields';
import type { TFormOf } from './form-types';

const below = { position: 'bottom' as const, middlewares: { flip: false, shift: false } };
const num = (v: string | number) => (typeof v === 'number' ? v : null);

/** Flow variables and key entities a condition can test. */
function conditionSubjects(doc: TFlowDocument, t: (k: string) => string) {
  return [
    { group: t('panel.flowVariables'), items: doc.variables.map((v) => ({ value: v.id, label: v.name })) },
    {
      group: t('panel.contactFields'),
      items: FLOW_KEY_ENTITIES.map((k) => ({ value: `$${k}`, label: t(`entities.${k}`) })),
    },
  ].filter((g) => g.items.length);
}

export function SetVariableForm({ block, set, doc, errors, newVariable }: TFormOf<'set_variable'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap="sm">
      <VariableSelect
        label={t('panel.variable')}
        value={block.variableId || null}
        onChange={(variableId) => set({ variableId: variableId ?? '' })}
        doc={doc}
        clearable={false}
        error={errors.variableId}
        onCreate={newVariable}
      />
      <SegmentedControl
        value={block.value.kind}
        onChange={(kind) =>
          set({ value: kind === 'text' ? { kind: 'text', text: '' } : { kind: 'builtin', builtin: 'now' } })
        }
        data={[
          { value: 'text', label: t('panel.valueText') },
          { value: 'builtin', label: t('panel.valueBuiltin') },
        ]}
        aria-label={t('panel.valueKind')}
      />
      {block.value.kind === 'text' ? (
        <TextInput
          label={t('panel.value')}
          value={block.value.text}
          onChange={(e) => set({ value: { kind: 'text', text: e.currentTarget.value } }, 'value')}
          maxLength={CHATBOT_LIMITS.textMax}
        />
      ) : (
        <Select
          label={t('panel.value')}
          data={FLOW_BUILTINS.map((b) => ({ value: b, label: t(`builtins.${b}`) }))}
          value={block.value.builtin}
          onChange={(b) =>
            b && set({ value: { kind: 'builtin', builtin: b as (typeof FLOW_BUILTINS)[number] } })
          }
          allowDeselect={false}
          comboboxProps={below}
        />
      )}
    </Stack>
  );
}

export function ConditionForm({ block, set, doc }: TFormOf<'condition'>) {
  const { t } = useTranslation('chatbots');
  const patch = (i: number, p: Partial<(typeof block.conditions)[number]>, field?: string) =>
    set(
      { conditions: block.conditions.map((c, j) => (j === i ? { ...c, ...p } : c)) },
      field && `cond:${i}:${field}`,
    );
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={block.logic}
        onChange={(logic) => set({ logic: logic as 'and' | 'or' })}
        data={[
          { value: 'and', label: t('panel.and') },
          { value: 'or', label: t('panel.or') },
        ]}
        aria-label={t('panel.logic')}
      />
      {block.conditions.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their place is their identity
        <Stack key={i} gap={4} p="xs" bg="gray.0" style={{ borderRadius: 6 }} data-testid="condition-row">
          <Group gap={4} wrap="nowrap">
            <Select
              flex={1}
              aria-label={t('panel.conditionSubject', { n: i + 1 })}
              placeholder={t('panel.chooseVariable')}
              data={conditionSubjects(doc, t)}
              value={c.left || null}
              onChange={(left) => patch(i, { left: left ?? '' })}
              comboboxProps={below}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => set({ conditions: block.conditions.filter((_, j) => j !== i) })}
              aria-label={t('panel.removeCondition', { n: i + 1 })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <Select
            aria-label={t('panel.conditionOperator', { n: i + 1 })}
            data={CONDITION_OPERATORS.map((op) => ({ value: op, label: t(`operators.${op}`) }))}
            value={c.operator}
            onChange={(op) => op && patch(i, { operator: op as (typeof CONDITION_OPERATORS)[number] })}
            allowDeselect={false}
            comboboxProps={below}
          />
          {c.operator !== 'is_set' && c.operator !== 'is_empty' && (
            <TextInput
              aria-label={t('panel.conditionValue', { n: i + 1 })}
              placeholder={t('panel.conditionValue', { n: i + 1 })}
              value={c.right}
              maxLength={500}
              onChange={(e) => patch(i, { right: e.currentTarget.value }, 'right')}
            />
          )}
        </Stack>
      ))}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        disabled={block.conditions.length >= 20}
        onClick={() =>
          set({ conditions: [...block.conditions, { left: '', operator: 'equals', right: '' }] })
        }
      >
        {t('panel.addCondition')}
      </Button>
    </Stack>
  );
}

export function JumpForm({ block, set, doc, errors }: TFormOf<'jump'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Select
      label={t('panel.jumpTo')}
      placeholder={t('panel.chooseGroup')}
      data={doc.groups.map((g) => ({ value: g.id, label: groupTitle(t, doc, g.id) }))}
      value={block.groupId || null}
      onChange={(groupId) => set({ groupId: groupId ?? '' })}
      error={errors.groupId}
      comboboxProps={below}
    />
  );
}

/** "Run group": the group to run as a sub-flow (any group but the block's own). */
export function CallForm({ block, set, doc, errors }: TFormOf<'call'>) {
  const { t } = useTranslation('chatbots');
  const own = doc.groups.find((g) => g.blocks.some((b) => b.id === block.id))?.id;
  return (
    <Select
      label={t('panel.callGroup')}
      description={t('panel.callHelp')}
      placeholder={t('panel.chooseGroup')}
      data={doc.groups
        .filter((g) => g.id !== own)
        .map((g) => ({ value: g.id, label: groupTitle(t, doc, g.id) }))}
      value={block.groupId || null}
      onChange={(groupId) => set({ groupId: groupId ?? '' })}
      error={errors.groupId}
      comboboxProps={below}
      searchable
    />
  );
}

export function WaitForm({ block, set }: TFormOf<'wait'>) {
  const { t } = useTranslation('chatbots');
  return (
    <NumberInput
      label={t('panel.waitSeconds')}
      min={1}
      max={CHATBOT_LIMITS.waitSecondsMax}
      value={block.seconds}
      onChange={(v) => set({ seconds: Math.max(1, num(v) ?? 1) }, 'seconds')}
    />
  );
}

export function AbSplitForm({ block, set }: TFormOf<'ab_split'>) {
  const { t } = useTranslation('chatbots');
  return (
    <NumberInput
      label={t('panel.percentA')}
      description={t('panel.percentAHelp', { b: 100 - block.percentA })}
      min={0}
      max={100}
      suffix="%"
      value={block.percentA}
      onChange={(v) => set({ percentA: Math.min(100, Math.max(0, num(v) ?? 0)) }, 'percent')}
    />
  );
}

export function BusinessHoursForm() {
  const { t } = useTranslation('chatbots');
  return (
    <Text fz="sm" c="dimmed">
      {t('panel.hoursHelp')}
    </Text>
  );
}
