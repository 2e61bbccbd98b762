import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TDashboardAgents,
  TDashboardFilter,
  TDashboardLegacy,
  TDashboardMain,
  TDashboardMarketing,
  TDashboardPerformance,
  TDashboardTargets,
} from '@atende/shared';
import { api } from '../../app/api-client';
import { downloadFile, fileUrl } from '../../app/download';

/** The date filter of every dashboard (spec §9 filters, or a custom range of local days). */
export interface TDashboardRange {
  filter: TDashboardFilter;
  from?: string;
  to?: string;
}

interface TDashboards {
  main: TDashboardMain;
  legacy: TDashboardLegacy;
  marketing: TDashboardMarketing;
  performance: TDashboardPerformance;
  agents: TDashboardAgents;
}

function queryOf(range: TDashboardRange): Record<string, string> {
  const out: Record<string, string> = { filter: range.filter };
  if (range.filter === 'custom' && range.from && range.to) {
    out.from = range.from;
    out.to = range.to;
  }
  return out;
}

/** One dashboard's figures (GET /p/dashboards/<kind>), kept on screen while another range loads. */
export function useDashboard<K extends keyof TDashboards>(kind: K, acc: string, range: TDashboardRange) {
  return useQuery({
    queryKey: ['acc', acc, 'dashboards', kind, range.filter, range.from ?? '', range.to ?? ''],
    queryFn: () => api.get<TDashboards[K]>(`/p/dashboards/${kind}`, { acc, ...queryOf(range) }),
    placeholderData: keepPreviousData,
    // The live part ("today so far") refreshes; the roll-ups change once a day.
    refetchInterval: kind === 'main' || kind === 'legacy' ? 60_000 : false,
  });
}

export type TDashboardTable = 'agents' | 'performance' | 'marketing' | 'days';

/** A dashboard's table as CSV or XLSX (FUNCTION_UNAVAILABLE when report downloads are blocked). */
export function downloadDashboard(
  acc: string,
  range: TDashboardRange,
  table: TDashboardTable,
  format: 'csv' | 'xlsx',
): Promise<void> {
  return downloadFile(
    fileUrl('/p/dashboards/export', { acc, ...queryOf(range), table, format }),
    `${table}.${format}`,
  );
}

export const targetsKey = (acc: string) => ['acc', acc, 'dashboards', 'targets'] as const;

export function useSaveTargets(acc: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDashboardTargets) =>
      api.put<TDashboardTargets>('/p/dashboards/targets', body, { query: { acc } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['acc', acc, 'dashboards'] }),
  });
}
