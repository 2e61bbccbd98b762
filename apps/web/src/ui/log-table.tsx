import { Fragment, type ReactNode, useState } from 'react';
import { Table, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type TColumn } from './data-table';
import { ListState } from './list-state';

/** A page of a log: its entries, each with an id. */
export type TLogPage = { items: ReadonlyArray<{ _id: string }> };

/**
 * A log as a table: the list query's states (ListState), then a row an entry; a click on a row
 * opens its `details` on a full-width row below it, one entry at a time, and a second click closes
 * it. `cells` is told whether the entry is open (for the ExpandToggle of its first cell). The open
 * entry stays open while the list reloads (a refresh, another filter or page and back).
 */
export function LogTable<D extends TLogPage>({
  query,
  skeletonRows,
  empty,
  testId,
  minWidth,
  columns,
  rowTestId,
  cells,
  details,
  footer,
}: {
  query: UseQueryResult<D>;
  skeletonRows: number;
  empty: ReactNode;
  testId: string;
  minWidth: number;
  columns: TColumn[];
  rowTestId: string;
  cells: (entry: D['items'][number], open: boolean) => ReactNode;
  details: (entry: D['items'][number]) => ReactNode;
  /** Below the table, when there is one (its pager). */
  footer?: (data: D) => ReactNode;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <ListState query={query} skeletonRows={skeletonRows} empty={empty}>
      {(data) => (
        <>
          <DataTable testId={testId} minWidth={minWidth} columns={columns}>
            {data.items.map((entry) => {
              const open = openId === entry._id;
              return (
                <Fragment key={entry._id}>
                  <Table.Tr
                    data-testid={rowTestId}
                    style={{ cursor: 'pointer' }}
                    onClick={() => setOpenId(open ? null : entry._id)}
                  >
                    {cells(entry, open)}
                  </Table.Tr>
                  {open && (
                    <Table.Tr>
                      <Table.Td colSpan={columns.length}>{details(entry)}</Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </DataTable>
          {footer?.(data)}
        </>
      )}
    </ListState>
  );
}

/** The button in the first cell of a LogTable row: the entry's name, and whether its details are open. */
export function ExpandToggle({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <UnstyledButton fz="sm" aria-expanded={open}>
      {children}
    </UnstyledButton>
  );
}
