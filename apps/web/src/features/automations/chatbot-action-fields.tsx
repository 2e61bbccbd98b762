import { Select, Stack, Text } from '@mantine/core';
import type { TAutomationAction } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useAcc } from '../../app/session';
import { useChatbots } from '../chatbots/chatbots-api';

type TChatbotAction = Extract<TAutomationAction, { type: 'start_chatbot' }>;

/**
 * "Start a chatbot": one of the account's published bots. The conversation leaves the queue and
 * the bot answers from its start (the chatbots' hand-back); one a bot already has is left as is.
 */
export function ChatbotActionFields({
  action: a,
  errors,
  prefix,
  onChange,
}: {
  action: TChatbotAction;
  errors: Record<string, string>;
  prefix: string;
  onChange: (a: TChatbotAction) => void;
}) {
  const { t } = useTranslation('automations');
  const acc = useAcc();
  const bots = useChatbots(acc);
  const published = (bots.data ?? []).filter((b) => b.status === 'published');
  // A bot chosen before keeps its place in the list: by name when it is only unpublished.
  const data = published.map((b) => ({ value: b._id, label: b.name }));
  const unpublished = (bots.data ?? []).find((b) => b._id === a.chatbotId && b.status !== 'published');
  if (a.chatbotId && !data.some((d) => d.value === a.chatbotId))
    data.push({
      value: a.chatbotId,
      label: unpublished
        ? t('builder.chatbotUnpublished', { name: unpublished.name })
        : t('builder.chooseChatbot'),
    });
  return (
    <Stack gap="xs" data-testid="chatbot-action">
      <Select
        aria-label={t('actions.start_chatbot')}
        placeholder={t('builder.chooseChatbot')}
        data={data}
        value={a.chatbotId || null}
        onChange={(v) => onChange({ ...a, chatbotId: v ?? '' })}
        error={errors[`${prefix}.chatbotId`]}
        nothingFoundMessage={t('builder.noChatbots')}
        searchable
        w="100%"
        maw={420}
        comboboxProps={{ withinPortal: true }}
      />
      {unpublished ? (
        <Text fz="xs" c="red.7" maw={560}>
          {t('builder.chatbotUnpublishedHelp')}
        </Text>
      ) : (
        <Text fz="xs" c="dimmed" maw={560}>
          {published.length === 0 && !bots.isLoading ? t('builder.noChatbots') : t('builder.chatbotHelp')}
        </Text>
      )}
    </Stack>
  );
}
