import { useEffect } from 'react';
import { Checkbox, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type TWebhookEndpoint,
  type TWebhookEndpointBody,
  WEBHOOK_EVENTS,
  ZWebhookEndpointBody,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useFormSave, zodValidator } from '../../../app/forms';
import { FormFailure, ModalActions } from '../../../ui/form-modal';
import { useKeptWhileClosing } from '../../../ui/use-kept-while-closing';

type TValues = { url: string; description: string; events: string[]; enabled: boolean };

/** Add or edit a webhook endpoint: its URL, a description, and the events it receives. */
export function EndpointModal({
  opened,
  endpoint: opening,
  onClose,
  onSave,
}: {
  opened: boolean;
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
  onSave: (body: TWebhookEndpointBody) => Promise<unknown>;
}) {
  const { t } = useTranslation('app-store');
  // Closing clears the endpoint: the title stays the edit's while the dialog fades out.
  const endpoint = useKeptWhileClosing(opening, opened);
  const form = useForm<TValues>({
    initialValues: { url: '', description: '', events: [], enabled: true },
    validate: zodValidator<TValues>(ZWebhookEndpointBody, t),
  });
  // A private or loopback address is refused by the server under the URL field.
  const { saving, failure, setFailure, save } = useFormSave(form, t, { fieldOf: { URL_NOT_ALLOWED: 'url' } });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? ['conversation.opened', 'message.created'],
      enabled: endpoint?.enabled ?? true,
    });
    form.clearErrors();
    setFailure(null);
  }, [opened, endpoint]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      centered
      title={endpoint ? t('webhooks.editTitle') : t('webhooks.newTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form
        onSubmit={form.onSubmit((values) => save(() => onSave(ZWebhookEndpointBody.parse(values))))}
        noValidate
      >
        <Stack gap="sm">
          <FormFailure failure={failure} />
          <TextInput
            label={t('webhooks.fields.url')}
            placeholder="https://example.com/atende/webhooks"
            withAsterisk
            data-autofocus
            {...form.getInputProps('url')}
          />
          <TextInput label={t('webhooks.fields.description')} {...form.getInputProps('description')} />
          <Checkbox.Group label={t('webhooks.fields.events')} withAsterisk {...form.getInputProps('events')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={t(`events.${event}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Switch
            label={t('webhooks.fields.enabled')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <ModalActions
            onCancel={onClose}
            saving={saving}
            submit={endpoint ? t('common:save') : t('webhooks.add')}
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}
