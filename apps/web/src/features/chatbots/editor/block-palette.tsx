import { Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { TFlowBlockType } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { BlockIcon, SECTION_COLORS } from './block-icon';
import { BLOCK_DRAG_TYPE } from './flow-canvas';
import { PALETTE } from './flow-blocks';
import classes from './flow-editor.module.css';

/**
 * Blocks to add: drag one onto the canvas (onto a group to append it there), or press it (mouse or
 * keyboard) to add it after the selected block, or in a new group.
 */
export function BlockPalette({
  onAdd,
  withAi = false,
}: {
  onAdd: (type: TFlowBlockType) => void;
  /** Hybrid bots: the AI agent block. */
  withAi?: boolean;
}) {
  const { t } = useTranslation('chatbots');
  return (
    <nav className={classes.palette} aria-label={t('palette.title')}>
      <Stack gap="sm">
        {PALETTE.filter((s) => withAi || s.section !== 'ai').map(({ section, types }) => (
          <div key={section}>
            <Text fz={11} fw={700} c="dimmed" tt="uppercase" px={8} mb={2}>
              {t(`palette.${section}`)}
            </Text>
            {types.map((type) => (
              <UnstyledButton
                key={type}
                className={classes.paletteItem}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.setData(BLOCK_DRAG_TYPE, type);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onClick={() => onAdd(type)}
                aria-label={t('palette.add', { block: t(`blocks.${type}`) })}
                data-testid={`palette-${type}`}
              >
                <ThemeIcon size={20} radius="sm" variant="light" color={SECTION_COLORS[section]}>
                  <BlockIcon type={type} size={13} />
                </ThemeIcon>
                <span>{t(`blocks.${type}`)}</span>
              </UnstyledButton>
            ))}
          </div>
        ))}
        <Text fz={11} c="dimmed" px={8}>
          {t('palette.hint')}
        </Text>
      </Stack>
    </nav>
  );
}
