import { Table } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { Wrapper } from '../test/setup';
import { EmptyLine } from './list-state';
import { ExpandToggle, LogTable } from './log-table';

type TPage = { items: Array<{ _id: string; name: string }>; count: number };

const loaded = (items: TPage['items']) =>
  ({ isPending: false, isError: false, data: { items, count: items.length } }) as UseQueryResult<TPage>;
const loading = { isPending: true } as UseQueryResult<TPage>;

function Log({ query }: { query: UseQueryResult<TPage> }) {
  return (
    <LogTable
      query={query}
      skeletonRows={2}
      empty={
        <EmptyLine testId="log-empty" py="md">
          No entries
        </EmptyLine>
      }
      testId="log-table"
      minWidth={400}
      columns={[{ label: 'Name' }, { label: 'Id' }]}
      rowTestId="log-row"
      cells={(entry, open) => (
        <>
          <Table.Td>
            <ExpandToggle open={open}>{entry.name}</ExpandToggle>
          </Table.Td>
          <Table.Td>{entry._id}</Table.Td>
        </>
      )}
      details={(entry) => <span data-testid="details">details of {entry.name}</span>}
      footer={(data) => <p data-testid="footer">{data.count} entries</p>}
    />
  );
}

const ENTRIES = [
  { _id: 'e1', name: 'First' },
  { _id: 'e2', name: 'Second' },
];

describe('LogTable', () => {
  it('opens one entry at a time below its row, across the whole row; a second click closes it', () => {
    render(<Log query={loaded(ENTRIES)} />, { wrapper: Wrapper });
    const [first, second] = screen.getAllByTestId('log-row');
    expect(screen.getByTestId('footer')).toHaveTextContent('2 entries');
    expect(within(first).getByRole('button', { name: 'First' })).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(first);
    expect(within(first).getByRole('button', { name: 'First' })).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByTestId('details');
    expect(details).toHaveTextContent('details of First');
    expect(details.closest('td')).toHaveAttribute('colspan', '2');
    expect(first.nextElementSibling).toBe(details.closest('tr'));

    fireEvent.click(second);
    expect(screen.getAllByTestId('details')).toHaveLength(1);
    expect(screen.getByTestId('details')).toHaveTextContent('details of Second');
    expect(within(first).getByRole('button', { name: 'First' })).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(second);
    expect(screen.queryByTestId('details')).not.toBeInTheDocument();
  });

  it('keeps the open entry open while the list reloads', () => {
    const { rerender } = render(<Log query={loaded(ENTRIES)} />, { wrapper: Wrapper });
    fireEvent.click(screen.getAllByTestId('log-row')[1]);
    rerender(<Log query={loading} />);
    expect(screen.queryByTestId('log-table')).not.toBeInTheDocument();
    rerender(<Log query={loaded(ENTRIES)} />);
    expect(screen.getByTestId('details')).toHaveTextContent('details of Second');
  });

  it('shows the empty line, and no table nor footer, for an empty log', () => {
    render(<Log query={loaded([])} />, { wrapper: Wrapper });
    expect(screen.getByTestId('log-empty')).toHaveTextContent('No entries');
    expect(screen.queryByTestId('log-table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('footer')).not.toBeInTheDocument();
  });
});
