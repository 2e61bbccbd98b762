import { Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { TFlowDocument, TFlowGroup } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { BlockIcon } from '../block-icon';
import { blockName, groupTitle } from '../block-text';
import { removeItems, updateGroup } from '../flow-edit';
import type { TSelection } from '../use-flow-state';

/** A group: its title, its blocks (open one), and delete. Blocks are added from the palette. */
export function GroupPanel({
  group,
  doc,
  edit,
  select,
}: {
  group: TFlowGroup;
  doc: TFlowDocument;
  edit: (fn: (doc: TFlowDocument) => TFlowDocument, key?: string) => void;
  select: (s: TSelection) => void;
}) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap="md" data-testid="group-panel">
      <Text fw={650}>{groupTitle(t, doc, group.id)}</Text>
      <TextInput
        label={t('panel.groupTitle')}
        placeholder={groupTitle(
          t,
          { ...doc, groups: doc.groups.map((g) => ({ ...g, title: '' })) },
          group.id,
        )}
        value={group.title}
        maxLength={100}
        onChange={(e) => {
          const title = e.currentTarget.value;
          edit((d) => updateGroup(d, group.id, { title }), `group:${group.id}:title`);
        }}
      />
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {t('panel.groupBlocks')}
        </Text>
        {group.blocks.map((b) => (
          <UnstyledButton key={b.id} onClick={() => select({ kind: 'block', id: b.id })} p={4}>
            <Group gap={8}>
              <BlockIcon type={b.type} />
              <Text fz="sm">{blockName(t, b.type)}</Text>
            </Group>
          </UnstyledButton>
        ))}
        <Text fz="xs" c="dimmed">
          {t('panel.groupAddHint')}
        </Text>
      </Stack>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => {
          edit((d) => removeItems(d, { groups: [group.id] }));
          select(null);
        }}
      >
        {t('panel.deleteGroup')}
      </Button>
    </Stack>
  );
}
