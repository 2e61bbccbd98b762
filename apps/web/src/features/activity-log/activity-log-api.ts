import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';

export interface TActivity {
  _id: string;
  userName: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  ip: string;
  createdAt: string;
}

export const ACTIVITY_PAGE_SIZE = 30;

export const activityKey = (acc: string, page: number) => ['acc', acc, 'activity', page] as const;

/** GET /p/activity-log: one page of the account's activity, newest first (the previous page shows meanwhile). */
export function useActivityLog(acc: string, page: number, limit = ACTIVITY_PAGE_SIZE) {
  return useQuery({
    queryKey: activityKey(acc, page),
    queryFn: () => api.get<{ items: TActivity[]; count: number }>('/p/activity-log', { acc, page, limit }),
    placeholderData: keepPreviousData,
  });
}
