import type { ReactNode } from 'react';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import classes from './data-table.module.css';

/** The class of a table's last cells (row actions) kept in view when the table scrolls sideways. */
export const stickyEndClass = classes.stickyEnd;

export interface TColumn {
  label: string;
  w?: number;
  ta?: 'right';
  /** Named for screen readers only (a column of row buttons). */
  hidden?: boolean;
}

/** A list as a table that scrolls sideways below `minWidth`: its header row, then `children` (the rows). */
export function DataTable({
  testId,
  minWidth,
  columns,
  children,
}: {
  testId: string;
  minWidth: number;
  columns: TColumn[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} w={column.w} ta={column.ta}>
                {column.hidden ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A cell of secondary text (a date, a 'never'). */
export function DimmedCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td>
      <Text fz="sm" c="dimmed">
        {children}
      </Text>
    </Table.Td>
  );
}
