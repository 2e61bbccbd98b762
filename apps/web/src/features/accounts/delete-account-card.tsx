import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isDeleteConfirmation, type TAccount } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import { errorText } from '../../app/i18n';
import { loadAccount, loadAccountList } from '../../app/session';
import { writeItem } from '../../app/storage';

/** Danger zone: deleting the account requires typing DELETE (EXCLUIR in Portuguese). */
export function DeleteAccountCard({ account }: { account: TAccount }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expected = t('delete.word');
  const matches = word.trim() === expected && isDeleteConfirmation(word.trim());

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.delete(`/g/acc/${account._id}`, { confirm: word.trim() });
      writeItem('activeAcc', null);
      writeItem('activeAccInfo', null);
      await loadAccount();
      void loadAccountList();
      setOpened(false);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

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
        <Button color="red" variant="light" onClick={() => setOpened(true)}>
          {t('delete.open')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('delete.title')} centered>
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
            error={
              word && !matches ? t('validation:deleteWord').replace(/DELETE|EXCLUIR/, expected) : undefined
            }
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common:cancel')}
            </Button>
            <Button color="red" disabled={!matches} loading={busy} onClick={() => void remove()}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
