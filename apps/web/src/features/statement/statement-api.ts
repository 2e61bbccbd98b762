import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TStatement } from '@atende/shared';
import { api } from '../../app/api-client';
import { downloadFile, fileUrl } from '../../app/download';
import type { TPeriod } from './period';

export const STATEMENT_PAGE_SIZE = 50;

export function useStatement(acc: string, period: TPeriod, page: number) {
  return useQuery({
    queryKey: ['acc', acc, 'statement', period.from, period.to, page],
    queryFn: () =>
      api.get<TStatement>('/p/chat/statement', { acc, ...period, page, limit: STATEMENT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the period's statement as CSV or XLSX (FUNCTION_UNAVAILABLE when downloads are blocked). */
export function downloadStatement(acc: string, period: TPeriod, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile(
    fileUrl('/p/chat/statement/export', { acc, from: period.from, to: period.to, format }),
    `statement-${period.from}_${period.to}.${format}`,
  );
}
