import { useEffect, useRef } from 'react';
import {
  Code,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  QUICK_MESSAGE_LIMITS,
  QUICK_MESSAGE_VARIABLES,
  renderQuickMessage,
  ZQuickMessageBody,
  type TQuickMessage,
  type TQuickMessageBody,
  type TQuickMessageVariable,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { zodValidator } from '../../app/forms';
import { useSession } from '../../app/session';
import { useFormSave } from '../../app/forms';
import { FormFailure, ModalActions } from '../../ui/form-modal';
import { useKeptWhileClosing } from '../../ui/use-kept-while-closing';

/** Example values for the preview (the composer fills the conversation's own). */
export function sampleValues(
  t: (key: string) => string,
  operator: string,
): Record<TQuickMessageVariable, string> {
  return {
    name: t('variables.sample.name'),
    firstName: t('variables.sample.firstName'),
    phone: '+55 11 98888-7777',
    email: t('variables.sample.email'),
    operator,
  };
}

/** Create or edit a quick message: shortcut, text with {{variables}}, live preview. */
export function QuickMessageModal({
  opened,
  message: opening,
  onClose,
  onSave,
}: {
  opened: boolean;
  message: TQuickMessage | null;
  onClose: () => void;
  onSave: (body: TQuickMessageBody) => Promise<unknown>;
}) {
  const { t } = useTranslation('quick-messages');
  // Closing clears the message: the title stays the edit's while the dialog fades out.
  const message = useKeptWhileClosing(opening, opened);
  const operator = useSession().user?.displayName || t('variables.sample.operator');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const form = useForm<TQuickMessageBody>({
    initialValues: { shortcut: '', text: '' },
    validate: zodValidator<TQuickMessageBody>(ZQuickMessageBody, t),
  });
  const { saving, failure, setFailure, save } = useFormSave(form, t, {
    fieldOf: { QUICK_MESSAGE_SHORTCUT_IN_USE: 'shortcut' },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    form.setValues({ shortcut: message?.shortcut ?? '', text: message?.text ?? '' });
    form.clearErrors();
    setFailure(null);
  }, [opened, message]);

  const insert = (variable: string) => {
    const token = `{{${variable}}}`;
    const el = textRef.current;
    const text = form.values.text;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    form.setFieldValue('text', text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = form.onSubmit((values) => save(() => onSave(ZQuickMessageBody.parse(values))));

  const preview = renderQuickMessage(form.values.text, sampleValues(t, operator));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      centered
      title={message ? t('editTitle') : t('newTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormFailure failure={failure} />
          <TextInput
            label={t('fields.shortcut')}
            description={t('fields.shortcutHelp')}
            placeholder={t('fields.shortcutPlaceholder')}
            leftSection={<Text c="dimmed">/</Text>}
            maxLength={QUICK_MESSAGE_LIMITS.shortcutMax}
            withAsterisk
            data-autofocus
            {...form.getInputProps('shortcut')}
            onChange={(e) => form.setFieldValue('shortcut', e.currentTarget.value.replace(/^\/+/, ''))}
          />
          <Textarea
            ref={textRef}
            label={t('fields.text')}
            placeholder={t('fields.textPlaceholder', { firstName: '{{firstName}}' })}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={QUICK_MESSAGE_LIMITS.textMax}
            withAsterisk
            {...form.getInputProps('text')}
          />
          <div>
            <Text fz="sm" fw={500} mb={4}>
              {t('variables.title')}
            </Text>
            <Group gap={6}>
              {QUICK_MESSAGE_VARIABLES.map((variable) => (
                <Tooltip key={variable} label={t(`variables.help.${variable}`)}>
                  <UnstyledButton
                    onClick={() => insert(variable)}
                    aria-label={t('variables.insert', { variable })}
                  >
                    <Code fz="xs">{`{{${variable}}}`}</Code>
                  </UnstyledButton>
                </Tooltip>
              ))}
            </Group>
          </div>
          <Paper withBorder p="sm" bg="gray.0" data-testid="quick-message-preview">
            <Text fz="xs" c="dimmed" mb={4}>
              {t('preview')}
            </Text>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {preview || t('previewEmpty')}
            </Text>
          </Paper>
          <ModalActions
            onCancel={onClose}
            saving={saving}
            submit={message ? t('common:save') : t('create')}
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}
