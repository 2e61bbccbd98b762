import { Select, Stack, Text } from '@mantine/core';
import { blockExits, type TFlowBlock, type TFlowDocument, type TFlowEdge } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { exitLabel, groupTitle } from '../block-text';
import { connect } from '../flow-edit';
import { blockGroups } from '../flow-graph';

const below = { position: 'bottom' as const, middlewares: { flip: false, shift: false } };

/**
 * Where each exit of the block goes, as a list of groups: the keyboard's way to connect (the same
 * edges as dragging on the canvas). Without a target an exit falls through to the next block.
 */
export function ExitsSection({
  block,
  doc,
  edit,
}: {
  block: TFlowBlock;
  doc: TFlowDocument;
  edit: (fn: (doc: TFlowDocument) => TFlowDocument) => void;
}) {
  const { t } = useTranslation('chatbots');
  const exits = blockExits(block);
  if (!exits.length) return null;
  const groupOf = blockGroups(doc);
  const own = groupOf.get(block.id);
  const targetOf = (exit: string) => {
    const edge = doc.edges.find(
      (e) => 'blockId' in e.from && e.from.blockId === block.id && e.from.exit === exit,
    );
    if (!edge) return null;
    return 'groupId' in edge.to ? edge.to.groupId : (groupOf.get(edge.to.blockId) ?? null);
  };
  const setTarget = (exit: string, groupId: string | null) =>
    edit((d) =>
      groupId
        ? connect(d, { blockId: block.id, exit }, { groupId })
        : {
            ...d,
            edges: d.edges.filter(
              (e: TFlowEdge) => !('blockId' in e.from && e.from.blockId === block.id && e.from.exit === exit),
            ),
          },
    );
  const groups = doc.groups.map((g) => ({
    value: g.id,
    label:
      g.id === own ? t('panel.thisGroup', { title: groupTitle(t, doc, g.id) }) : groupTitle(t, doc, g.id),
  }));
  return (
    <Stack gap={6} data-testid="exits-section">
      <Text fz="sm" fw={600}>
        {t('panel.exits')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('panel.exitsHelp')}
      </Text>
      {exits.map((exit) => (
        <Select
          key={exit}
          size="xs"
          label={exitLabel(t, block, exit)}
          placeholder={t('panel.fallThrough')}
          data={groups}
          value={targetOf(exit)}
          onChange={(groupId) => setTarget(exit, groupId)}
          clearable
          comboboxProps={below}
        />
      ))}
    </Stack>
  );
}
