import { fireEvent, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../app/api-client';
import { Wrapper } from '../test/setup';
import { ListPager } from './list-pager';
import { EmptyLine, ListState, type TListData } from './list-state';

const query = <D extends TListData>(state: Partial<UseQueryResult<D>>) => state as UseQueryResult<D>;

function renderList<D extends TListData>(state: Partial<UseQueryResult<D>>) {
  return render(
    <ListState
      query={query<D>(state)}
      skeletonRows={3}
      empty={
        <EmptyLine testId="things-empty" py="md">
          Nothing yet
        </EmptyLine>
      }
    >
      {(data) => <p data-testid="things">{JSON.stringify(data)}</p>}
    </ListState>,
    { wrapper: Wrapper },
  );
}

describe('ListState', () => {
  it('shows placeholder rows while the list loads', () => {
    renderList({ isPending: true });
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('things')).not.toBeInTheDocument();
  });

  it('shows why the list could not be loaded', () => {
    renderList({ isPending: false, isError: true, error: new ApiError(403, 'FORBIDDEN', 'Forbidden') });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByTestId('things')).not.toBeInTheDocument();
  });

  it('shows the empty line for no items, as an array or as a page', () => {
    renderList({ isPending: false, isError: false, data: [] });
    expect(screen.getByTestId('things-empty')).toHaveTextContent('Nothing yet');
    renderList({ isPending: false, isError: false, data: { items: [], count: 0 } });
    expect(screen.getAllByTestId('things-empty')).toHaveLength(2);
    expect(screen.queryByTestId('things')).not.toBeInTheDocument();
  });

  it('gives the content what the query answered', () => {
    renderList({ isPending: false, isError: false, data: { items: ['a'], count: 1 } });
    expect(screen.getByTestId('things')).toHaveTextContent('{"items":["a"],"count":1}');
    expect(screen.queryByTestId('things-empty')).not.toBeInTheDocument();
  });
});

describe('ListPager', () => {
  it('shows nothing while one page holds every item, else a page number a page', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ListPager count={20} limit={20} page={1} onChange={onChange} />, {
      wrapper: Wrapper,
    });
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
    rerender(<ListPager count={41} limit={20} page={1} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '4' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
