import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconRestore } from '@tabler/icons-react';
import { AI_LIMITS, type TAiPromptKind, type TAiSettings, type TAiSettingsBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { formatMonth } from '../../app/format';
import { notify } from '../../app/notify';
import { CardSkeleton } from '../../ui/card-skeleton';
import { LoadError } from '../../ui/load-error';
import { SaveBar } from '../../ui/save-bar';
import { FormCard } from '../../ui/section-heading';
import { AiNotesCard } from './ai-notes-card';
import { useAiSettings, useSaveAiSettings } from './ai-api';

type TPrompts = Record<TAiPromptKind, string>;
const KINDS: TAiPromptKind[] = ['inbox', 'assistant'];
const FIELD = { inbox: 'inboxPrompt', assistant: 'assistantPrompt' } as const;

/** The body to save: a prompt equal to the default is stored as "use the default" (null). */
export function promptsBody(form: TPrompts, settings: TAiSettings): TAiSettingsBody {
  const body: TAiSettingsBody = {};
  for (const kind of KINDS) {
    const text = form[kind].trim();
    body[FIELD[kind]] = text === settings.prompts[kind].default ? null : text;
  }
  return body;
}

/** Settings → AI (admins): the prompts, the provider's status, this month's usage and the knowledge notes. */
export function AiSettingsTab({ acc }: { acc: string }) {
  const { t, i18n } = useTranslation('settings');
  const settings = useAiSettings(acc);
  const save = useSaveAiSettings(acc);
  const [form, setForm] = useState<TPrompts | null>(null);
  const [errors, setErrors] = useState<Partial<TPrompts>>({});

  // The saved prompts (after loading, saving, or a change of language: the defaults are in it).
  useEffect(() => {
    const s = settings.data;
    if (s) setForm({ inbox: s.prompts.inbox.text, assistant: s.prompts.assistant.text });
  }, [settings.data]);

  if (settings.isError) return <LoadError error={settings.error} />;
  if (!settings.data || !form) return <CardSkeleton rows={6} />;
  const data = settings.data;

  const submit = () => {
    const found: Partial<TPrompts> = {};
    for (const kind of KINDS) {
      const length = form[kind].trim().length;
      if (length === 0) found[kind] = t('validation:required');
      else if (length > AI_LIMITS.promptMax) found[kind] = t('ai.tooLong', { max: AI_LIMITS.promptMax });
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(promptsBody(form, data), {
      onSuccess: () => notify({ color: 'green', message: (t) => t('settings:saved') }),
      onError: (err) =>
        notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
    });
  };

  return (
    <Stack gap="lg">
      {(!data.aiEnable || !data.assistantEnable) && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('ai.offTitle')}>
          {t('ai.offText')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card padding="lg" data-testid="ai-provider">
          <Title order={2} fz="lg" mb={4}>
            {t('ai.providerTitle')}
          </Title>
          <Group gap="xs" mb="xs">
            <Badge color={data.provider.kind === 'openai' ? 'green' : 'gray'} variant="light">
              {data.provider.kind === 'openai' ? t('ai.providerModel') : t('ai.providerBuiltIn')}
            </Badge>
            {data.provider.kind === 'openai' && (
              <Text fz="sm" fw={600}>
                {data.provider.model}
              </Text>
            )}
          </Group>
          <Text fz="sm" c="dimmed">
            {data.provider.kind === 'openai' ? t('ai.providerModelHelp') : t('ai.providerBuiltInHelp')}
          </Text>
        </Card>
        <Card padding="lg" data-testid="ai-usage">
          <Title order={2} fz="lg" mb={4}>
            {t('ai.usageTitle', { month: formatMonth(data.usage.month, i18n.language) })}
          </Title>
          <Group gap="xl">
            <Stack gap={0}>
              <Text fz={28} fw={700}>
                {data.usage.requests.toLocaleString()}
              </Text>
              <Text fz="sm" c="dimmed">
                {t('ai.requests')}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text fz={28} fw={700}>
                {data.provider.kind === 'openai' ? data.usage.tokens.toLocaleString() : '—'}
              </Text>
              <Text fz="sm" c="dimmed">
                {data.provider.kind === 'openai' ? t('ai.tokens') : t('ai.noTokens')}
              </Text>
            </Stack>
          </Group>
        </Card>
      </SimpleGrid>
      <FormCard title={t('ai.promptsTitle')} description={t('ai.promptsDescription')}>
        <Stack gap="md">
          {KINDS.map((kind) => (
            <Stack key={kind} gap={4}>
              <Textarea
                label={t(`ai.prompt.${kind}`)}
                description={t(`ai.prompt.${kind}Help`)}
                value={form[kind]}
                error={errors[kind]}
                autosize
                minRows={4}
                maxRows={12}
                onChange={(e) => setForm({ ...form, [kind]: e.currentTarget.value })}
              />
              <Group justify="space-between">
                <Text fz="xs" c="dimmed">
                  {form[kind].trim() === data.prompts[kind].default
                    ? t('ai.usingDefault')
                    : t('ai.usingCustom')}
                </Text>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconRestore size={14} />}
                  disabled={form[kind].trim() === data.prompts[kind].default}
                  onClick={() => setForm({ ...form, [kind]: data.prompts[kind].default })}
                >
                  {t('ai.restore')}
                </Button>
              </Group>
            </Stack>
          ))}
        </Stack>
      </FormCard>
      <SaveBar onSave={submit} saving={save.isPending} />
      <AiNotesCard acc={acc} />
    </Stack>
  );
}
