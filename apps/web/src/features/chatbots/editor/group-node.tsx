import { memo, useEffect, useMemo } from 'react';
import { Handle, type NodeProps, Position, useUpdateNodeInternals } from '@xyflow/react';
import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { blockExits, type TFlowBlock } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useAcc } from '../../../app/session';
import { useDepartments } from '../../departments/departments-api';
import { sectionOf } from './flow-blocks';
import { blockInHandle, exitHandle, GROUP_IN_HANDLE, type TGroupNode } from './flow-graph';
import { BlockIcon, SECTION_COLORS } from './block-icon';
import { blockName, blockSummary, exitLabel, groupTitle, shownExits } from './block-text';
import { useEditorContext } from './editor-context';
import classes from './flow-editor.module.css';

/** A group on the canvas: its title (drag it by there), its blocks in order, each exit a handle. */
export const GroupNode = memo(function GroupNode({ id, data, selected }: NodeProps<TGroupNode>) {
  const { t } = useTranslation('chatbots');
  const { doc, selection, select, broken } = useEditorContext();
  const group = data.group;
  const update = useUpdateNodeInternals();
  const connected = useMemo(() => {
    const set = new Set<string>();
    for (const e of doc.edges) if ('blockId' in e.from) set.add(`${e.from.blockId}\n${e.from.exit}`);
    return set;
  }, [doc.edges]);
  const rows = group.blocks.map((block) => ({
    block,
    exits: shownExits(block, (exit) => connected.has(`${block.id}\n${exit}`)),
  }));
  // Handles come and go with the blocks and their exits: the canvas measures them again.
  const signature = rows.map((r) => `${r.block.id}:${r.exits.join(',')}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the handles change
  useEffect(() => update(id), [signature, id, update]);
  const title = groupTitle(t, doc, group.id);
  const isBroken = broken.has(group.id);

  return (
    <div
      className={classes.group}
      data-selected={selected || (selection?.kind === 'group' && selection.id === group.id) || undefined}
      data-broken={isBroken || undefined}
      data-testid="flow-group"
    >
      <Handle type="target" position={Position.Left} id={GROUP_IN_HANDLE} className={classes.inHandle} />
      <UnstyledButton
        className={`${classes.groupHeader} flow-group-drag`}
        onClick={() => select({ kind: 'group', id: group.id })}
        aria-label={t('editor.groupLabel', { title })}
      >
        <IconGripVertical size={14} aria-hidden />
        <Text fz="sm" fw={650} truncate>
          {title}
        </Text>
      </UnstyledButton>
      {rows.length === 0 && (
        <Text fz="xs" c="dimmed" px="sm" py={6}>
          {t('editor.emptyGroup')}
        </Text>
      )}
      {rows.map(({ block, exits }) => (
        <BlockRow
          key={block.id}
          block={block}
          exits={exits}
          active={selection?.kind === 'block' && selection.id === block.id}
          broken={broken.has(block.id)}
          onSelect={() => select({ kind: 'block', id: block.id })}
        />
      ))}
    </div>
  );
});

function BlockRow({
  block,
  exits,
  active,
  broken,
  onSelect,
}: {
  block: TFlowBlock;
  exits: string[];
  active: boolean;
  broken: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('chatbots');
  const { doc } = useEditorContext();
  const departments = useDepartments(useAcc(), block.type === 'transfer');
  const summary = blockSummary(t, block, doc, (id) => departments.data?.find((d) => d._id === id)?.name);
  const single = exits.length === 1 && exits[0] === 'default' && blockExits(block).length === 1;
  const color = SECTION_COLORS[sectionOf(block.type)];
  return (
    <div className={classes.blockWrap}>
      <Handle
        type="target"
        position={Position.Left}
        id={blockInHandle(block.id)}
        className={classes.blockIn}
      />
      <UnstyledButton
        className={classes.block}
        data-active={active || undefined}
        data-broken={broken || undefined}
        onClick={onSelect}
        data-testid="flow-block"
        data-block-id={block.id}
        aria-label={`${blockName(t, block.type)}${summary ? `: ${summary}` : ''}`}
        aria-pressed={active}
      >
        <Group gap={8} wrap="nowrap" align="flex-start">
          <ThemeIcon size={22} radius="sm" variant="light" color={color}>
            <BlockIcon type={block.type} size={14} />
          </ThemeIcon>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text fz={11} c="dimmed" fw={600}>
              {blockName(t, block.type)}
            </Text>
            <Text
              fz="xs"
              lineClamp={2}
              c={summary ? undefined : 'dimmed'}
              fs={summary ? undefined : 'italic'}
            >
              {summary || t('editor.notSet')}
            </Text>
          </div>
        </Group>
      </UnstyledButton>
      {single ? (
        <Handle
          type="source"
          position={Position.Right}
          id={exitHandle(block.id, 'default')}
          className={classes.outHandle}
        />
      ) : (
        exits.map((exit) => (
          <div key={exit} className={classes.exit}>
            <Text fz={11} c="dimmed" truncate>
              {exitLabel(t, block, exit)}
            </Text>
            <Handle
              type="source"
              position={Position.Right}
              id={exitHandle(block.id, exit)}
              className={classes.outHandle}
            />
          </div>
        ))
      )}
    </div>
  );
}
