import { Button, Drawer, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { TFlowDocument, TFlowIssue } from '@atende/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { blockName, groupTitle } from './block-text';
import { findBlock } from './flow-edit';
import { issueText } from './panel/issue-fields';

/** Where an issue is: its block, group or event, as the user knows them. */
function issuePlace(t: TFunction, doc: TFlowDocument, issue: TFlowIssue): string {
  if (issue.blockId) {
    const found = findBlock(doc, issue.blockId);
    if (found) return `${groupTitle(t, doc, found.group.id)} › ${blockName(t, found.block.type)}`;
  }
  const [root, index] = issue.path;
  if (root === 'groups' && typeof index === 'number' && doc.groups[index])
    return groupTitle(t, doc, doc.groups[index].id);
  if (root === 'events' && typeof index === 'number' && doc.events[index])
    return t(`events.${doc.events[index].kind}`);
  if (root === 'variables') return t('variables.title');
  if (root === 'edges') return t('issues.place.edge');
  return t('issues.place.flow');
}

/**
 * The flow's problems before publishing: each says what and where; clicking one shows and selects
 * the broken block (or group or event). A connection pointing at nothing can be removed here.
 */
export function IssuesDrawer({
  opened,
  onClose,
  doc,
  issues,
  onFocus,
  onRemoveEdge,
}: {
  opened: boolean;
  onClose: () => void;
  doc: TFlowDocument;
  issues: TFlowIssue[];
  onFocus: (issue: TFlowIssue) => void;
  onRemoveEdge: (edgeId: string) => void;
}) {
  const { t } = useTranslation('chatbots');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={380}
      title={t('issues.title', { count: issues.length })}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {issues.length === 0 ? (
        <Group gap="xs" data-testid="issues-none">
          <ThemeIcon color="green" variant="light">
            <IconCircleCheck size={18} />
          </ThemeIcon>
          <Text fz="sm">{t('issues.none')}</Text>
        </Group>
      ) : (
        <Stack gap="xs" data-testid="issues-list">
          <Text fz="sm" c="dimmed">
            {t('issues.help')}
          </Text>
          {issues.map((issue, i) => {
            const edge =
              issue.path[0] === 'edges' && typeof issue.path[1] === 'number'
                ? doc.edges[issue.path[1]]
                : null;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: issues have no id
              <Group key={i} gap="xs" wrap="nowrap" align="flex-start" data-testid="issue-row">
                <IconAlertCircle
                  size={18}
                  color="var(--mantine-color-red-7)"
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
                <UnstyledButton onClick={() => onFocus(issue)} style={{ flex: 1 }}>
                  <Text fz="sm" fw={600}>
                    {issueText(t, issue)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {issuePlace(t, doc, issue)}
                  </Text>
                </UnstyledButton>
                {edge && issue.code === 'dangling_edge' && (
                  <Button size="compact-xs" variant="light" color="red" onClick={() => onRemoveEdge(edge.id)}>
                    {t('issues.removeEdge')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Drawer>
  );
}
