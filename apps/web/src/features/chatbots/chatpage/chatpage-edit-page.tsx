import { useEffect } from 'react';
import {
  Anchor,
  Button,
  Card,
  ColorInput,
  Grid,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type TChatPage, type TChatPageBody, ZChatPageBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFormSave, zodValidator } from '../../../app/forms';
import { notify } from '../../../app/notify';
import { useAcc } from '../../../app/session';
import { useAccLink } from '../../../app/shell/use-acc-link';
import { FormFailure } from '../../../ui/form-modal';
import { LoadError } from '../../../ui/load-error';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { CopyField, CopySnippet } from '../../settings/channels/copy-field';
import { chatbotsApi, chatPageKey, useChatbot, useChatPage } from '../chatbots-api';
import { editPath } from '../chatbot-paths';
import { ChatPagePreview } from './chatpage-preview';

/** A slug from a bot's name: "Atendimento Loja" → "atendimento-loja". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return slug.length >= 3 ? slug : `${slug || 'chat'}-page`;
}

const origin = () => (typeof window === 'undefined' ? '' : window.location.origin);
export const widgetSnippet = (slug: string) => `<script src="${origin()}/widget/${slug}.js" async></script>`;

/**
 * /apps/chatpage/edit/{chatbot_id}: the bot's public chat page — address (slug), title, avatar,
 * colours, welcome text — with a preview, the address to share and the snippet to embed it.
 */
export function ChatPageEditPage() {
  const { chatbot_id: id = '' } = useParams();
  const acc = useAcc();
  const bot = useChatbot(acc, id);
  const page = useChatPage(acc, id);
  if (bot.isPending || page.isPending) return <PageLoader />;
  if (bot.isError) return <LoadError error={bot.error} />;
  if (page.isError) return <LoadError error={page.error} />;
  return (
    <ChatPageForm botName={bot.data.chatbot.name} botType={bot.data.chatbot.type} id={id} page={page.data} />
  );
}

function ChatPageForm({
  id,
  botName,
  botType,
  page,
}: {
  id: string;
  botName: string;
  botType: Parameters<typeof editPath>[0];
  page: TChatPage | null;
}) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const link = useAccLink();
  const queryClient = useQueryClient();
  const form = useForm<TChatPageBody>({
    initialValues: {
      slug: page?.slug ?? slugOf(botName),
      title: page?.title ?? botName,
      avatarUrl: page?.avatarUrl ?? '',
      colors: page?.colors ?? { primary: '#1971c2', background: '#ffffff' },
      welcomeText: page?.welcomeText ?? '',
    },
    validate: zodValidator<TChatPageBody>(ZChatPageBody, t),
  });
  const { saving, failure, save } = useFormSave(form, t, { fieldOf: { CHATPAGE_SLUG_IN_USE: 'slug' } });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a saved page resets the form's baseline
  useEffect(() => form.resetDirty(), [page]);
  const submit = form.onSubmit((values) =>
    save(async () => {
      const saved = await chatbotsApi.saveChatPage(
        acc,
        id,
        ZChatPageBody.parse({ ...values, avatarUrl: values.avatarUrl || null }),
      );
      queryClient.setQueryData(chatPageKey(acc, id), saved);
      notify({ color: 'green', message: (t) => t('chatbots:chatpage.saved') });
    }),
  );
  const url = page ? `${origin()}${page.url}` : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('chatpage.title', { name: botName })}
        description={t('chatpage.subtitle')}
        actions={
          <Anchor component={Link} to={link(editPath(botType, id))} fz="sm">
            {t('chatpage.backToBot')}
          </Anchor>
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card padding="lg">
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <FormFailure failure={failure} />
                <TextInput
                  label={t('chatpage.slug')}
                  description={t('chatpage.slugHelp')}
                  leftSection={
                    <Text fz="xs" c="dimmed">
                      /chat/
                    </Text>
                  }
                  leftSectionWidth={52}
                  maxLength={50}
                  withAsterisk
                  {...form.getInputProps('slug')}
                  onChange={(e) =>
                    form.setFieldValue('slug', e.currentTarget.value.toLowerCase().replace(/\s+/g, '-'))
                  }
                />
                <TextInput label={t('chatpage.pageTitle')} maxLength={100} {...form.getInputProps('title')} />
                <TextInput
                  label={t('chatpage.avatar')}
                  description={t('chatpage.avatarHelp')}
                  placeholder="https://"
                  {...form.getInputProps('avatarUrl')}
                  value={form.values.avatarUrl ?? ''}
                />
                <Group grow>
                  <ColorInput
                    label={t('chatpage.primary')}
                    format="hex"
                    eyeDropperButtonProps={{ 'aria-label': t('chatpage.eyeDropper') }}
                    {...form.getInputProps('colors.primary')}
                  />
                  <ColorInput
                    label={t('chatpage.background')}
                    format="hex"
                    eyeDropperButtonProps={{ 'aria-label': t('chatpage.eyeDropper') }}
                    {...form.getInputProps('colors.background')}
                  />
                </Group>
                <Textarea
                  label={t('chatpage.welcome')}
                  description={t('chatpage.welcomeHelp')}
                  autosize
                  minRows={3}
                  maxLength={1000}
                  {...form.getInputProps('welcomeText')}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={saving} data-testid="chatpage-save">
                    {page ? t('chatpage.save') : t('chatpage.create')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <ChatPagePreview page={form.values} fallbackTitle={botName} />
            {url && page ? (
              <Card padding="lg" data-testid="chatpage-links">
                <Stack gap="sm">
                  <CopyField label={t('chatpage.address')} value={url} testId="chatpage-url" />
                  <Anchor href={url} target="_blank" rel="noopener" fz="sm">
                    <IconExternalLink size={14} style={{ verticalAlign: -2 }} aria-hidden />{' '}
                    {t('chatpage.open')}
                  </Anchor>
                  <CopySnippet
                    label={t('chatpage.embed')}
                    value={widgetSnippet(page.slug)}
                    testId="chatpage-snippet"
                  />
                  <Text fz="xs" c="dimmed">
                    {t('chatpage.embedHelp')}
                  </Text>
                </Stack>
              </Card>
            ) : (
              <Text fz="sm" c="dimmed">
                {t('chatpage.notYet')}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
