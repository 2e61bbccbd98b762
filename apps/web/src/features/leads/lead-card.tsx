import { ActionIcon, Anchor, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsRightLeft } from '@tabler/icons-react';
import type { TContact, TContactTag } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { ColorDot, ContactAvatar, TagChips } from '../contacts/contact-chips';
import { formatPhone } from '../../app/format';

/** The drag payload type: columns accept a drop when it is there (no wait for a re-render). */
export const LEAD_MIME = 'application/x-atende-contact';

export interface TColumnOption {
  id: string;
  label: string;
  color: string;
}

/**
 * A lead on the board: draggable with the mouse, and movable from the keyboard with its
 * "Move to" menu.
 */
export function LeadCard({
  contact,
  column,
  columns,
  tags,
  onOpen,
  onMove,
  onDragStart,
  onDragEnd,
}: {
  contact: TContact;
  column: string;
  columns: TColumnOption[];
  tags: Map<string, TContactTag>;
  onOpen: (contact: TContact) => void;
  onMove: (to: string) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}) {
  const { t } = useTranslation('leads');
  const targets = columns.filter((c) => c.id !== column);
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      shadow="xs"
      draggable
      aria-label={contact.name}
      data-testid="lead-card"
      data-contact-id={contact._id}
      // Its own width never widens the column (no sideways scrolling): long names and tags are cut
      // with an ellipsis, whole in their tooltip.
      style={{ cursor: 'grab', contain: 'inline-size', minWidth: 0 }}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData(LEAD_MIME, contact._id);
        event.dataTransfer.setData('text/plain', contact.name);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <ContactAvatar contact={contact} size={28} />
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            {/* A long name wraps on two lines, then is cut with an ellipsis (whole in its tooltip). */}
            <Anchor
              component="button"
              type="button"
              fz="sm"
              fw={600}
              c="dark"
              ta="left"
              maw="100%"
              title={contact.name}
              style={{ overflowWrap: 'anywhere' }}
              onClick={() => onOpen(contact)}
            >
              <Text span inherit lineClamp={2}>
                {contact.name}
              </Text>
            </Anchor>
            {contact.phone && (
              <Text fz="xs" c="dimmed" truncate title={formatPhone(contact.phone)}>
                {formatPhone(contact.phone)}
              </Text>
            )}
          </Stack>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('moveNamed', { name: contact.name })}
            >
              <IconArrowsRightLeft size={15} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('moveTo')}</Menu.Label>
            {targets.map((target) => (
              <Menu.Item
                key={target.id}
                leftSection={<ColorDot color={target.color} />}
                onClick={() => onMove(target.id)}
              >
                {target.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {contact.tags.length > 0 && (
        <Group mt={8} miw={0}>
          <TagChips ids={contact.tags} tags={tags} max={3} />
        </Group>
      )}
    </Paper>
  );
}
