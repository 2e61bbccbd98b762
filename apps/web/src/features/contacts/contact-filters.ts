import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DATE_FILTERS, type TDateFilter } from '@atende/shared';

/** The filters of the contacts list and the leads board, kept in the URL query. */
export interface TContactFilters {
  search: string;
  /** 'all', 'none' (no phase) or a phase id. */
  phase: string;
  tags: string[];
  dateFilter: TDateFilter;
  blocked: boolean;
  optOut: boolean;
  page: number;
}

export const EMPTY_FILTERS: TContactFilters = {
  search: '',
  phase: 'all',
  tags: [],
  dateFilter: 'all',
  blocked: false,
  optOut: false,
  page: 1,
};

const isDateFilter = (value: string | null): value is TDateFilter =>
  (DATE_FILTERS as readonly string[]).includes(value ?? '');

/** Reads the filters from a URL query (unknown values fall back to the defaults). */
export function parseFilters(params: URLSearchParams): TContactFilters {
  const page = Number(params.get('page'));
  const date = params.get('date');
  return {
    search: params.get('search') ?? '',
    phase: params.get('phase') || 'all',
    tags: (params.get('tags') ?? '').split(',').filter(Boolean),
    dateFilter: isDateFilter(date) ? date : 'all',
    blocked: params.get('blocked') === 'true',
    optOut: params.get('optOut') === 'true',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes the filters into a URL query, keeping its other parameters (acc); defaults are left out. */
export function writeFilters(params: URLSearchParams, filters: TContactFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set('search', filters.search.trim() || null);
  set('phase', filters.phase === 'all' ? null : filters.phase);
  set('tags', filters.tags.join(',') || null);
  set('date', filters.dateFilter === 'all' ? null : filters.dateFilter);
  set('blocked', filters.blocked ? 'true' : null);
  set('optOut', filters.optOut ? 'true' : null);
  set('page', filters.page > 1 ? String(filters.page) : null);
  return next;
}

/** The list call's parameters for the filters (spec §7: phase omitted when 'all'). */
export function filterQuery(filters: Omit<TContactFilters, 'page'>): Record<string, string | undefined> {
  return {
    search: filters.search.trim() || undefined,
    phase: filters.phase === 'all' ? undefined : filters.phase,
    tags: filters.tags.length ? filters.tags.join(',') : undefined,
    dateFilter: filters.dateFilter === 'all' ? undefined : filters.dateFilter,
    blocked: filters.blocked ? 'true' : undefined,
    optOut: filters.optOut ? 'true' : undefined,
  };
}

export function hasActiveFilters(filters: TContactFilters): boolean {
  return Boolean(
    filters.search.trim() ||
      filters.phase !== 'all' ||
      filters.tags.length ||
      filters.dateFilter !== 'all' ||
      filters.blocked ||
      filters.optOut,
  );
}

/**
 * The filters in the URL and a setter: a change of any filter goes back to page 1. The URL entry is
 * replaced (typing does not fill the history) and reload or back keeps the filters.
 */
export function useContactFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const setFilters = useCallback(
    (patch: Partial<TContactFilters>) =>
      setParams(
        (current) => {
          const base = parseFilters(current);
          const next = { ...base, ...patch, page: patch.page ?? 1 };
          return writeFilters(current, next);
        },
        { replace: true },
      ),
    [setParams],
  );
  const clearFilters = useCallback(() => setFilters(EMPTY_FILTERS), [setFilters]);
  return { filters, setFilters, clearFilters };
}
