import { Paper, Text } from '@mantine/core';
import type { TQuickMessage } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import classes from '../inbox.module.css';

export const QUICK_MENU_ID = 'inbox-quick-messages';
export const quickOptionId = (id: string) => `quick-${id}`;

/** The quick messages matching what follows '/', above the composer (the textarea keeps the focus). */
export function QuickReplyMenu({
  items,
  active,
  onPick,
  onHover,
}: {
  items: TQuickMessage[];
  active: number;
  onPick: (message: TQuickMessage) => void;
  onHover: (index: number) => void;
}) {
  const { t } = useTranslation('inbox');
  return (
    <Paper shadow="md" withBorder p={4} mb={6} data-testid="quick-menu">
      <Text fz={11} fw={700} c="dimmed" tt="uppercase" px={8} py={4}>
        {t('composer.quickTitle')}
      </Text>
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed" px={8} py={6}>
          {t('composer.quickNone')}
        </Text>
      ) : (
        <div
          id={QUICK_MENU_ID}
          role="listbox"
          aria-label={t('composer.quickTitle')}
          className={classes.quickList}
        >
          {items.map((m, index) => (
            <div
              key={m._id}
              id={quickOptionId(m._id)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={classes.quickItem}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(m)}
              onKeyDown={(e) => e.key === 'Enter' && onPick(m)}
            >
              <Text fz="sm" fw={700} c="brand.8">
                /{m.shortcut}
              </Text>
              <Text fz="xs" c="dimmed" lineClamp={2}>
                {m.text}
              </Text>
            </div>
          ))}
        </div>
      )}
    </Paper>
  );
}
