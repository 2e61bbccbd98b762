import { useQuery } from '@tanstack/react-query';
import type { TDepartment, TDepartmentBody, TKeyEntity, TKeyEntityBody } from '@atende/shared';
import { api } from '../../app/api-client';

/** Query keys and calls of departments and key entities (server module departments). */
export const departmentsKey = (acc: string) => ['acc', acc, 'departments'] as const;
export const keyEntitiesKey = (acc: string) => ['acc', acc, 'key-entities'] as const;

/** The account's departments (every member reads them: transfer dialogs, filters, the team page). */
export function useDepartments(acc: string, enabled = true) {
  return useQuery({
    queryKey: departmentsKey(acc),
    queryFn: () => api.get<TDepartment[]>('/p/chat/departments', { acc }),
    staleTime: 60_000,
    enabled: Boolean(acc) && enabled,
  });
}

export const saveDepartment = (acc: string, id: string | null, body: TDepartmentBody) =>
  id
    ? api.put<TDepartment>(`/p/chat/departments/${id}`, body, { query: { acc } })
    : api.post<TDepartment>('/p/chat/departments', body, { query: { acc } });

export const deleteDepartment = (acc: string, id: string) =>
  api.delete<null>(`/p/chat/departments/${id}`, undefined, { query: { acc } });

/** The key entities this member may see (admins: all). */
export function useKeyEntities(acc: string, enabled = true) {
  return useQuery({
    queryKey: keyEntitiesKey(acc),
    queryFn: () => api.get<TKeyEntity[]>('/p/chat/entities', { acc }),
    staleTime: 60_000,
    enabled: Boolean(acc) && enabled,
  });
}

export const saveKeyEntity = (acc: string, id: string | null, body: TKeyEntityBody) =>
  id
    ? api.put<TKeyEntity>(`/p/chat/entities/${id}`, body, { query: { acc } })
    : api.post<TKeyEntity>('/p/chat/entities', body, { query: { acc } });

export const deleteKeyEntity = (acc: string, id: string) =>
  api.delete<null>(`/p/chat/entities/${id}`, undefined, { query: { acc } });

/** Department names by id (a department deleted meanwhile shows nothing rather than its id). */
export function departmentNames(departments: TDepartment[] | undefined): Map<string, string> {
  return new Map((departments ?? []).map((d) => [d._id, d.name]));
}
