import { Anchor, Button, Card, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CHATBOT_LIMITS, CHATBOT_TYPES, type TChatbotType, ZChatbotCreateBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useState } from 'react';
import { ApiError } from '../../../app/api-client';
import { serverFieldErrors, zodValidator } from '../../../app/forms';
import { useAcc } from '../../../app/session';
import { useAccLink } from '../../../app/shell/use-acc-link';
import { FormFailure } from '../../../ui/form-modal';
import { LoadError } from '../../../ui/load-error';
import { PageHeader } from '../../../ui/page-header';
import { useChannels } from '../../settings/settings-api';
import { useCreateChatbot, useChatbotTemplates } from '../chatbots-api';
import { chatbotErrorText } from '../chatbot-errors';
import { createPath, editPath, hasFlow, LIST_PATH } from '../chatbot-paths';
import { BLANK, TemplateGallery } from './template-gallery';

type TValues = { name: string; channelIds: string[] };

/**
 * /apps/chatbot/create/{chatbotType}/{template_id?}: the new bot's name and channels, started blank
 * or from a gallery template; creating opens its editor.
 */
export function ChatbotCreatePage() {
  const { chatbotType, template_id: templateId } = useParams();
  const type = CHATBOT_TYPES.find((k) => k === chatbotType);
  if (!type) return <Navigate to={LIST_PATH} replace />;
  return <CreateForm type={type} templateId={templateId ?? BLANK} />;
}

function CreateForm({ type, templateId }: { type: TChatbotType; templateId: string }) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const link = useAccLink();
  const navigate = useNavigate();
  const channels = useChannels(acc);
  const templates = useChatbotTemplates(acc);
  const form = useForm<TValues>({
    initialValues: { name: '', channelIds: [] },
    validate: zodValidator<TValues>(ZChatbotCreateBody, t, (v) => ({ ...v, type })),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateChatbot(acc, {
    onSuccess: async (bot) => {
      await navigate(link(editPath(bot.type, bot._id)));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length) form.setErrors(serverFieldErrors(t, error));
      else setFailure(chatbotErrorText(t, error));
    },
  });
  const ofType = (templates.data ?? []).filter((tpl) => tpl.type === type);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate({
      name: values.name.trim(),
      type,
      channelIds: values.channelIds,
      templateId: templateId === BLANK ? null : templateId,
    });
  });

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={t('create.title', { type: t(`types.${type}`) })}
        description={t(`typeHelp.${type}`)}
      />
      <Card padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormFailure failure={failure} />
            <TextInput
              label={t('create.name')}
              placeholder={t('create.namePlaceholder')}
              maxLength={CHATBOT_LIMITS.nameMax}
              withAsterisk
              data-autofocus
              {...form.getInputProps('name')}
            />
            <MultiSelect
              label={t('create.channels')}
              description={t('create.channelsHelp')}
              placeholder={form.values.channelIds.length ? undefined : t('create.channelsPlaceholder')}
              data={(channels.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              nothingFoundMessage={t('create.noChannels')}
              searchable
              clearable
              comboboxProps={{ position: 'bottom', middlewares: { flip: false, shift: false } }}
              {...form.getInputProps('channelIds')}
            />
            {hasFlow(type) &&
              (templates.isError ? (
                <LoadError error={templates.error} />
              ) : (
                <TemplateGallery
                  templates={ofType}
                  value={ofType.some((tpl) => tpl.id === templateId) ? templateId : BLANK}
                  onChange={(id) =>
                    navigate(link(createPath(type, id === BLANK ? null : id)), { replace: true })
                  }
                />
              ))}
            {!hasFlow(type) && (
              <Text fz="sm" c="dimmed">
                {t('ai.createNote')}
              </Text>
            )}
            <Group justify="space-between" mt="sm">
              <Anchor component={Link} to={link(LIST_PATH)} fz="sm">
                {t('create.back')}
              </Anchor>
              <Button type="submit" loading={create.isPending} data-testid="chatbot-create-submit">
                {hasFlow(type) ? t('create.submitFlow') : t('create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
