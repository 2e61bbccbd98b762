import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  ZCreateChannelBody,
  ZUpdateChannelBody,
  type TChannel,
  type TChannelKind,
  type TCreateChannelBody,
  type TUpdateChannelBody,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { zodValidator } from '../../../app/forms';
import { notify } from '../../../app/notify';
import { useFormSave } from '../../../app/forms';
import { FormFailure, ModalActions } from '../../../ui/form-modal';
import { createChannel, updateChannel } from '../settings-api';
import { SmsFields, WebchatFields, WhatsappFields } from './channel-fields';
import { channelBody, initialValues, KIND_COLOR, KIND_ICON, type TChannelValues } from './channel-kinds';
import { ChannelSetup } from './channel-setup';
import { FacebookConnect } from './facebook-connect';
import { useKeptWhileClosing } from '../../../ui/use-kept-while-closing';

/** Errors on list items ('allowedOrigins.1') shown on the list field. */
function foldListErrors(errors: Record<string, string>): Record<string, string> {
  const out = { ...errors };
  for (const [path, message] of Object.entries(errors)) {
    const [head, index] = path.split('.');
    if (index !== undefined && /^\d+$/.test(index)) out[head] ??= message;
  }
  return out;
}

/** The field holding what makes a channel unique (its externalId): the chat page's slug, the number. */
const ADDRESS_FIELD: Record<TChannelKind, keyof TChannelValues> = {
  webchat: 'slug',
  'whatsapp-cloud': 'phoneNumberId',
  sms: 'fromNumber',
};

export type TChannelModalState = { kind: TChannelKind; channel: TChannel | null } | null;

/** Connect (or edit) a channel; after connecting, what to paste where (webhook, snippet). */
export function ChannelModal({
  acc,
  state: opening,
  onClose,
  onSaved,
}: {
  acc: string;
  state: TChannelModalState;
  onClose: () => void;
  onSaved: (channel: TChannel) => void;
}) {
  const { t } = useTranslation('settings');
  // Closing clears the state: the kind, title and fields stay while the dialog fades out.
  const state = useKeptWhileClosing(opening);
  const editing = !!state?.channel;
  const [connected, setConnected] = useState<{ channel: TChannel; verifyToken?: string } | null>(null);
  const schemaCheck = zodValidator<TChannelValues>(
    editing ? ZUpdateChannelBody : ZCreateChannelBody,
    t,
    (v) => channelBody(v, editing),
  );
  const form = useForm<TChannelValues>({
    initialValues: initialValues('webchat'),
    validate: (values) => foldListErrors(schemaCheck(values)),
  });
  const kind = state?.kind ?? 'webchat';
  // The address (web chat) or number taken by another channel is said on that field.
  const { saving, failure, setFailure, save } = useFormSave(form, t, {
    foldErrors: foldListErrors,
    fieldOf: { CHANNEL_IN_USE: ADDRESS_FIELD[kind] },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!state) return;
    form.setValues(initialValues(state.kind, state.channel));
    form.resetDirty();
    form.clearErrors();
    setConnected(null);
    setFailure(null);
  }, [state]);

  const submit = form.onSubmit(async (values) => {
    if (!state) return;
    await save(async () => {
      const body = channelBody(values, editing);
      const saved = state.channel
        ? await updateChannel(acc, state.channel._id, body as TUpdateChannelBody)
        : await createChannel(acc, body as TCreateChannelBody);
      onSaved(saved);
      if (state.channel) {
        notify({ color: 'green', message: (t) => t('settings:channels.saved', { name: saved.name }) });
        onClose();
      } else {
        notify({
          color: 'green',
          message: (t) => t('settings:channels.connectedToast', { name: saved.name }),
        });
        setConnected({
          channel: saved,
          verifyToken: values.kind === 'whatsapp-cloud' ? values.verifyToken : undefined,
        });
      }
    });
  });

  const Icon = KIND_ICON[kind];
  const title = connected
    ? t('channels.connectedTitle', { name: connected.channel.name })
    : t(editing ? 'channels.editTitle' : 'channels.connectTitle', { kind: t(`channels.kinds.${kind}`) });

  return (
    <Modal
      opened={opening !== null}
      onClose={onClose}
      size="lg"
      centered
      title={
        <Group gap="sm">
          <ThemeIcon variant="light" color={connected ? 'green' : KIND_COLOR[kind]} radius="xl">
            {connected ? <IconCircleCheck size={18} /> : <Icon size={18} />}
          </ThemeIcon>
          <span>{title}</span>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {connected ? (
        <Stack>
          <ChannelSetup channel={connected.channel} verifyToken={connected.verifyToken} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('channels.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <FormFailure failure={failure} />
            {kind === 'webchat' && (
              <WebchatFields form={form} editing={editing} origin={window.location.origin} />
            )}
            {kind === 'whatsapp-cloud' && !editing && (
              <FacebookConnect
                acc={acc}
                name={form.values.name}
                onConnected={(channel) => {
                  onSaved(channel);
                  notify({
                    color: 'green',
                    message: (t) => t('settings:channels.connectedToast', { name: channel.name }),
                  });
                  onClose();
                }}
              />
            )}
            {kind === 'whatsapp-cloud' && <WhatsappFields form={form} editing={editing} />}
            {kind === 'sms' && <SmsFields form={form} editing={editing} />}
            <ModalActions
              onCancel={onClose}
              saving={saving}
              submit={editing ? t('common:save') : t('channels.connect')}
              mt="sm"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
