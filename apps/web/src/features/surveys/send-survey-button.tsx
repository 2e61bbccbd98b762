import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import type { TConversation } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAcc } from '../../app/session';
import { useSendSurvey } from './surveys-api';

/** The conversation header's "send satisfaction survey" (by hand; the server applies the settings). */
export function SendSurveyButton({ conversation }: { conversation: TConversation }) {
  const { t } = useTranslation('surveys');
  const acc = useAcc();
  const send = useSendSurvey(acc, conversation._id);
  if (!conversation.channelId || conversation.stage === 'flow') return null;
  const onClick = () =>
    send.mutate(undefined, {
      onSuccess: (survey) =>
        notify({
          color: survey.status === 'sent' ? 'green' : 'yellow',
          message: (t) =>
            t(
              survey.status === 'sent'
                ? 'surveys:inbox.sent'
                : survey.notSentReason === 'window_closed'
                  ? 'surveys:inbox.windowClosed'
                  : `surveys:inbox.status.${survey.status}`,
            ),
        }),
      onError: (err) =>
        notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
    });
  return (
    <Tooltip label={t('inbox.send')}>
      <ActionIcon
        size={36}
        variant="default"
        aria-label={t('inbox.send')}
        loading={send.isPending}
        onClick={onClick}
        data-testid="send-survey"
      >
        <IconMoodSmile size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
