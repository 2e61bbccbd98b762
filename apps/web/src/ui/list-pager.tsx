import { Group, Pagination } from '@mantine/core';

/** A paged list's page numbers, centred; nothing while every item fits on one page. */
export function ListPager({
  count,
  limit,
  page,
  onChange,
  p,
}: {
  /** Items in the whole list. */
  count: number;
  /** Items a page. */
  limit: number;
  page: number;
  onChange: (page: number) => void;
  p?: 'md';
}) {
  if (count <= limit) return null;
  return (
    <Group justify="center" p={p}>
      <Pagination total={Math.ceil(count / limit)} value={page} onChange={onChange} />
    </Group>
  );
}
