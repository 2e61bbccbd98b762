import { ActionIcon, Alert, Divider, Group, List, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { TFlowBlock, TFlowDocument, TFlowIssue } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { BlockIcon, SECTION_COLORS } from '../block-icon';
import { blockName } from '../block-text';
import { sectionOf } from '../flow-blocks';
import { addVariable, findBlock, moveBlock, removeBlock, updateBlock } from '../flow-edit';
import { BlockForm } from './block-forms';
import { ExitsSection } from './exits-section';
import { issuesByField, issueText } from './issue-fields';

/** The side panel of a block: its form, what is wrong with it, where its exits go, move and delete. */
export function BlockPanel({
  block,
  doc,
  issues,
  edit,
  onRemoved,
}: {
  block: TFlowBlock;
  doc: TFlowDocument;
  issues: TFlowIssue[];
  edit: (fn: (doc: TFlowDocument) => TFlowDocument, key?: string) => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('chatbots');
  const mine = issues.filter((i) => i.blockId === block.id);
  const errors = issuesByField(t, mine);
  const found = findBlock(doc, block.id);
  const set = (patch: Partial<TFlowBlock>, field?: string) =>
    edit((d) => {
      const current = findBlock(d, block.id)?.block;
      return current ? updateBlock(d, { ...current, ...patch } as TFlowBlock) : d;
    }, field && `block:${block.id}:${field}`);
  const newVariable = (name: string) => {
    const { variable } = addVariable(doc, name);
    edit((d) => ({ ...d, variables: [...d.variables, variable] }));
    return variable.id;
  };
  return (
    <Stack gap="md" data-testid="block-panel">
      <Group justify="space-between" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <ThemeIcon variant="light" color={SECTION_COLORS[sectionOf(block.type)]}>
            <BlockIcon type={block.type} />
          </ThemeIcon>
          <Text fw={650}>{blockName(t, block.type)}</Text>
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('panel.moveUp')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={!found || found.index === 0}
              onClick={() => edit((d) => moveBlock(d, block.id, -1))}
              aria-label={t('panel.moveUp')}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('panel.moveDown')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={!found || found.index === found.group.blocks.length - 1}
              onClick={() => edit((d) => moveBlock(d, block.id, 1))}
              aria-label={t('panel.moveDown')}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('panel.deleteBlock')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => {
                edit((d) => removeBlock(d, block.id));
                onRemoved();
              }}
              aria-label={t('panel.deleteBlock')}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {mine.length > 0 && (
        <Alert color="red" variant="light" p="xs" data-testid="block-issues" title={t('panel.issuesTitle')}>
          <List size="sm" spacing={2}>
            {[...new Set(mine.map((i) => issueText(t, i)))].map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <BlockForm block={block} set={set} doc={doc} errors={errors} newVariable={newVariable} />
      <Divider />
      <ExitsSection block={block} doc={doc} edit={edit} />
    </Stack>
  );
}
