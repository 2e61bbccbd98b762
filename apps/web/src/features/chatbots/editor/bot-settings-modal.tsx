import { Group, Button, Modal, MultiSelect, NumberInput, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CHATBOT_LIMITS, type TChatbot, type TChatbotUpdateBody, ZChatbotUpdateBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useFormSave, zodValidator } from '../../../app/forms';
import { useAcc } from '../../../app/session';
import { FormFailure, ModalActions } from '../../../ui/form-modal';
import { useChannels } from '../../settings/settings-api';
import { chatbotsApi } from '../chatbots-api';

type TValues = Required<TChatbotUpdateBody>;

/** The bot's basic data (PATCH): name, channels, debounce of split messages, handover keywords. */
export function BotBasicsForm({
  chatbot,
  onSaved,
  onCancel,
}: {
  chatbot: TChatbot;
  onSaved: (bot: TChatbot) => void;
  /** In a dialog: its cancel button. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const channels = useChannels(acc);
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
  const submit = form.onSubmit((values) =>
    save(async () =>
      onSaved(await chatbotsApi.update(acc, chatbot._id, { ...values, name: values.name.trim() })),
    ),
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
        <TagsInput
          label={t('settings.handover')}
          description={t('settings.handoverHelp')}
          maxTags={CHATBOT_LIMITS.handoverKeywordsMax}
          {...form.getInputProps('handoverKeywords')}
        />
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
}: {
  opened: boolean;
  onClose: () => void;
  chatbot: TChatbot;
  onSaved: (bot: TChatbot) => void;
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
      {opened && (
        <BotBasicsForm
          chatbot={chatbot}
          onCancel={onClose}
          onSaved={(bot) => {
            onSaved(bot);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
