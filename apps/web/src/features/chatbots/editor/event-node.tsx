import { memo } from 'react';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconBolt, IconKeyboard, IconPlayerPlay, IconZzz } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EVENT_HANDLE, type TEventNode } from './flow-graph';
import { useEditorContext } from './editor-context';
import classes from './flow-editor.module.css';

const ICONS = { start: IconPlayerPlay, keyword: IconKeyboard, idle: IconZzz } as const;

/** An event on the canvas (start, keyword, idle): one exit to where the flow goes. */
export const EventNode = memo(function EventNode({ data, selected }: NodeProps<TEventNode>) {
  const { t } = useTranslation('chatbots');
  const { selection, select, broken } = useEditorContext();
  const event = data.event;
  const Icon = ICONS[event.kind] ?? IconBolt;
  const detail =
    event.kind === 'idle'
      ? t('events.idleAfter', { count: event.config.minutes })
      : event.config.keywords.length
        ? event.config.keywords.join(', ')
        : event.kind === 'start'
          ? t('events.anyMessage')
          : t('editor.notSet');
  return (
    <UnstyledButton
      className={classes.event}
      data-selected={selected || (selection?.kind === 'event' && selection.id === event.id) || undefined}
      data-broken={broken.has(event.id) || undefined}
      onClick={() => select({ kind: 'event', id: event.id })}
      data-testid={`flow-event-${event.kind}`}
      aria-label={t(`events.${event.kind}`)}
    >
      <Group gap={8} wrap="nowrap">
        <Icon size={16} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Text fz="sm" fw={650}>
            {t(`events.${event.kind}`)}
          </Text>
          <Text fz={11} c="dimmed" truncate maw={170}>
            {detail}
          </Text>
        </div>
      </Group>
      <Handle type="source" position={Position.Right} id={EVENT_HANDLE} className={classes.outHandle} />
    </UnstyledButton>
  );
});
