import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAiSettings,
  TAiSettingsBody,
  TInboxAiStatus,
  TInboxAiSuggestion,
  TInboxAiSearchResult,
  TInboxAiText,
  TKnowledgeNote,
  TKnowledgeNoteBody,
  TLang,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';

/** Settings → AI (admins) and the composer's AI (operators): query keys and calls. */
/** Per language: the default prompts come in the reader's language. */
export const aiSettingsKey = (acc: string, lang: string) => ['acc', acc, 'ai-settings', lang] as const;
export const aiNotesKey = (acc: string) => ['acc', acc, 'ai-notes'] as const;
export const inboxAiStatusKey = (acc: string) => ['acc', acc, 'inbox-ai-status'] as const;

export function useAiSettings(acc: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: aiSettingsKey(acc, i18n.language),
    queryFn: () => api.get<TAiSettings>('/p/ai/settings', { acc }),
  });
}

/** PUT the prompts given (null: back to the default); the answer replaces the cached settings. */
export function useSaveAiSettings(acc: string) {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (body: TAiSettingsBody) => api.put<TAiSettings>('/p/ai/settings', body, { query: { acc } }),
    onSuccess: (data) => client.setQueryData(aiSettingsKey(acc, i18n.language), data),
  });
}

export function useAiNotes(acc: string) {
  return useQuery({
    queryKey: aiNotesKey(acc),
    queryFn: () => api.get<{ items: TKnowledgeNote[]; count: number }>('/p/ai/knowledge', { acc }),
  });
}

export const addAiNote = (acc: string, body: TKnowledgeNoteBody) =>
  api.post<TKnowledgeNote>('/p/ai/knowledge', body, { query: { acc } });

export const removeAiNote = (acc: string, id: string) =>
  api.delete(`/p/ai/knowledge/${id}`, undefined, { query: { acc } });

/** Whether AI is on for the account and a model writes (GET /p/chat/ai/status). */
export const fetchAiStatus = (acc: string) => api.get<TInboxAiStatus>('/p/chat/ai/status', { acc });

/** What the composer offers: nothing when AI is off for the account; summaries and rewriting need a model. */
export function useInboxAiStatus(acc: string) {
  return useQuery({
    queryKey: inboxAiStatusKey(acc),
    queryFn: () => fetchAiStatus(acc),
    staleTime: 5 * 60_000,
  });
}

export const inboxAiApi = {
  suggest: (acc: string, conversationId: string) =>
    api.post<TInboxAiSuggestion>(`/p/chat/conversation/${conversationId}/ai/suggest`, {}, { query: { acc } }),
  summary: (acc: string, conversationId: string) =>
    api.post<TInboxAiText>(`/p/chat/conversation/${conversationId}/ai/summary`, {}, { query: { acc } }),
  improve: (acc: string, text: string) =>
    api.post<TInboxAiText>('/p/chat/ai/improve', { text }, { query: { acc } }),
  translate: (acc: string, text: string, to: TLang) =>
    api.post<TInboxAiText>('/p/chat/ai/translate', { text, to }, { query: { acc } }),
  search: (acc: string, question: string) =>
    api.post<TInboxAiSearchResult>('/p/chat/ai/search', { question }, { query: { acc } }),
};
