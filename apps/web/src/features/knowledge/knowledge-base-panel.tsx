import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconRefresh, IconTrash, IconUpload, IconWorldWww } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type TKnowledgeSource, ZKnowledgeUrlBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDate } from '../../app/format';
import { serverFieldErrors } from '../../app/forms';
import { errorText, validationText } from '../../app/i18n';
import { useAcc } from '../../app/session';
import { uploadFile } from '../../app/upload';
import { LoadError } from '../../ui/load-error';
import {
  knowledgeSourcesKey,
  UPLOAD_PATH,
  useAddFaq,
  useAddPage,
  useAsk,
  useKnowledgeSources,
  useRemoveSource,
  useRetrain,
} from './knowledge-api';

const STATUS_COLOR = { not_trained: 'gray', training: 'blue', trained: 'teal', failed: 'red' } as const;
const ACCEPT = '.pdf,.txt,.doc,.docx,.md';

/**
 * The account's knowledge base in the AI editor: sources with their training, upload, web pages,
 * FAQ pairs, test console.
 */
export function KnowledgeBasePanel() {
  const { t } = useTranslation('knowledge');
  const acc = useAcc();
  const sources = useKnowledgeSources(acc);
  return (
    <Card padding="lg" data-testid="knowledge-base">
      <Stack gap="md">
        <div>
          <Text fw={650}>{t('title')}</Text>
          <Text fz="sm" c="dimmed">
            {t('help')}
          </Text>
        </div>
        {sources.isError ? (
          <LoadError error={sources.error} />
        ) : (
          <SourcesTable items={sources.data?.items ?? []} loading={sources.isPending} />
        )}
        <UploadButton />
        <WebPageForm />
        <FaqForm />
        <TestConsole />
      </Stack>
    </Card>
  );
}

