import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconKeyboard, IconZzz } from '@tabler/icons-react';
import type { TFlowDocument, TFlowIssue } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { addEvent, findBlock } from './flow-edit';
import { BlockPanel } from './panel/block-panel';
import { EventPanel } from './panel/event-panel';
import { GroupPanel } from './panel/group-panel';
import { VariablesPanel } from './panel/variables-panel';
import type { TFlowState } from './use-flow-state';
import classes from './flow-editor.module.css';

/** The right panel: the selected block, group or event; with nothing selected, variables and events. */
export function SidePanel({ state, issues }: { state: TFlowState; issues: TFlowIssue[] }) {
  const { t } = useTranslation('chatbots');
  const { doc, edit, selection, select } = state;
  const block = selection?.kind === 'block' ? findBlock(doc, selection.id)?.block : undefined;
  const group = selection?.kind === 'group' ? doc.groups.find((g) => g.id === selection.id) : undefined;
  const event = selection?.kind === 'event' ? doc.events.find((e) => e.id === selection.id) : undefined;
  const near = (d: TFlowDocument) => {
    const start = d.events.find((e) => e.kind === 'start')?.position ?? { x: 0, y: 0 };
    return { x: start.x, y: start.y + 90 * d.events.length };
  };
  return (
    <aside className={classes.side} aria-label={t('panel.label')}>
      {block ? (
        <BlockPanel
          key={block.id}
          block={block}
          doc={doc}
          issues={issues}
          edit={edit}
          onRemoved={() => select(null)}
        />
      ) : group ? (
        <GroupPanel key={group.id} group={group} doc={doc} edit={edit} select={select} />
      ) : event ? (
        <EventPanel key={event.id} event={event} doc={doc} edit={edit} select={select} />
      ) : (
        <Stack gap="md">
          <VariablesPanel doc={doc} edit={edit} />
          <Divider />
          <Text fw={650}>{t('events.title')}</Text>
          <Text fz="xs" c="dimmed">
            {t('events.help.list')}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconKeyboard size={14} />}
              onClick={() => {
                const r = addEvent(doc, 'keyword', near(doc));
                edit(() => r.doc);
                select({ kind: 'event', id: r.event.id });
              }}
            >
              {t('events.addKeyword')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconZzz size={14} />}
              onClick={() => {
                const r = addEvent(doc, 'idle', near(doc));
                edit(() => r.doc);
                select({ kind: 'event', id: r.event.id });
              }}
            >
              {t('events.addIdle')}
            </Button>
          </Group>
        </Stack>
      )}
    </aside>
  );
}
