import { useState } from 'react';
import {
  Group,
  Button,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { CHATBOT_LIMITS, type TChatbot, type TChatbotUpdateBody, ZChatbotUpdateBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useFormSave, zodValidator } from '../../../app/forms';
import { useAcc } from '../../../app/session';
import { FormFailure, ModalActions } from '../../../ui/form-modal';
import { useChannels } from '../../settings/settings-api';
import { chatbotsApi } from '../chatbots-api';

type TValues = Required<Omit<TChatbotUpdateBody, 'ai'>>;

/**
 * The flow's start condition "first contact only" (the draft's start event; published with the
 * next version): the form shows it when the editor passes it, and hands a change back on save.
 */
export interface TStartCondition {
  firstContactOnly: boolean;
  onChange: (firstContactOnly: boolean) => void;
}

/**
 * The bot's basic data (PATCH): name, channels, debounce of split messages, handover keywords
 * (not for an AI bot: its one list of hand-over words is in its AI settings); in the flow editor
 * also when it starts (first contact only).
 */
export function BotBasicsForm({
  chatbot,
  onSaved,
  onCancel,
  start,
}: {
  chatbot: TChatbot;
  onSaved: (bot: TChatbot) => void;
  /** In a dialog: its cancel button. */
  onCancel?: () => void;
  start?: TStartCondition;
}) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const channels = useChannels(acc);
  const [firstContactOnly, setFirstContactOnly] = useState(start?.firstContactOnly ?? false);
  const form = useForm<TValues>({
    initialValues: {
      name: chatbot.name,
      channelIds: chatbot.channelIds,
      debounceSeconds: chatbot.debounceSeconds,
      handoverKeywords: chatbot.handoverKeywords,
    },
    validate: zodValidator<TValues>(ZChatbotUpdateBody, t),
  });
  const { saving, failure, save } = useFormSave(form, t);
  const withHandover = chatbot.type !== 'ai';
  const submit = form.onSubmit(({ handoverKeywords, ...values }) =>
    save(async () => {
      const bot = await chatbotsApi.update(acc, chatbot._id, {
        ...values,
        ...(withHandover ? { handoverKeywords } : {}),
        name: values.name.trim(),
      });
      if (start && firstContactOnly !== start.firstContactOnly) start.onChange(firstContactOnly);
      onSaved(bot);
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormFailure failure={failure} />
        <TextInput
          label={t('create.name')}
          withAsterisk
          maxLength={CHATBOT_LIMITS.nameMax}
          {...form.getInputProps('name')}
        />
        <MultiSelect
          label={t('create.channels')}
          description={t('settings.channelsHelp')}
          data={(channels.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          comboboxProps={{ position: 'bottom', middlewares: { flip: false, shift: false } }}
          {...form.getInputProps('channelIds')}
        />
        <NumberInput
          label={t('settings.debounce')}
          description={t('settings.debounceHelp')}
          min={0}
          max={CHATBOT_LIMITS.debounceSecondsMax}
          suffix=" s"
          {...form.getInputProps('debounceSeconds')}
        />
        {withHandover && (
          <TagsInput
            label={t('settings.handover')}
            description={t('settings.handoverHelp')}
            maxTags={CHATBOT_LIMITS.handoverKeywordsMax}
            {...form.getInputProps('handoverKeywords')}
          />
        )}
        {start && (
          <Switch
            label={t('panel.firstContactOnly')}
            description={t('settings.firstContactOnlyHelp')}
            checked={firstContactOnly}
            onChange={(e) => setFirstContactOnly(e.currentTarget.checked)}
          />
        )}
        {onCancel ? (
          <ModalActions onCancel={onCancel} saving={saving} submit={t('common:save')} mt="xs" />
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('common:save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The bot's settings in a dialog (the flow editor's menu). */
export function BotSettingsModal({
  opened,
  onClose,
  chatbot,
  onSaved,
  start,
}: {
  opened: boolean;
  onClose: () => void;
  chatbot: TChatbot;
  onSaved: (bot: TChatbot) => void;
  start?: TStartCondition;
}) {
  const { t } = useTranslation('chatbots');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {/* The dialog mounts its content on each opening and keeps it while it fades out. */}
      <BotBasicsForm
        chatbot={chatbot}
        start={start}
        onCancel={onClose}
        onSaved={(bot) => {
          onSaved(bot);
          onClose();
        }}
      />
    </Modal>
  );
}
