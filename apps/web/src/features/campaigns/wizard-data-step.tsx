import { Group, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TWizardDraft } from './wizard-state';

/** Step 2: name, description, when to send (in the account's time zone) and the send window. */
export function WizardDataStep({
  draft,
  patch,
  timezone,
  errors,
}: {
  draft: TWizardDraft;
  patch: (next: Partial<TWizardDraft>) => void;
  timezone: string;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Stack maw={640}>
      <TextInput
        label={t('wizard.name')}
        value={draft.name}
        onChange={(e) => patch({ name: e.currentTarget.value })}
        error={errors.name}
        required
        maxLength={120}
        data-testid="wizard-name"
      />
      <Textarea
        label={t('wizard.description')}
        value={draft.description}
        onChange={(e) => patch({ description: e.currentTarget.value })}
        autosize
        minRows={2}
        maxLength={500}
      />
      <Radio.Group
        label={t('wizard.when')}
        value={draft.when}
        onChange={(v) => patch({ when: v as 'now' | 'later' })}
      >
        <Group mt="xs">
          <Radio value="now" label={t('wizard.sendNow')} />
          <Radio value="later" label={t('wizard.sendLater')} />
        </Group>
      </Radio.Group>
      {draft.when === 'later' && (
        <TextInput
          type="datetime-local"
          label={t('wizard.scheduledAt', { tz: timezone })}
          value={draft.scheduledAt}
          onChange={(e) => patch({ scheduledAt: e.currentTarget.value })}
          error={errors.scheduledAt}
          w={280}
        />
      )}
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {t('wizard.window')}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('wizard.windowHelp')}
        </Text>
        <Group>
          <TextInput
            type="time"
            aria-label={t('wizard.windowStart')}
            value={draft.windowStart}
            onChange={(e) => patch({ windowStart: e.currentTarget.value })}
            w={140}
          />
          <TextInput
            type="time"
            aria-label={t('wizard.windowEnd')}
            value={draft.windowEnd}
            onChange={(e) => patch({ windowEnd: e.currentTarget.value })}
            error={errors.window}
            w={140}
          />
        </Group>
      </Stack>
    </Stack>
  );
}
