import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SUPPORT_LIMITS, ZSupportMessageBody, type TSupportMessageBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../api-client';
import { zodValidator } from '../forms';
import { errorText } from '../i18n';
import { notify } from '../notify';
import { useAccOrNull } from '../session';

type TValues = Pick<TSupportMessageBody, 'subject' | 'message'>;

/**
 * Help → Contact us (issue 13; spec §8 form submission): a subject and a message mailed to the
 * installation's support address. While it goes: "Sending…"; sent: the spec's success message;
 * refused: the spec's error message (too many messages: the rate-limit text).
 */
export function ContactDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const acc = useAccOrNull();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TValues>({
    initialValues: { subject: '', message: '' },
    validate: zodValidator<TValues>(ZSupportMessageBody.pick({ subject: true, message: true }), t),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.reset();
    setFailure(null);
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    setFailure(null);
    try {
      await api.post('/g/support/contact', { ...values, ...(acc ? { acc } : {}) });
      notify({ color: 'green', message: (t) => t('shell:help.sent'), autoClose: 8_000 });
      onClose();
    } catch (err) {
      setFailure(
        err instanceof ApiError && err.code === 'RATE_LIMITED' ? errorText(t, err) : t('help.failed'),
      );
    } finally {
      setSending(false);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('help.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {t('help.intro')}
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('help.subject')}
            maxLength={SUPPORT_LIMITS.subjectMax}
            withAsterisk
            data-autofocus
            {...form.getInputProps('subject')}
          />
          <Textarea
            label={t('help.message')}
            autosize
            minRows={5}
            maxRows={12}
            maxLength={SUPPORT_LIMITS.messageMax}
            withAsterisk
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={sending}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={sending} leftSection={sending ? <Loader size={14} /> : undefined}>
              {sending ? t('help.sending') : t('help.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
