import { useQuery } from '@tanstack/react-query';
import type { TQuickMessage, TQuickMessageBody } from '@atende/shared';
import { api } from '../../app/api-client';

export const quickMessagesKey = (acc: string) => ['acc', acc, 'quick-messages'] as const;

export function useQuickMessages(acc: string) {
  return useQuery({
    queryKey: quickMessagesKey(acc),
    queryFn: () => api.get<TQuickMessage[]>('/p/chat/quick-messages', { acc }),
  });
}

export const saveQuickMessage = (acc: string, id: string | null, body: TQuickMessageBody) =>
  id
    ? api.put<TQuickMessage>(`/p/chat/quick-messages/${id}`, body, { query: { acc } })
    : api.post<TQuickMessage>('/p/chat/quick-messages', body, { query: { acc } });

export const deleteQuickMessage = (acc: string, id: string) =>
  api.delete<null>(`/p/chat/quick-messages/${id}`, undefined, { query: { acc } });
