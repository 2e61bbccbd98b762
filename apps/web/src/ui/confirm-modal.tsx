import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormSave } from '../app/forms';
import { notify, type TToastText } from '../app/notify';
import { FormFailure } from './form-modal';
import { useKeptWhileClosing } from './use-kept-while-closing';

/**
 * A destructive action's confirmation; a refusal from the server stays in the dialog. Its texts are
 * the ones it was open with until it is gone: a caller that clears what the dialog is about as it
 * closes (`item?.name ?? ''`) does not blank them while the dialog fades out.
 */
export function ConfirmModal({
  opened,
  title,
  message,
  confirm,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirm: string;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation('common');
  const { saving: busy, failure, setFailure, save } = useFormSave(null, t);
  const text = useKeptWhileClosing({ title, message, confirm }, opened);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const run = () => save(onConfirm);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={text.title}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack>
        <FormFailure failure={failure} />
        <Text fz="sm">{text.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('cancel')}
          </Button>
          <Button color="red.8" loading={busy} onClick={run}>
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Deleting `item` once confirmed: `remove` deletes it and answers the toast's text (`(t) => …`), then the dialog
 * closes and `onDeleted` refreshes the list. A refusal from the server stays in the dialog.
 */
export function ConfirmDelete<T>({
  item,
  title,
  message,
  confirm,
  onClose,
  remove,
  onDeleted,
}: {
  item: T | null;
  title: string;
  message: string;
  confirm: string;
  onClose: () => void;
  remove: (item: T) => Promise<TToastText>;
  onDeleted: () => Promise<unknown>;
}) {
  return (
    <ConfirmModal
      opened={item !== null}
      title={title}
      message={message}
      confirm={confirm}
      onClose={onClose}
      onConfirm={async () => {
        if (item === null) return;
        notify({ color: 'green', message: await remove(item) });
        onClose();
        await onDeleted();
      }}
    />
  );
}
