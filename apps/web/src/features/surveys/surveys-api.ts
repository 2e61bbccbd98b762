import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TFeedbackQuery,
  TFeedbackReport,
  TSurveyRequest,
  TSurveySettings,
  TSurveySettingsBody,
  TVerbatim,
} from '@atende/shared';
import { api } from '../../app/api-client';
import { downloadFile, fileUrl } from '../../app/download';

export const surveySettingsKey = (acc: string) => ['acc', acc, 'surveys', 'settings'] as const;

/** The account's survey settings (settings → Surveys). */
export function useSurveySettings(acc: string) {
  return useQuery({
    queryKey: surveySettingsKey(acc),
    queryFn: () => api.get<TSurveySettings>('/p/surveys/settings', { acc }),
  });
}

export function useSaveSurveySettings(acc: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSurveySettingsBody) =>
      api.put<TSurveySettings>('/p/surveys/settings', body, { query: { acc } }),
    onSuccess: (data) => queryClient.setQueryData(surveySettingsKey(acc), data),
  });
}

/** The filters as query parameters (the empty ones left out). */
function queryOf(filters: TFeedbackQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value) out[key] = String(value);
  return out;
}

/** The feedback report (/apps/feedback) for the filters. */
export function useFeedbackReport(acc: string, filters: TFeedbackQuery) {
  return useQuery({
    queryKey: ['acc', acc, 'surveys', 'report', filters],
    queryFn: () => api.get<TFeedbackReport>('/p/surveys/report', { acc, ...queryOf(filters) }),
    placeholderData: keepPreviousData,
  });
}

/** The comments (verbatims) with their scores, searched and paged. */
export function useVerbatims(
  acc: string,
  filters: TFeedbackQuery,
  search: string,
  page: number,
  limit: number,
) {
  return useQuery({
    queryKey: ['acc', acc, 'surveys', 'verbatims', filters, search, page],
    queryFn: () =>
      api.get<{ items: TVerbatim[]; count: number }>('/p/surveys/verbatims', {
        acc,
        ...queryOf(filters),
        ...(search ? { search } : {}),
        page,
        limit,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered surveys (FUNCTION_UNAVAILABLE when report downloads are restricted). */
export function downloadFeedback(
  acc: string,
  filters: TFeedbackQuery,
  format: 'csv' | 'xlsx',
): Promise<void> {
  return downloadFile(
    fileUrl('/p/surveys/export', { acc, ...queryOf(filters), format }),
    `feedback-${filters.dateFilter}.${format}`,
  );
}

export const conversationSurveyKey = (acc: string, conversationId: string) =>
  ['acc', acc, 'surveys', 'conversation', conversationId] as const;

/** The survey a conversation got, if any (the inbox's "send survey"). */
export function useConversationSurvey(acc: string, conversationId: string) {
  return useQuery({
    queryKey: conversationSurveyKey(acc, conversationId),
    queryFn: () => api.get<TSurveyRequest | null>(`/p/surveys/conversation/${conversationId}`, { acc }),
  });
}

export function useSendSurvey(acc: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<TSurveyRequest>(`/p/surveys/conversation/${conversationId}/send`, undefined, {
        query: { acc },
      }),
    onSuccess: (data) => queryClient.setQueryData(conversationSurveyKey(acc, conversationId), data),
  });
}
