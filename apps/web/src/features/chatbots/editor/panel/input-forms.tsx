import {
  Divider,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { CHATBOT_LIMITS, FLOW_KEY_ENTITIES, type TInputBlock } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Field, TextWithVariables, VariableSelect } from './fields';
import type { TFormOf, TFormProps } from './form-types';
import { OptionsEditor } from './options-editor';

const num = (v: string | number) => (typeof v === 'number' ? v : null);

/** What every input asks: the question, where the answer goes, retries and timeout. */
export function InputCommon({ block, set, doc, errors, newVariable }: TFormProps<TInputBlock>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap="sm">
      <TextWithVariables
        label={t('panel.prompt')}
        value={block.prompt}
        onChange={(prompt) => set({ prompt }, 'prompt')}
        doc={doc}
        error={errors.prompt}
        placeholder={t('panel.promptPlaceholder')}
      />
      <VariableSelect
        label={t('panel.saveToVariable')}
        value={block.variableId}
        onChange={(variableId) => set({ variableId })}
        doc={doc}
        error={errors.variableId}
        onCreate={newVariable}
      />
      <Select
        label={t('panel.saveToContact')}
        description={t('panel.saveToContactHelp')}
        placeholder={t('panel.notSaved')}
        data={FLOW_KEY_ENTITIES.map((k) => ({ value: k, label: t(`entities.${k}`) }))}
        value={block.saveTo ?? null}
        onChange={(saveTo) => set({ saveTo })}
        clearable
        comboboxProps={{ position: 'bottom', middlewares: { flip: false, shift: false } }}
      />
    </Stack>
  );
}

/** Retry message and limit, and the timeout: after the type's own fields. */
export function InputRetries({ block, set, doc }: TFormProps<TInputBlock>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap="sm">
      <Divider label={t('panel.retriesTitle')} labelPosition="left" />
      <TextWithVariables
        label={t('panel.retryMessage')}
        value={block.retryMessage}
        onChange={(retryMessage) => set({ retryMessage }, 'retryMessage')}
        doc={doc}
        placeholder={t('panel.retryPlaceholder')}
        minRows={2}
      />
      <NumberInput
        label={t('panel.retryLimit')}
        description={t('panel.retryLimitHelp')}
        min={0}
        max={CHATBOT_LIMITS.retryLimitMax}
        value={block.retryLimit}
        onChange={(v) => set({ retryLimit: num(v) ?? 0 }, 'retryLimit')}
      />
      <Switch
        label={t('panel.timeout')}
        description={t('panel.timeoutHelp')}
        checked={!!block.timeout}
        onChange={(e) => set({ timeout: e.currentTarget.checked ? { minutes: 30 } : null })}
      />
      {block.timeout && (
        <NumberInput
          label={t('panel.timeoutMinutes')}
          min={1}
          max={CHATBOT_LIMITS.timeoutMinutesMax}
          value={block.timeout.minutes}
          onChange={(v) => set({ timeout: { minutes: Math.max(1, num(v) ?? 1) } }, 'timeout')}
        />
      )}
    </Stack>
  );
}

export function TextInputForm({ block, set }: TFormOf<'text_input'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap="sm">
      <Group grow>
        <NumberInput
          label={t('panel.minLength')}
          min={0}
          max={4096}
          value={block.minLength ?? ''}
          onChange={(v) => set({ minLength: num(v) }, 'minLength')}
        />
        <NumberInput
          label={t('panel.maxLength')}
          min={1}
          max={4096}
          value={block.maxLength ?? ''}
          onChange={(v) => set({ maxLength: num(v) }, 'maxLength')}
        />
      </Group>
      <Field
        label={t('panel.pattern')}
        description={t('panel.patternHelp')}
        value={block.pattern}
        onChange={(pattern) => set({ pattern: pattern || null }, 'pattern')}
        maxLength={500}
      />
    </Stack>
  );
}

export function NumberInputForm({ block, set }: TFormOf<'number_input'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Group grow>
      <NumberInput
        label={t('panel.min')}
        value={block.min ?? ''}
        onChange={(v) => set({ min: num(v) }, 'min')}
      />
      <NumberInput
        label={t('panel.max')}
        value={block.max ?? ''}
        onChange={(v) => set({ max: num(v) }, 'max')}
      />
    </Group>
  );
}

export function PhoneInputForm({ block, set }: TFormOf<'phone_input'>) {
  const { t } = useTranslation('chatbots');
  return (
    <TextInput
      label={t('panel.countryCode')}
      description={t('panel.countryCodeHelp')}
      leftSection={<Text c="dimmed">+</Text>}
      value={block.defaultCountryCode}
      maxLength={4}
      onChange={(e) => set({ defaultCountryCode: e.currentTarget.value.replace(/\D/g, '') }, 'cc')}
    />
  );
}

export function CpfCnpjForm({ block, set }: TFormOf<'cpf_cnpj_input'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {t('panel.accept')}
      </Text>
      <SegmentedControl
        value={block.accept}
        onChange={(accept) => set({ accept: accept as 'cpf' | 'cnpj' | 'both' })}
        data={(['cpf', 'cnpj', 'both'] as const).map((v) => ({
          value: v,
          label: t(`panel.acceptValues.${v}`),
        }))}
      />
    </Stack>
  );
}

export function ChoiceForm({ block, set, errors }: TFormOf<'choice_input'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={block.mode}
        onChange={(mode) => set({ mode: mode as 'single' | 'multiple' })}
        data={[
          { value: 'single', label: t('panel.single') },
          { value: 'multiple', label: t('panel.multiple') },
        ]}
        aria-label={t('panel.mode')}
      />
      <OptionsEditor
        options={block.options}
        onChange={(options, field) => set({ options }, field)}
        error={errors.options}
      />
      <Field
        label={t('panel.listButton')}
        description={t('panel.listButtonHelp')}
        value={block.listButtonLabel}
        onChange={(v) => set({ listButtonLabel: v || null }, 'listButton')}
        maxLength={20}
      />
    </Stack>
  );
}

export function PictureChoiceForm({ block, set, errors }: TFormOf<'picture_choice_input'>) {
  return (
    <OptionsEditor
      pictures
      options={block.options}
      onChange={(options, field) => set({ options }, field)}
      error={errors.options}
    />
  );
}

export function RatingForm({ block, set }: TFormOf<'rating_input'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        {t('panel.scale')}
      </Text>
      <SegmentedControl
        value={block.scale}
        onChange={(scale) => set({ scale: scale as 'nps' | 'csat' })}
        data={[
          { value: 'nps', label: t('panel.nps') },
          { value: 'csat', label: t('panel.csat') },
        ]}
      />
    </Stack>
  );
}
