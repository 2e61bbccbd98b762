import { ActionIcon, Avatar, Badge, Button, Group, Text, Title, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowsExchange,
  IconCircleCheck,
  IconArrowBackUp,
  IconPlayerPause,
  IconPlayerPlay,
  IconLayoutSidebarRight,
  IconUserCheck,
} from '@tabler/icons-react';
import type { TConversation } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../app/shell/user-menu';
import { ChannelIcon, operatorName, useInbox } from '../inbox-context';
import { CHANNEL_KIND_KEYS, avatarColor } from '../data/inbox-format';
import type { allowedActions } from './use-conversation-actions';
import classes from '../inbox.module.css';
import { SendSurveyButton } from '../../surveys/send-survey-button';

const STAGE_COLORS = {
  flow: 'violet',
  waiting: 'orange',
  attendance: 'brand',
  hold: 'yellow',
  closed: 'gray',
} as const;

/** Contact, channel, stage and assignee, with the actions the member may take. */
export function ConversationHeader({
  conversation: c,
  allowed,
  busy,
  onBack,
  onTake,
  onTransfer,
  onClose,
  onReopen,
  onHold,
  onResume,
  onToggleContact,
}: {
  conversation: TConversation;
  allowed: ReturnType<typeof allowedActions>;
  busy: { take: boolean; reopen: boolean; resume: boolean };
  onBack: () => void;
  onTake: () => void;
  onTransfer: () => void;
  onClose: () => void;
  onReopen: () => void;
  onHold: () => void;
  onResume: () => void;
  onToggleContact?: () => void;
}) {
  const { t } = useTranslation('inbox');
  const { data } = useInbox();
  const name = c.contact.name || c.contact.phone || t('unknownContact');
  const channel = data.channels.find((ch) => ch._id === c.channelId);
  const assignee = operatorName(data, c.assigneeId);
  return (
    <header className={classes.header}>
      <ActionIcon
        variant="subtle"
        color="gray"
        hiddenFrom="sm"
        aria-label={t('conversation.back')}
        onClick={onBack}
      >
        <IconArrowLeft size={20} />
      </ActionIcon>
      <Avatar
        variant="filled"
        color={avatarColor(name)}
        radius="xl"
        src={c.contact.profilePic || undefined}
        alt=""
      >
        {initials(name)}
      </Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Title order={2} fz="md" className={classes.ellipsis} data-testid="conversation-title">
          {name}
        </Title>
        <Group gap={6} wrap="nowrap">
          <ChannelIcon kind={c.channelKind} />
          <Text fz="xs" c="dimmed" className={classes.ellipsis}>
            {channel?.name ?? (c.channelKind ? t(CHANNEL_KIND_KEYS[c.channelKind]) : '')}
          </Text>
          <Badge
            size="xs"
            variant="light"
            color={STAGE_COLORS[c.stage]}
            style={{ flexShrink: 0 }}
            data-testid="conversation-stage"
          >
            {t(`stages.${c.stage}`)}
          </Badge>
          <Text fz="xs" c="dimmed" className={classes.ellipsis} visibleFrom="md">
            {assignee ? t('list.assignee', { name: assignee }) : t('list.noAssignee')}
          </Text>
        </Group>
      </div>
      <Group gap={6} wrap="nowrap">
        {allowed.take && (
          <Button size="sm" leftSection={<IconUserCheck size={16} />} loading={busy.take} onClick={onTake}>
            {t('actions.take')}
          </Button>
        )}
        {allowed.transfer && (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconArrowsExchange size={16} />}
            onClick={onTransfer}
            visibleFrom="xl"
          >
            {t('actions.transfer')}
          </Button>
        )}
        {allowed.transfer && (
          <Tooltip label={t('actions.transfer')}>
            <ActionIcon
              size={36}
              variant="default"
              hiddenFrom="xl"
              aria-label={t('actions.transfer')}
              onClick={onTransfer}
            >
              <IconArrowsExchange size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {allowed.hold && (
          <Tooltip label={t('actions.hold')}>
            <ActionIcon size={36} variant="default" aria-label={t('actions.hold')} onClick={onHold}>
              <IconPlayerPause size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {allowed.resume && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconPlayerPlay size={16} />}
            loading={busy.resume}
            onClick={onResume}
          >
            {t('actions.resume')}
          </Button>
        )}
        {allowed.close && (
          <Button
            size="sm"
            color="red.9"
            variant="outline"
            leftSection={<IconCircleCheck size={16} />}
            onClick={onClose}
          >
            {t('actions.close')}
          </Button>
        )}
        {allowed.reopen && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconArrowBackUp size={16} />}
            loading={busy.reopen}
            onClick={onReopen}
          >
            {t('actions.reopen')}
          </Button>
        )}
        <SendSurveyButton conversation={c} />
        {onToggleContact && (
          <Tooltip label={t('contact.title')}>
            <ActionIcon size={36} variant="default" aria-label={t('contact.title')} onClick={onToggleContact}>
              <IconLayoutSidebarRight size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </header>
  );
}
