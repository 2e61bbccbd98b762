import { useQuery } from '@tanstack/react-query';
import type { TQuickMessage, TQuickMessageBody } from '@atende/shared';
import { api } from '../../app/api-client';

export const quickMessagesKey = (acc: string) => ['acc', acc, 'quick-messages'] as const;

/** The account's quick messages (this page edits them, the inbox's composer offers them). */
export function useQuickMessages(acc: string) {
  return useQuery({
    queryKey: quickMessagesKey(acc),
    queryFn: () => api.get<TQuickMessage[]>('/p/chat/quick-messages', { acc }),
    staleTime: 60_000,
  });
}

export const saveQuickMessage = (acc: string, id: string | null, body: TQuickMessageBody) =>
  id
    ? api.put<TQuickMessage>(`/p/chat/quick-messages/${id}`, body, { query: { acc } })
    : api.post<TQuickMessage>('/p/chat/quick-messages', body, { query: { acc } });

export const deleteQuickMessage = (acc: string, id: string) =>
  api.delete<null>(`/p/chat/quick-messages/${id}`, undefined, { query: { acc } });
