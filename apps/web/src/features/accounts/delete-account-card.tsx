import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isDeleteConfirmation, type TAccount } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { loadAccountList, markNoAccount, prepareAccountSwitch } from '../../app/session';
import { useDeleteAccount } from './account-mutations';

/** Danger zone: deleting the account requires typing DELETE (EXCLUIR in Portuguese). */
export function DeleteAccountCard({ account }: { account: TAccount }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [word, setWord] = useState('');
  const expected = t('delete.word');
  const matches = word.trim() === expected && isDeleteConfirmation(word.trim());

  const removal = useDeleteAccount(account._id, {
    onSuccess: async () => {
      notify({ color: 'green', message: (t) => t('account:delete.done', { name: account.name }) });
      // On to the user's other account; without one, to the create-account page.
      const next = (await loadAccountList()).find((item) => item._id !== account._id);
      if (!next) {
        markNoAccount();
        navigate('/create-account', { replace: true });
        return;
      }
      if (prepareAccountSwitch(next)) return;
      navigate(`/dashboard?acc=${next._id}`, { replace: true });
    },
  });
  const error = removal.error ? errorText(t, removal.error) : null;

  return (
    <Card padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text fw={650} c="red.8">
            {t('delete.title')}
          </Text>
          <Text c="dimmed" fz="sm">
            {t('delete.description')}
          </Text>
        </div>
        <Button color="red.9" variant="outline" onClick={() => setOpened(true)}>
          {t('delete.open')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('delete.title')}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('delete.warning', { name: account.name })}
          </Alert>
          {error && (
            <Text c="red.8" fz="sm" role="alert">
              {error}
            </Text>
          )}
          <TextInput
            label={t('delete.typeLabel', { word: expected })}
            value={word}
            onChange={(e) => setWord(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            error={word && !matches ? t('validation:deleteWord') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common:cancel')}
            </Button>
            <Button
              color="red.8"
              disabled={!matches}
              loading={removal.isPending}
              onClick={() => removal.mutate(word.trim())}
            >
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
