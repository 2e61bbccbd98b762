import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { OPT_OUT_LIMITS, optOutWord } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { CardSkeleton } from '../../ui/card-skeleton';
import { ModalActions } from '../../ui/form-modal';
import { LoadError } from '../../ui/load-error';
import { useCampaignSettings, useSaveCampaignSettings } from './campaigns-api';

/** What is wrong with the words typed, or null (the server checks the same). */
export function optOutWordsError(words: string[]): 'required' | 'tooLong' | 'tooMany' | null {
  if (words.length === 0) return 'required';
  if (words.length > OPT_OUT_LIMITS.words) return 'tooMany';
  if (words.some((w) => w.trim().length > OPT_OUT_LIMITS.wordMax)) return 'tooLong';
  return null;
}

/**
 * Campaigns → Settings (admins): the replies that opt a contact out of campaigns. Words are
 * compared in upper case without accents or punctuation around; equal to the defaults saves
 * "use the defaults".
 */
export function OptOutWordsModal({
  acc,
  opened,
  onClose,
}: {
  acc: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const settings = useCampaignSettings(acc, opened);
  const save = useSaveCampaignSettings(acc);
  const [words, setWords] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened && settings.data) {
      setWords(settings.data.optOutKeywords);
      setError(null);
    }
  }, [opened, settings.data]);

  const defaults = settings.data?.defaults ?? [];
  const normalised = [...new Set(words.map(optOutWord).filter(Boolean))];
  const isDefault = normalised.length === defaults.length && normalised.every((w, i) => w === defaults[i]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = optOutWordsError(normalised);
    if (problem) {
      setError(
        problem === 'required'
          ? t('optOut.required')
          : t(`optOut.${problem}`, {
              max: problem === 'tooMany' ? OPT_OUT_LIMITS.words : OPT_OUT_LIMITS.wordMax,
            }),
      );
      return;
    }
    save.mutate(
      { optOutKeywords: isDefault ? null : normalised },
      {
        onSuccess: () => {
          notify({ color: 'green', message: (t) => t('campaigns:optOut.saved') });
          onClose();
        },
        onError: (err) =>
          notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('optOut.title')} size="lg">
      {settings.isError ? (
        <LoadError error={settings.error} />
      ) : !settings.data ? (
        <CardSkeleton rows={3} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {t('optOut.description')}
            </Text>
            <TagsInput
              data-testid="opt-out-words"
              label={t('optOut.label')}
              description={t('optOut.help', { max: OPT_OUT_LIMITS.words })}
              value={words}
              onChange={(value) => {
                setWords(value);
                setError(null);
              }}
              maxTags={OPT_OUT_LIMITS.words}
              splitChars={[',', ';']}
              clearable
              error={error}
            />
            <Group justify="space-between">
              <Text fz="xs" c="dimmed">
                {isDefault ? t('optOut.usingDefault') : t('optOut.usingCustom')}
              </Text>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconRestore size={14} />}
                disabled={isDefault}
                onClick={() => setWords(defaults)}
              >
                {t('optOut.restore')}
              </Button>
            </Group>
            <ModalActions onCancel={onClose} saving={save.isPending} submit={t('optOut.save')} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
