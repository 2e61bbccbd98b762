import type { ReactNode } from 'react';
import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';

/** An icon button of a list row with its tooltip; `label` names it for screen readers (with the row's name). */
export function RowAction({
  tooltip,
  label,
  color = 'gray',
  onClick,
  children,
}: {
  tooltip: string;
  label: string;
  color?: 'gray' | 'red';
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** A row's edit (pencil) and delete (red bin) buttons, at the row's end. */
export function EditDeleteActions({
  edit,
  editLabel,
  remove,
  removeLabel,
  onEdit,
  onRemove,
}: {
  /** The tooltips. */
  edit: string;
  remove: string;
  /** The names for screen readers (with the row's name). */
  editLabel: string;
  removeLabel: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <RowAction tooltip={edit} label={editLabel} onClick={onEdit}>
        <IconPencil size={18} />
      </RowAction>
      <RowAction tooltip={remove} label={removeLabel} color="red" onClick={onRemove}>
        <IconTrash size={18} />
      </RowAction>
    </Group>
  );
}

/** A row's menu of more actions behind a ⋯ button; `label` names the button (with the row's name). */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** The red delete item of a row's menu. */
export function DeleteMenuItem({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onClick}>
      {children}
    </Menu.Item>
  );
}
