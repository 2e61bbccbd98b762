import { useCallback } from 'react';
import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import type { TMessage } from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { inboxApi, messagesKey } from '../data/inbox-api';
import { applyReactions, type TMessagesState } from '../data/inbox-cache';
import classes from '../inbox.module.css';

/** The reactions WhatsApp offers first; any emoji the customer sends is shown as it is. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** The reactions on a message: the customer's and the team's, each with who reacted. */
export function MessageReactions({ reactions }: { reactions: TMessage['reactions'] }) {
  const { t } = useTranslation('inbox');
  if (!reactions?.contact && !reactions?.team) return null;
  return (
    <Group gap={4} className={classes.reactions} data-testid="reactions">
      {reactions.contact && (
        <Tooltip label={t('reactions.byCustomer')}>
          <span
            className={classes.reaction}
            role="img"
            aria-label={t('reactions.byCustomerEmoji', { emoji: reactions.contact })}
          >
            {reactions.contact}
          </span>
        </Tooltip>
      )}
      {reactions.team && (
        <Tooltip label={t('reactions.by', { name: reactions.team.name })}>
          <span
            className={classes.reaction}
            role="img"
            aria-label={t('reactions.byEmoji', { name: reactions.team.name, emoji: reactions.team.emoji })}
          >
            {reactions.team.emoji}
          </span>
        </Tooltip>
      )}
    </Group>
  );
}

/** The team reacts to a customer's message: a quick set, the current one again removes it. */
export function ReactButton({ current, onReact }: { current?: string; onReact: (emoji: string) => void }) {
  const { t } = useTranslation('inbox');
  return (
    <Menu position="top" withArrow shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('reactions.react')}
          className={classes.reactButton}
        >
          <IconMoodSmile size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown className={classes.reactionMenu}>
        {QUICK_REACTIONS.map((emoji) => (
          <Menu.Item
            key={emoji}
            className={classes.reactionChoice}
            data-selected={current === emoji || undefined}
            aria-label={current === emoji ? t('reactions.remove', { emoji }) : emoji}
            onClick={() => onReact(current === emoji ? '' : emoji)}
          >
            {emoji}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Sends the team's reaction; the message shows it at once (the realtime event confirms it). */
export function useReact(acc: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (message: TMessage, emoji: string) => {
      try {
        const reactions = await inboxApi.react(acc, conversationId, message._id, emoji);
        queryClient.setQueryData<TMessagesState>(messagesKey(acc, conversationId), (s) =>
          applyReactions(s, { messageId: message._id, reactions }),
        );
      } catch (error) {
        notify({
          color: 'red',
          title: (t) => t('inbox:reactions.failed'),
          message: (t) => errorText(t, error),
        });
      }
    },
    [acc, conversationId, queryClient],
  );
}
