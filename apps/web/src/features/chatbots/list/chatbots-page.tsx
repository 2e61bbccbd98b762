import { useState } from 'react';
import { Alert, Button, Card, Stack, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconRobot } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TChatbot } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAcc, useSession } from '../../../app/session';
import { useAccLink } from '../../../app/shell/use-acc-link';
import { notify } from '../../../app/notify';
import { useChannels } from '../../settings/settings-api';
import { CardSkeleton } from '../../../ui/card-skeleton';
import { ConfirmDelete } from '../../../ui/confirm-modal';
import { EmptyCard } from '../../../ui/empty-state';
import { LoadError } from '../../../ui/load-error';
import { PageHeader } from '../../../ui/page-header';
import { chatbotsApi, chatbotsKey, useChatbotAction, useChatbots } from '../chatbots-api';
import { chatbotErrorText } from '../chatbot-errors';
import { createPath } from '../chatbot-paths';
import { ChatbotTypeModal } from './chatbot-type-modal';
import { ChatbotsTable } from './chatbots-table';

/** /apps/chatbots (admins): the account's bots — create, edit, publish, duplicate, delete. */
export function ChatbotsPage() {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const link = useAccLink();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useChatbots(acc);
  const channels = useChannels(acc);
  const [picking, setPicking] = useState(false);
  const [deleting, setDeleting] = useState<TChatbot | null>(null);
  const action = useChatbotAction(acc, {
    onSuccess: (bot, { action: done }) => {
      notify({ color: 'green', message: (t) => t(`chatbots:list.done.${done}`, { name: bot.name }) });
    },
    onError: (error) => notify({ color: 'red', message: (t) => chatbotErrorText(t, error) }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatbotsKey(acc) });
  const plan = useSession().account?.plan;
  const limit = plan?.planParameters?.chatbots;
  // The plan's bots all exist: say so before the creation form, not after it (the server refuses
  // a new one with CHATBOT_LIMIT_REACHED).
  const full = limit !== undefined && list.data !== undefined && list.data.length >= limit;
  const limitText = full ? t('list.limitReached', { count: limit, plan: plan?.title }) : '';
  const create = full ? (
    <Tooltip label={limitText} multiline w={280} withArrow>
      <Button
        leftSection={<IconPlus size={16} />}
        data-disabled
        aria-disabled
        aria-describedby="chatbots-limit"
        onClick={(event) => event.preventDefault()}
      >
        {t('list.new')}
      </Button>
    </Tooltip>
  ) : (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setPicking(true)}>
      {t('list.new')}
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader title={t('list.title')} description={t('list.subtitle')} actions={create} />
      {full && (
        <Alert
          id="chatbots-limit"
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          data-testid="chatbots-limit"
        >
          {limitText}
        </Alert>
      )}
      {list.isPending ? (
        <CardSkeleton rows={3} />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : list.data.length === 0 ? (
        <EmptyCard
          testId="chatbots-empty"
          icon={<IconRobot size={40} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={t('list.emptyTitle')}
          text={t('list.empty')}
          maw={520}
          action={
            <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={() => setPicking(true)}>
              {t('list.new')}
            </Button>
          }
        />
      ) : (
        <Card padding={0}>
          <ChatbotsTable
            bots={list.data}
            channels={channels.data ?? []}
            busyId={action.isPending ? action.variables?.chatbot._id : undefined}
            full={full}
            onAction={(a, chatbot) => action.mutate({ action: a, chatbot })}
            onDelete={setDeleting}
          />
        </Card>
      )}
      <ChatbotTypeModal
        opened={picking}
        onClose={() => setPicking(false)}
        onPick={(type) => {
          setPicking(false);
          void navigate(link(createPath(type)));
        }}
      />
      <ConfirmDelete
        item={deleting}
        title={t('list.deleteTitle')}
        message={t('list.deleteConfirm', { name: deleting?.name })}
        confirm={t('list.delete')}
        onClose={() => setDeleting(null)}
        remove={async (bot) => {
          await chatbotsApi.remove(acc, bot._id);
          return (t) => t('chatbots:list.deleted', { name: bot.name });
        }}
        onDeleted={refresh}
      />
    </Stack>
  );
}
