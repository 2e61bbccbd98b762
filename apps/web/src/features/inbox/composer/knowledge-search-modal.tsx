import { useState } from 'react';
import { Button, Card, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { TInboxAiSearchResult } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/i18n';
import { inboxAiApi } from '../../ai/ai-api';
import type { TAiInsert } from './ai-menu';

/**
 * "What does the knowledge base say": the operator asks in their own words and sees the passages
 * and notes found (as they are, no model), each one insertable into the reply to edit.
 */
export function KnowledgeSearchModal({
  acc,
  opened,
  onClose,
  onInsert,
}: {
  acc: string;
  opened: boolean;
  onClose: () => void;
  onInsert: (insert: TAiInsert) => void;
}) {
  const { t } = useTranslation('inbox');
  const [question, setQuestion] = useState('');
  const [result, setResult] = useState<TInboxAiSearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    if (!question.trim()) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await inboxAiApi.search(acc, question));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t('composer.ai.searchTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('composer.ai.searchLabel')}
              placeholder={t('composer.ai.searchPlaceholder')}
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Button type="submit" leftSection={<IconSearch size={16} />} disabled={!question.trim()}>
              {t('composer.ai.searchButton')}
            </Button>
          </Group>
        </form>
        {busy && <Loader size="sm" aria-label={t('composer.ai.searching')} />}
        {!busy && result && result.items.length === 0 && (
          <Text c="dimmed" fz="sm" data-testid="kb-search-empty">
            {t('composer.ai.searchEmpty')}
          </Text>
        )}
        {!busy &&
          result?.items.map((item) => (
            <Card
              key={`${item.kind}:${item.source}:${item.text}`}
              withBorder
              padding="sm"
              data-testid="kb-search-item"
            >
              <Stack gap={6}>
                <Text fz="xs" c="dimmed">
                  {item.kind === 'note'
                    ? t('composer.ai.fromNote', { source: item.source })
                    : t('composer.ai.fromSource', { source: item.source })}
                </Text>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {item.text}
                </Text>
                <Group justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      onInsert({
                        text: item.text,
                        label: t('composer.ai.fromKnowledge', { source: item.source }),
                      });
                      onClose();
                    }}
                  >
                    {t('composer.ai.insertReply')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        <Text fz="xs" c="dimmed">
          {t('composer.ai.searchHelp')}
        </Text>
      </Stack>
    </Modal>
  );
}
