import { useQuery } from '@tanstack/react-query';
import type {
  TAutoMessage,
  TAutoMessageBody,
  TAutoMessageKind,
  TAutomation,
  TAutomationBody,
  TAutomationDryRun,
  TAutomationListItem,
  TAutomationRun,
  TConversationList,
} from '@atende/shared';
import { api } from '../../app/api-client';

/** Query keys and calls of automations (server module automations, /p/automations). */
export const automationsKey = (acc: string) => ['acc', acc, 'automations'] as const;
export const autoMessagesKey = (acc: string) => ['acc', acc, 'auto-messages'] as const;

export function useAutomations(acc: string) {
  return useQuery({
    queryKey: automationsKey(acc),
    queryFn: () =>
      api.get<{ items: TAutomationListItem[]; limit: number; enabled: boolean }>('/p/automations', { acc }),
  });
}

export function useAutomation(acc: string, id: string | null) {
  return useQuery({
    queryKey: [...automationsKey(acc), id],
    queryFn: () => api.get<TAutomation>(`/p/automations/${id}`, { acc }),
    enabled: !!id,
  });
}

export function useAutomationRuns(acc: string, id: string | null) {
  return useQuery({
    queryKey: [...automationsKey(acc), id, 'runs'],
    queryFn: () => api.get<TAutomationRun[]>(`/p/automations/${id}/runs`, { acc }),
    enabled: !!id,
    refetchInterval: 15_000,
  });
}

/** Recent conversations to try a rule on (waiting and in attendance). */
export function useRecentConversations(acc: string, enabled: boolean) {
  return useQuery({
    queryKey: ['acc', acc, 'automations', 'conversations'],
    queryFn: async () => {
      const tabs = await Promise.all(
        (['attendance', 'waiting', 'closed'] as const).map((tab) =>
          api.get<TConversationList>('/p/chat/conversation/list', { acc, tab }).catch(() => null),
        ),
      );
      return tabs.flatMap((list) => list?.items ?? []).slice(0, 200);
    },
    enabled,
    staleTime: 30_000,
  });
}

export const saveAutomation = (acc: string, id: string | null, body: TAutomationBody) =>
  id
    ? api.put<TAutomation>(`/p/automations/${id}`, body, { query: { acc } })
    : api.post<TAutomation>('/p/automations', body, { query: { acc } });

export const setAutomationActive = (acc: string, id: string, active: boolean) =>
  api.put<TAutomation>(`/p/automations/${id}/active`, { active }, { query: { acc } });

export const deleteAutomation = (acc: string, id: string) =>
  api.delete<null>(`/p/automations/${id}`, undefined, { query: { acc } });

export const reorderAutomations = (acc: string, ids: string[]) =>
  api.put<TAutomationListItem[]>('/p/automations/order', { ids }, { query: { acc } });

export const dryRunAutomation = (acc: string, id: string, conversationId: string) =>
  api.post<TAutomationDryRun>(`/p/automations/${id}/dry-run`, { conversationId }, { query: { acc } });

export function useAutoMessages(acc: string) {
  return useQuery({
    queryKey: autoMessagesKey(acc),
    queryFn: () => api.get<TAutoMessage[]>('/p/automations/auto-messages/list', { acc }),
  });
}

export const saveAutoMessage = (acc: string, kind: TAutoMessageKind, body: TAutoMessageBody) =>
  api.put<TAutoMessage>(`/p/automations/auto-messages/${kind}`, body, { query: { acc } });