function SourcesTable({ items, loading }: { items: TKnowledgeSource[]; loading: boolean }) {
  const { t, i18n } = useTranslation('knowledge');
  const acc = useAcc();
  const retrain = useRetrain(acc);
  const remove = useRemoveSource(acc);
  if (loading) return null;
  if (items.length === 0)
    return (
      <Text fz="sm" c="dimmed" data-testid="no-sources">
        {t('empty')}
      </Text>
    );
  const settled = items.filter((s) => s.status === 'trained' || s.status === 'failed').length;
  return (
    <Stack gap="xs">
      {settled < items.length && (
        <Stack gap={4} data-testid="training-progress">
          <Text fz="xs" c="dimmed">
            {t('progress', { done: settled, total: items.length })}
          </Text>
          <Progress
            value={(settled / items.length) * 100}
            animated
            striped
            aria-label={t('progress', { done: settled, total: items.length })}
          />
        </Stack>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.name')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.size')}</Table.Th>
              <Table.Th>{t('columns.chunks')}</Table.Th>
              <Table.Th>{t('columns.trainedAt')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((s) => (
              <Table.Tr key={s._id} data-testid="source-row">
                <Table.Td>
                  <Text fz="sm" fw={500} lineClamp={1}>
                    {s.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {t(`kinds.${s.kind}`)}
                    {s.kind === 'file' && s.pages > 0 ? ` · ${t('pages', { count: s.pages })}` : ''}
                  </Text>
                  {s.kind === 'url' && s.url && s.url !== s.name && (
                    <Text fz="xs" c="dimmed" lineClamp={1} style={{ wordBreak: 'break-all' }}>
                      {s.url}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLOR[s.status]} tt="none">
                    {t(`status.${s.status}`)}
                  </Badge>
                  {s.status === 'failed' && s.errorCode && (
                    <Text fz="xs" c="red" mt={2}>
                      {t(`errors:${s.errorCode}`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatBytes(s.size, i18n.language)}</Table.Td>
                <Table.Td>{s.chunks}</Table.Td>
                <Table.Td>{s.trainedAt ? formatDate(s.trainedAt, i18n.language, true) : '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t('retrain')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('retrain')}
                        onClick={() => retrain.mutate(s._id)}
                      >
                        <IconRefresh size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('remove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('remove')}
                        onClick={() => remove.mutate(s._id)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function UploadButton() {
  const { t, i18n } = useTranslation('knowledge');
  const acc = useAcc();
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await uploadFile(UPLOAD_PATH, acc, file, setProgress, i18n.language).promise;
      await client.invalidateQueries({ queryKey: knowledgeSourcesKey(acc) });
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton onChange={pick} accept={ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} />}
              loading={progress !== null}
            >
              {t('upload')}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed">
          {t('uploadHelp')}
        </Text>
      </Group>
      {progress !== null && <Progress value={progress * 100} aria-label={t('uploading')} />}
      {error && (
        <Text fz="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A web page by its address: checked here (http/https), and by the server (public addresses only). */
function WebPageForm() {
  const { t } = useTranslation('knowledge');
  const acc = useAcc();
  const add = useAddPage(acc);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = ZKnowledgeUrlBody.shape.url.safeParse(url);
    if (!parsed.success) {
      setError(validationText(t, parsed.error.issues[0]?.message));
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => setUrl(''),
      onError: (e) => setError(serverFieldErrors(t, e).url ?? errorText(t, e)),
    });
  };
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Text fw={600} fz="sm">
        {t('page.title')}
      </Text>
      <TextInput
        inputMode="url"
        label={t('page.url')}
        placeholder={t('page.placeholder')}
        description={t('page.help')}
        value={url}
        error={error}
        onChange={(e) => {
          setUrl(e.currentTarget.value);
          if (error) setError(null);
        }}
      />
      <Group>
        <Button
          type="submit"
          variant="light"
          leftSection={<IconWorldWww size={16} />}
          loading={add.isPending}
          disabled={!url.trim()}
        >
          {t('page.add')}
        </Button>
      </Group>
    </Stack>
  );
}

function FaqForm() {
  const { t } = useTranslation('knowledge');
  const acc = useAcc();
  const add = useAddFaq(acc);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const submit = () =>
    add.mutate(
      { question, answer },
      {
        onSuccess: () => {
          setQuestion('');
          setAnswer('');
        },
      },
    );
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Text fw={600} fz="sm">
        {t('faq.title')}
      </Text>
      <TextInput
        label={t('faq.question')}
        value={question}
        onChange={(e) => setQuestion(e.currentTarget.value)}
      />
      <Textarea
        label={t('faq.answer')}
        autosize
        minRows={2}
        value={answer}
        onChange={(e) => setAnswer(e.currentTarget.value)}
      />
      {add.isError && (
        <Text fz="sm" c="red" role="alert">
          {errorText(t, add.error)}
        </Text>
      )}
      <Group>
        <Button
          type="submit"
          variant="light"
          loading={add.isPending}
          disabled={!question.trim() || !answer.trim()}
        >
          {t('faq.add')}
        </Button>
      </Group>
    </Stack>
  );
}

function TestConsole() {
  const { t } = useTranslation('knowledge');
  const acc = useAcc();
  const ask = useAsk(acc);
  const [question, setQuestion] = useState('');
  const result = ask.data;
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (question.trim()) ask.mutate(question);
      }}
    >
      <Text fw={600} fz="sm">
        {t('console.title')}
      </Text>
      <Group align="flex-end" gap="xs">
        <TextInput
          style={{ flex: 1 }}
          label={t('console.question')}
          value={question}
          onChange={(e) => setQuestion(e.currentTarget.value)}
        />
        <Button type="submit" loading={ask.isPending} disabled={!question.trim()}>
          {t('console.ask')}
        </Button>
      </Group>
      {ask.isError && (
        <Text fz="sm" c="red" role="alert">
          {errorText(t, ask.error)}
        </Text>
      )}
      {result && (
        <Stack gap="xs" data-testid="console-result">
          <Alert
            color={result.answer.kind === 'none' ? 'gray' : 'teal'}
            variant="light"
            title={t('console.answer')}
          >
            {result.answer.kind !== 'none' ? (
              <Stack gap={4}>
                <Badge variant="outline" tt="none" size="sm">
                  {t(result.answer.kind === 'generated' ? 'console.generated' : 'console.retrieved')}
                </Badge>
                <Text fz="sm">{result.answer.text}</Text>
                {result.answer.source && (
                  <Text fz="xs" c="dimmed">
                    {cite(t, result.answer.source)}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text fz="sm">{t('console.none')}</Text>
            )}
          </Alert>
          {result.passages.map((p) => (
            <Card
              key={`${p.sourceId}-${p.page}-${p.text.slice(0, 40)}`}
              withBorder
              padding="sm"
              data-testid="passage"
            >
              <Group justify="space-between" gap="xs">
                <Text fz="xs" c="dimmed">
                  {cite(t, p)}
                </Text>
                <Badge variant="light" tt="none" size="sm">
                  {t('console.score', { score: p.score.toFixed(3) })}
                </Badge>
              </Group>
              <Text fz="sm" mt={4}>
                {p.text}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function cite(
  t: ReturnType<typeof useTranslation>['t'],
  s: { sourceName: string; page: number | null; section: string | null },
) {
  return [s.sourceName, s.page ? t('pageN', { page: s.page }) : null, s.section].filter(Boolean).join(' · ');
}
