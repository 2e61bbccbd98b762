import { Modal } from '@mantine/core';
import type { TAccountListItem } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { CreateAccountForm } from './create-account-form';

/** New account from the account switcher; the caller becomes its master. */
export function CreateAccountModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (item: TAccountListItem) => void;
}) {
  const { t } = useTranslation('account');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('create.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <CreateAccountForm onCreated={onCreated} onCancel={onClose} autoFocus />
    </Modal>
  );
}
