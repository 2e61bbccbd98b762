import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconGitBranch, IconInfoCircle, IconRocket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TChatbot, TChatbotDetail } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { notify } from '../../../app/notify';
import { useAcc, useSession } from '../../../app/session';
import { useAccLink } from '../../../app/shell/use-acc-link';
import { LoadError } from '../../../ui/load-error';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { FaqHelpLink } from '../../faq/faq-link';
import { KnowledgeBasePanel } from '../../knowledge/knowledge-base-panel';
import { BotBasicsForm } from '../editor/bot-settings-modal';
import { chatbotErrorText } from '../chatbot-errors';
import { chatbotKey, chatbotsApi, chatbotsKey, useChatbot } from '../chatbots-api';
import { chatPagePath, createPath, editPath, flowPath, LIST_PATH } from '../chatbot-paths';
import { StatusBadge } from '../list/chatbots-table';
import { AiSettingsForm } from './ai-settings-form';

/**
 * /apps/chatbot-ai/{chatbot_id?}, /apps/chatbot/edit/ai/{chatbot_id} and
 * /apps/chatbot/edit/hybrid/{chatbot_id}: an AI or hybrid bot's basic data. Its AI answers
 * (knowledge base, instructions, training) are configured in the AI editor; a hybrid bot's flow in
 * the flow editor. Without an id: create an AI bot.
 */
export function AiBotPage() {
  const { chatbot_id: id } = useParams();
  if (!id) return <Navigate to={createPath('ai')} replace />;
  return <AiBot id={id} />;
}

function AiBot({ id }: { id: string }) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const link = useAccLink();
  const queryClient = useQueryClient();
  const detail = useChatbot(acc, id);
  const aiEnabled = useSession().account?.acc.aiEnable !== false;
  const [publishing, setPublishing] = useState(false);
  if (detail.isPending) return <PageLoader />;
  if (detail.isError) return <LoadError error={detail.error} />;
  const bot = detail.data.chatbot;
  if (bot.type === 'flow' || bot.type === 'chatpage')
    return <Navigate to={link(editPath(bot.type, bot._id))} replace />;
  const update = (next: TChatbot) => {
    queryClient.setQueryData(chatbotKey(acc, id), (d: TChatbotDetail | undefined) =>
      d ? { ...d, chatbot: next } : d,
    );
    void queryClient.invalidateQueries({ queryKey: chatbotsKey(acc), exact: true });
  };
  const saved = (next: TChatbot) => {
    update(next);
    notify({ color: 'green', message: (t) => t('chatbots:settings.saved') });
  };
  // The flow editor's publishing: the same call, and the same toasts.
  const publish = async () => {
    setPublishing(true);
    try {
      update(await chatbotsApi.publish(acc, bot._id));
      notify({ color: 'green', message: (t) => t('chatbots:list.done.publish', { name: bot.name }) });
    } catch (error) {
      notify({ color: 'red', message: (t) => chatbotErrorText(t, error) });
    } finally {
      setPublishing(false);
    }
  };
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title={bot.name}
        description={t(`typeHelp.${bot.type}`)}
        actions={
          <Group gap="xs">
            <StatusBadge bot={bot} />
            <Badge variant="light" color="violet" tt="none" data-testid="training-state">
              {t(`training.${bot.trainingState ?? 'not_trained'}`)}
            </Badge>
            <Button
              leftSection={<IconRocket size={16} />}
              onClick={() => void publish()}
              loading={publishing}
              data-testid="publish-button"
            >
              {bot.status === 'published' ? t('editor.publishAgain') : t('list.publish')}
            </Button>
          </Group>
        }
      />
      {!aiEnabled && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={t('aiSettings.offTitle')}
          data-testid="ai-off"
        >
          {t('aiSettings.offText')}
        </Alert>
      )}
      <Alert color="blue" variant="default" icon={<IconInfoCircle size={18} />} data-testid="ai-note">
        <Text fz="sm">{t(bot.type === 'hybrid' ? 'ai.hybridEditorNote' : 'ai.editorNote')}</Text>
        <FaqHelpLink />
      </Alert>
      {bot.type === 'hybrid' && (
        <Card padding="lg">
          <Group justify="space-between">
            <div>
              <Text fw={650}>{t('ai.flowTitle')}</Text>
              <Text fz="sm" c="dimmed">
                {t('ai.flowHelp')}
              </Text>
            </div>
            <Button
              component={Link}
              to={link(flowPath('hybrid', bot._id))}
              leftSection={<IconGitBranch size={16} />}
            >
              {t('ai.openFlow')}
            </Button>
          </Group>
        </Card>
      )}
      <Card padding="lg">
        <Text fw={650} mb="sm">
          {t('ai.basics')}
        </Text>
        <BotBasicsForm key={bot.updatedAt} chatbot={bot} onSaved={saved} />
      </Card>
      <AiSettingsForm key={`ai-${bot.updatedAt}`} chatbot={bot} onSaved={saved} />
      <KnowledgeBasePanel />
      <Group justify="space-between">
        <Anchor component={Link} to={link(LIST_PATH)} fz="sm">
          {t('create.back')}
        </Anchor>
        <Anchor component={Link} to={link(chatPagePath(bot._id))} fz="sm">
          {t('list.chatPage')}
        </Anchor>
      </Group>
    </Stack>
  );
}
