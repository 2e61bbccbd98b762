import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  LIMITS,
  type TContact,
  type TContactList,
  type TContactPhase,
  type TContactTag,
} from '@atende/shared';
import { api } from '../../app/api-client';
import { downloadFile, fileUrl } from '../../app/download';
import { filterQuery, type TContactFilters } from './contact-filters';

export const PAGE_SIZE = LIMITS.contactsPageSize;

/** Every contact list and board of the account (invalidated together after a change). */
export const contactsKey = (acc: string) => ['acc', acc, 'contacts'] as const;
export const phasesKey = (acc: string) => ['acc', acc, 'contact-phases'] as const;
export const tagsKey = (acc: string) => ['acc', acc, 'contact-tags'] as const;
export const duplicatesKey = (acc: string, id: string) => [...contactsKey(acc), 'duplicates', id] as const;

type TContactQuery = Record<string, string | number | undefined>;

/** GET /p/chat/contact/list: one page of contacts under a query (filters, search, page, limit). */
export function useContacts(acc: string, query: TContactQuery, staleTime?: number) {
  const params = { acc, ...query };
  return useQuery({
    queryKey: [...contactsKey(acc), 'list', params],
    queryFn: () => api.get<TContactList>('/p/chat/contact/list', params),
    placeholderData: keepPreviousData,
    staleTime,
  });
}

/** One page of the contacts list under the current filters. */
export function useContactList(acc: string, filters: TContactFilters) {
  return useContacts(acc, { limit: PAGE_SIZE, page: filters.page, ...filterQuery(filters) });
}

export const contactKey = (acc: string, id: string) => [...contactsKey(acc), 'one', id] as const;

/** GET /p/chat/contact/{id}. */
export function useContact(acc: string, id: string) {
  return useQuery({
    queryKey: contactKey(acc, id),
    queryFn: () => api.get<TContact>(`/p/chat/contact/${id}`, { acc }),
    staleTime: 30_000,
  });
}

/** The account's lead phases, in board order (GET /p/chat/inbox/phases). */
export function usePhases(acc: string) {
  return useQuery({
    queryKey: phasesKey(acc),
    queryFn: async () =>
      (await api.get<TContactPhase[]>('/p/chat/inbox/phases', { acc })).sort((a, b) => a.order - b.order),
    staleTime: 60_000,
  });
}

export function useTags(acc: string) {
  return useQuery({
    queryKey: tagsKey(acc),
    queryFn: () => api.get<TContactTag[]>('/p/chat/contact/tags', { acc }),
    staleTime: 60_000,
  });
}

export function useDuplicates(acc: string, id: string | null) {
  return useQuery({
    queryKey: duplicatesKey(acc, id ?? ''),
    queryFn: () => api.get<TContact[]>(`/p/chat/contact/${id}/duplicates`, { acc }),
    enabled: Boolean(id),
  });
}

export const contactsApi = {
  create: (acc: string, data: Record<string, unknown>) =>
    api.post<TContact>('/p/chat/contact', { data }, { query: { acc } }),
  update: (acc: string, id: string, data: Record<string, unknown>) =>
    api.put<TContact>(`/p/chat/contact/${id}`, { data, acc }, { query: { acc } }),
  remove: (acc: string, id: string) =>
    api.delete<TContact>(`/p/chat/contact/${id}`, undefined, { query: { acc } }),
  restore: (acc: string, id: string) =>
    api.post<TContact>(`/p/chat/contact/${id}/restore`, {}, { query: { acc } }),
  merge: (acc: string, targetId: string, sourceIds: string[]) =>
    api.post<TContact>('/p/chat/contact/merge', { targetId, sourceIds }, { query: { acc } }),
  bulkTags: (acc: string, ids: string[], add: string[], remove: string[]) =>
    api.post<{ updated: number }>('/p/chat/contact/bulk/tags', { ids, add, remove }, { query: { acc } }),
  bulkPhase: (acc: string, ids: string[], phase: string | null) =>
    api.post<{ updated: number }>('/p/chat/contact/bulk/phase', { ids, phase }, { query: { acc } }),
  createTag: (acc: string, body: { name: string; color: string }) =>
    api.post<TContactTag>('/p/chat/contact/tags', body, { query: { acc } }),
  updateTag: (acc: string, id: string, body: { name?: string; color?: string }) =>
    api.put<TContactTag>(`/p/chat/contact/tags/${id}`, body, { query: { acc } }),
  removeTag: (acc: string, id: string) =>
    api.delete(`/p/chat/contact/tags/${id}`, undefined, { query: { acc } }),
};

export type TExportFormat = 'csv' | 'xlsx';

/**
 * Downloads the contacts of the current filter as CSV or XLSX. A refusal (FUNCTION_UNAVAILABLE when
 * downloads are blocked, NOT_AUTHORIZED) rejects with the server's ApiError.
 */
export function downloadContacts(
  acc: string,
  filters: TContactFilters,
  format: TExportFormat,
): Promise<void> {
  const url = fileUrl('/p/chat/contact/export', { acc, format, ...filterQuery(filters) });
  return downloadFile(url, `contacts.${format}`);
}
