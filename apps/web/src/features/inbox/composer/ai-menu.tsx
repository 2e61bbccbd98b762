import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconBook, IconBulb, IconLanguage, IconNotes, IconSparkles, IconWand } from '@tabler/icons-react';
import type { TInboxAiSuggestion, TLang } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { useKeptWhileClosing } from '../../../ui/use-kept-while-closing';
import { inboxAiApi, useInboxAiStatus } from '../../ai/ai-api';
import { KnowledgeSearchModal } from './knowledge-search-modal';

export interface TAiInsert {
  /** The composer's new text (the operator edits it; nothing is sent). */
  text: string;
  /** Where it came from, shown above the text box until it is sent. */
  label: string;
  /** A private-note draft (the summary). */
  note?: boolean;
}

type TAction = 'suggest' | 'summary' | 'improve' | 'translate';

/**
 * The composer's AI button (hidden when the account has AI off): suggest a reply, summarise the
 * conversation (shown first, then inserted as a note draft), improve or translate the draft, and
 * search the knowledge base in the operator's own words.
 * Without a model only suggestions (found texts, labelled) are offered; the menu says why.
 */
export function AiMenu({
  acc,
  conversationId,
  draft,
  onInsert,
}: {
  acc: string;
  conversationId: string;
  draft: string;
  onInsert: (insert: TAiInsert) => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const status = useInboxAiStatus(acc);
  const [busy, setBusy] = useState<TAction | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  // Closing clears the summary: its text stays while the dialog fades out.
  const shownSummary = useKeptWhileClosing(summary);
  const [opened, setOpened] = useState(false);
  const [searching, setSearching] = useState(false);
  if (!status.data?.enabled) return null;
  const model = status.data.model;
  const hasDraft = draft.trim().length > 0;
  const other: TLang = i18n.language === 'en' ? 'pt-BR' : 'en';

  const run = async (action: TAction, call: () => Promise<void>) => {
    setBusy(action);
    try {
      await call();
    } catch (err) {
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) });
    } finally {
      setBusy(null);
    }
  };

  const suggest = () =>
    run('suggest', async () => {
      const s = await inboxAiApi.suggest(acc, conversationId);
      if (s.kind === 'none') {
        notify({ color: 'gray', message: (t) => t('inbox:composer.ai.nothingFound') });
        return;
      }
      onInsert({ text: hasDraft ? `${draft.trimEnd()}\n${s.text}` : s.text, label: suggestionLabel(t, s) });
    });
  const summarise = () =>
    run('summary', async () => setSummary((await inboxAiApi.summary(acc, conversationId)).text));
  const improve = () =>
    run('improve', async () => {
      const { text } = await inboxAiApi.improve(acc, draft);
      onInsert({ text, label: t('composer.ai.improvedLabel') });
    });
  const translate = (to: TLang) =>
    run('translate', async () => {
      const { text } = await inboxAiApi.translate(acc, draft, to);
      onInsert({ text, label: t('composer.ai.translatedLabel', { lang: t(`composer.ai.lang.${to}`) }) });
    });

  return (
    <>
      <Menu
        position="top-start"
        width={300}
        hideDetached={false}
        withInitialFocusPlaceholder={false}
        opened={opened}
        onChange={setOpened}
      >
        <Menu.Target>
          <Tooltip
            label={model ? t('composer.ai.button') : t('composer.ai.buttonNoModel')}
            multiline
            w={260}
            disabled={opened}
          >
            <ActionIcon
              variant="subtle"
              color="violet"
              size="lg"
              aria-label={t('composer.ai.button')}
              loading={busy !== null}
            >
              <IconSparkles size={20} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconBulb size={16} />} onClick={suggest}>
            {t('composer.ai.suggest')}
          </Menu.Item>
          <Menu.Item leftSection={<IconBook size={16} />} onClick={() => setSearching(true)}>
            {t('composer.ai.search')}
          </Menu.Item>
          {model ? (
            <>
              <Menu.Item leftSection={<IconNotes size={16} />} onClick={summarise}>
                {t('composer.ai.summarise')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Label>{hasDraft ? t('composer.ai.draft') : t('composer.ai.draftEmpty')}</Menu.Label>
              <Menu.Item leftSection={<IconWand size={16} />} disabled={!hasDraft} onClick={improve}>
                {t('composer.ai.improve')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconLanguage size={16} />}
                disabled={!hasDraft}
                onClick={() => translate(other)}
              >
                {t('composer.ai.translate', { lang: t(`composer.ai.lang.${other}`) })}
              </Menu.Item>
            </>
          ) : (
            <Text fz="xs" c="dimmed" px="sm" py={6} data-testid="ai-no-model">
              {t('composer.ai.noModel')}
            </Text>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={summary !== null}
        onClose={() => setSummary(null)}
        title={t('composer.ai.summaryTitle')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ai-summary">
            {shownSummary}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('composer.ai.summaryHelp')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSummary(null)}>
              {t('common:cancel')}
            </Button>
            <Button
              onClick={() => {
                onInsert({ text: summary ?? '', label: t('composer.ai.summaryLabel'), note: true });
                setSummary(null);
              }}
            >
              {t('composer.ai.insertNote')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <KnowledgeSearchModal
        acc={acc}
        opened={searching}
        onClose={() => setSearching(false)}
        onInsert={onInsert}
      />
    </>
  );
}

function suggestionLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  s: TInboxAiSuggestion,
) {
  if (s.kind === 'quick_message') return t('composer.ai.fromQuick', { shortcut: s.source });
  if (s.kind === 'knowledge') return t('composer.ai.fromKnowledge', { source: s.source });
  return t('composer.ai.generatedLabel');
}
