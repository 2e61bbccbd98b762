import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AI_OUT_OF_HOURS,
  CHATBOT_LIMITS,
  type TChatbot,
  type TChatbotAiSettings,
  ZChatbotAiSettings,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormSave, zodValidator } from '../../../app/forms';
import { useAcc } from '../../../app/session';
import { useAccLink } from '../../../app/shell/use-acc-link';
import { FormFailure } from '../../../ui/form-modal';
import { useDepartments } from '../../departments/departments-api';
import { chatbotsApi } from '../chatbots-api';

/**
 * The AI editor's settings of an AI or hybrid bot (PATCH { ai }): its own instructions (tone,
 * business facts, what not to do) and when it hands the customer over to the team — an AI bot's
 * one list of hand-over words, and what it does when asked for a person outside business hours.
 */
export function AiSettingsForm({
  chatbot,
  onSaved,
}: {
  chatbot: TChatbot;
  onSaved: (bot: TChatbot) => void;
}) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const departments = useDepartments(acc);
  const link = useAccLink();
  const form = useForm<TChatbotAiSettings>({
    initialValues: chatbot.ai,
    validate: zodValidator<TChatbotAiSettings>(ZChatbotAiSettings, t),
  });
  const { saving, failure, save } = useFormSave(form, t);
  const submit = form.onSubmit((values) =>
    save(async () => onSaved(await chatbotsApi.update(acc, chatbot._id, { ai: values }))),
  );
  return (
    <Card padding="lg" data-testid="ai-settings">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Text fw={650}>{t('aiSettings.title')}</Text>
            <Text fz="sm" c="dimmed">
              {t('aiSettings.help')}
            </Text>
          </div>
          <FormFailure failure={failure} />
          <Textarea
            label={t('aiSettings.instructions')}
            description={t('aiSettings.instructionsHelp')}
            placeholder={t('aiSettings.instructionsPlaceholder')}
            autosize
            minRows={5}
            maxRows={14}
            maxLength={CHATBOT_LIMITS.aiInstructionsMax}
            {...form.getInputProps('instructions')}
          />
          <Text fz="xs" c="dimmed" ta="right">
            {t('aiSettings.count', {
              count: form.values.instructions.length,
              max: CHATBOT_LIMITS.aiInstructionsMax,
            })}
          </Text>
          <Text fw={600} fz="sm" mt="xs">
            {t('aiSettings.handoverTitle')}
          </Text>
          <TagsInput
            label={t('aiSettings.personKeywords')}
            description={t('aiSettings.personKeywordsHelp')}
            maxTags={CHATBOT_LIMITS.aiKeywordsMax}
            {...form.getInputProps('personKeywords')}
          />
          <TagsInput
            label={t('aiSettings.customKeywords')}
            description={t(
              chatbot.type === 'hybrid'
                ? 'aiSettings.customKeywordsHelpHybrid'
                : 'aiSettings.customKeywordsHelp',
            )}
            maxTags={CHATBOT_LIMITS.aiKeywordsMax}
            data-testid="ai-handover-words"
            {...form.getInputProps('customKeywords')}
          />
          <Radio.Group
            label={t('aiSettings.outOfHours')}
            description={
              <>
                {t('aiSettings.outOfHoursHelp')}{' '}
                <Anchor component={Link} to={link('/settings?tab=hours')} fz="inherit" underline="always">
                  {t('aiSettings.outOfHoursLink')}
                </Anchor>
              </>
            }
            data-testid="ai-out-of-hours"
            {...form.getInputProps('outOfHours')}
          >
            <Stack gap={6} mt={6}>
              {AI_OUT_OF_HOURS.map((option) => (
                <Radio key={option} value={option} label={t(`aiSettings.outOfHoursOptions.${option}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <NumberInput
            label={t('aiSettings.lowConfidenceTurns')}
            description={t('aiSettings.lowConfidenceTurnsHelp')}
            min={1}
            max={CHATBOT_LIMITS.aiLowConfidenceTurnsMax}
            {...form.getInputProps('lowConfidenceTurns')}
          />
          <Select
            label={t('aiSettings.department')}
            description={t('aiSettings.departmentHelp')}
            placeholder={t('aiSettings.anyDepartment')}
            clearable
            data={(departments.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
            comboboxProps={{ position: 'bottom', middlewares: { flip: false, shift: false } }}
            {...form.getInputProps('departmentId')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
