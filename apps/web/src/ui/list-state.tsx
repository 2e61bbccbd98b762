import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { CardSkeleton } from './card-skeleton';
import { LoadError } from './load-error';

/** What a list query answers: the items, or a page of them (`{ items, count }`). */
export type TListData = readonly unknown[] | { items: readonly unknown[] };

const itemsOf = (data: TListData): readonly unknown[] => ('items' in data ? data.items : data);

/**
 * A list query in its four states: placeholder rows while it loads, its error, `empty` when it
 * has no items, else `children` with what it answered.
 */
export function ListState<D extends TListData>({
  query,
  skeletonRows,
  empty,
  children,
}: {
  query: UseQueryResult<D>;
  skeletonRows: number;
  empty: ReactNode;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <CardSkeleton rows={skeletonRows} />;
  if (query.isError) return <LoadError error={query.error} />;
  return itemsOf(query.data).length === 0 ? empty : children(query.data);
}

/** An empty list's one dimmed, centred line. */
export function EmptyLine({
  testId,
  py,
  children,
}: {
  testId: string;
  py: 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  return (
    <Text c="dimmed" fz="sm" ta="center" py={py} data-testid={testId}>
      {children}
    </Text>
  );
}
