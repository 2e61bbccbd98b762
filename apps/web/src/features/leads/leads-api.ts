import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { TContact, TContactList } from '@atende/shared';
import { api } from '../../app/api-client';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { filterQuery, type TContactFilters } from '../contacts/contact-filters';
import { contactsApi, contactsKey, PAGE_SIZE } from '../contacts/contacts-api';

/** A board column: a phase id, or 'none' for contacts without a phase. */
export const NO_PHASE = 'none';

type TBoardData = InfiniteData<TContactList, number>;

/** The board's filters as one key part (the phase is the column, not a filter). */
export function boardFilterKey(filters: TContactFilters): string {
  return JSON.stringify(filterQuery({ ...filters, phase: 'all' }));
}

export const columnKey = (acc: string, column: string, filterKey: string) =>
  [...contactsKey(acc), 'board', column, filterKey] as const;

/** One column of the board: 30 contacts of the phase at a time, with "load more". */
export function useBoardColumn(acc: string, column: string, filters: TContactFilters) {
  const filterKey = boardFilterKey(filters);
  return useInfiniteQuery({
    queryKey: columnKey(acc, column, filterKey),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.get<TContactList>('/p/chat/contact/list', {
        acc,
        limit: PAGE_SIZE,
        page: pageParam,
        ...filterQuery({ ...filters, phase: column }),
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length === PAGE_SIZE && loaded < last.count ? pages.length + 1 : undefined;
    },
  });
}

/** The column's cards and count (the count of the newest page: the server's total under the filters). */
export function columnContents(data: InfiniteData<TContactList, unknown> | undefined) {
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  const last = data?.pages[data.pages.length - 1];
  return { items, count: last?.count ?? 0, estimate: Boolean(last?.countIsEstimate) };
}

function patchColumn(
  data: TBoardData | undefined,
  edit: (list: TContactList, first: boolean) => TContactList,
) {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page, i) => edit(page, i === 0)) };
}

/** Moves the card between two cached columns (the counts follow); answers what to restore. */
function moveInCache(client: QueryClient, from: readonly unknown[], to: readonly unknown[], moved: TContact) {
  const before = { from: client.getQueryData<TBoardData>(from), to: client.getQueryData<TBoardData>(to) };
  client.setQueryData<TBoardData>(from, (data) =>
    patchColumn(data, (page) => ({
      ...page,
      items: page.items.filter((c) => c._id !== moved._id),
      count: Math.max(0, page.count - 1),
    })),
  );
  client.setQueryData<TBoardData>(to, (data) =>
    patchColumn(data, (page, first) => ({
      ...page,
      items: first ? [moved, ...page.items.filter((c) => c._id !== moved._id)] : page.items,
      count: page.count + 1,
    })),
  );
  return before;
}

export interface TMove {
  contact: TContact;
  from: string;
  to: string;
}

/**
 * Moves a lead to another phase (PUT /p/chat/contact/{id} with the new phase): the board changes at
 * once; a refusal puts the card back and says why.
 */
export function useMoveLead(acc: string, filters: TContactFilters) {
  const client = useQueryClient();
  const filterKey = boardFilterKey(filters);
  return useMutation({
    mutationFn: ({ contact, to }: TMove) =>
      contactsApi.update(acc, contact._id, { phase: to === NO_PHASE ? null : to }),
    onMutate: async ({ contact, from, to }: TMove) => {
      const fromKey = columnKey(acc, from, filterKey);
      const toKey = columnKey(acc, to, filterKey);
      await Promise.all([
        client.cancelQueries({ queryKey: fromKey }),
        client.cancelQueries({ queryKey: toKey }),
      ]);
      const moved = { ...contact, phase: to === NO_PHASE ? null : to };
      return { fromKey, toKey, before: moveInCache(client, fromKey, toKey, moved) };
    },
    onError: (err, _move, context) => {
      if (context) {
        client.setQueryData(context.fromKey, context.before.from);
        client.setQueryData(context.toKey, context.before.to);
      }
      notify({ color: 'red', title: (t) => t('leads:moveFailed'), message: (t) => errorText(t, err) });
    },
    onSettled: () => client.invalidateQueries({ queryKey: contactsKey(acc) }),
  });
}
