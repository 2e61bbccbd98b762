import { useState } from 'react';
import { ActionIcon, Popover, Tooltip } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../inbox.module.css';

/** A small built-in set (no emoji library): the ones support teams use most. */
export const EMOJIS = [
  '😀',
  '😄',
  '😁',
  '😊',
  '🙂',
  '😉',
  '😍',
  '🥰',
  '😘',
  '😎',
  '🤩',
  '🤗',
  '🤔',
  '😅',
  '😂',
  '🤣',
  '😇',
  '🙏',
  '👍',
  '👎',
  '👏',
  '🙌',
  '👋',
  '🤝',
  '💪',
  '✌️',
  '👌',
  '👀',
  '❤️',
  '💚',
  '💙',
  '🔥',
  '⭐',
  '✨',
  '🎉',
  '🎁',
  '✅',
  '❌',
  '⚠️',
  '❓',
  '📦',
  '🚚',
  '💳',
  '💰',
  '📞',
  '📧',
  '📅',
  '⏰',
];

export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('inbox');
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={t('composer.emoji')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('composer.emoji')}
            disabled={disabled}
            onClick={() => setOpened((o) => !o)}
          >
            <IconMoodSmile size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <div className={classes.emojiGrid}>
          {EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className={classes.emoji}
              aria-label={emoji}
              onClick={() => {
                onPick(emoji);
                setOpened(false);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
