import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';

/** A destructive action's confirmation; a refusal from the server stays in the dialog. */
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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Text fz="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('cancel')}
          </Button>
          <Button color="red.8" loading={busy} onClick={run}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
