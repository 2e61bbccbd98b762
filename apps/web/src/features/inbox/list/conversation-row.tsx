import { memo } from 'react';
import { Avatar, Badge, Group, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { badgeText, type TConversation } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../app/shell/user-menu';
import { ChannelIcon } from '../inbox-context';
import { CHANNEL_KIND_KEYS, avatarColor, listTime } from '../data/inbox-format';
import classes from '../inbox.module.css';

/** One conversation of the list: avatar, name, channel, last message, time, unread count, assignee. */
export const ConversationRow = memo(function ConversationRow({
  conversation: c,
  assignee,
  selected,
  typing,
  onSelect,
  index,
}: {
  conversation: TConversation;
  assignee: string;
  selected: boolean;
  typing: boolean;
  onSelect: (id: string) => void;
  index: number;
}) {
  const { t, i18n } = useTranslation('inbox');
  const name = c.contact.name || c.contact.phone || t('unknownContact');
  const unread = c.unreadCount > 0;
  const channel = c.channelKind ? t(CHANNEL_KIND_KEYS[c.channelKind]) : '';
  const label = [name, channel, unread ? t('list.unread', { count: c.unreadCount }) : '']
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      className={classes.row}
      aria-current={selected ? 'true' : undefined}
      aria-label={label}
      data-index={index}
      data-testid="conversation-row"
      onClick={() => onSelect(c._id)}
    >
      <Avatar
        variant="filled"
        color={avatarColor(name)}
        radius="xl"
        size={40}
        src={c.contact.profilePic || undefined}
        alt=""
      >
        {initials(name) || <IconUser size={18} />}
      </Avatar>
      <div className={classes.rowBody}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text fz="sm" fw={unread ? 700 : 600} className={classes.ellipsis}>
            {name}
          </Text>
          <Text fz={11} c={unread ? 'brand.8' : 'dimmed'} fw={unread ? 700 : 400} style={{ flexShrink: 0 }}>
            {listTime(c.lastMessageAt, i18n.language, t('yesterday'))}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={5} wrap="nowrap" style={{ minWidth: 0 }}>
            <ChannelIcon kind={c.channelKind} />
            <Text
              fz="xs"
              c={typing ? 'brand.8' : unread ? 'gray.9' : 'dimmed'}
              fs={typing ? 'italic' : undefined}
              className={classes.ellipsis}
            >
              {typing ? t('typing') : c.lastMessagePreview || '\u00a0'}
            </Text>
          </Group>
          {unread && (
            <Badge
              size="sm"
              circle={c.unreadCount < 10}
              color="brand"
              variant="filled"
              style={{ flexShrink: 0 }}
            >
              {badgeText(c.unreadCount)}
            </Badge>
          )}
        </Group>
        <Text fz={11} c="dimmed" className={classes.ellipsis}>
          {assignee ? t('list.assignee', { name: assignee }) : t('list.noAssignee')}
        </Text>
      </div>
    </button>
  );
});
