import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TChatbot,
  TChatbotCreateBody,
  TChatbotDetail,
  TChatbotTemplate,
  TChatbotTestOutcome,
  TChatbotTestSession,
  TChatbotUpdateBody,
  TChatbotVersion,
  TChatPage,
  TChatPageBody,
  TFlowDocument,
  TFlowIssue,
} from '@atende/shared';
import { api, request } from '../../app/api-client';
import type { TMutationOptions } from '../../app/query-client';

/** Every chatbot query of an account: a change to one bot refreshes the list and its pages. */
export const chatbotsKey = (acc: string) => ['acc', acc, 'chatbots'] as const;
export const chatbotKey = (acc: string, id: string) => [...chatbotsKey(acc), 'one', id] as const;
export const chatbotTemplatesKey = (acc: string) => [...chatbotsKey(acc), 'templates'] as const;
export const chatbotVersionsKey = (acc: string, id: string) => [...chatbotsKey(acc), 'versions', id] as const;
export const chatPageKey = (acc: string, id: string) => [...chatbotsKey(acc), 'chatpage', id] as const;

const base = '/p/chatbots';

/** GET /p/chatbots: the account's bots, with conversations in flow now. */
export function useChatbots(acc: string) {
  return useQuery({
    queryKey: chatbotsKey(acc),
    queryFn: () => api.get<TChatbot[]>(base, { acc }),
  });
}

/** GET /p/chatbots/:id: the bot and its draft flow. */
export function useChatbot(acc: string, id: string) {
  return useQuery({
    queryKey: chatbotKey(acc, id),
    queryFn: () => api.get<TChatbotDetail>(`${base}/${id}`, { acc }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /p/chatbots/templates: the template gallery. */
export function useChatbotTemplates(acc: string) {
  return useQuery({
    queryKey: chatbotTemplatesKey(acc),
    queryFn: () => api.get<TChatbotTemplate[]>(`${base}/templates`, { acc }),
    staleTime: 5 * 60_000,
  });
}

/** GET /p/chatbots/:id/versions (newest first). */
export function useChatbotVersions(acc: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: chatbotVersionsKey(acc, id),
    queryFn: () => api.get<TChatbotVersion[]>(`${base}/${id}/versions`, { acc }),
    enabled,
  });
}

/** GET /p/chatbots/:id/chatpage. */
export function useChatPage(acc: string, id: string) {
  return useQuery({
    queryKey: chatPageKey(acc, id),
    queryFn: () => api.get<TChatPage | null>(`${base}/${id}/chatpage`, { acc }),
  });
}

const q = (acc: string) => ({ query: { acc } });

export const chatbotsApi = {
  create: (acc: string, body: TChatbotCreateBody) => api.post<TChatbot>(base, body, q(acc)),
  update: (acc: string, id: string, body: TChatbotUpdateBody) =>
    request<TChatbot>(`${base}/${id}`, { method: 'PATCH', body, query: { acc } }),
  remove: (acc: string, id: string) => api.delete<{ deleted: true }>(`${base}/${id}`, undefined, q(acc)),
  saveDraft: (acc: string, id: string, draft: TFlowDocument) =>
    api.put<{ savedAt: string; issues: TFlowIssue[] }>(`${base}/${id}/draft`, draft, q(acc)),
  validate: (acc: string, id: string) =>
    api.post<{ issues: TFlowIssue[] }>(`${base}/${id}/validate`, {}, q(acc)),
  publish: (acc: string, id: string) => api.post<TChatbot>(`${base}/${id}/publish`, {}, q(acc)),
  unpublish: (acc: string, id: string) => api.post<TChatbot>(`${base}/${id}/unpublish`, {}, q(acc)),
  duplicate: (acc: string, id: string) => api.post<TChatbot>(`${base}/${id}/duplicate`, {}, q(acc)),
  rollback: (acc: string, id: string, version: number) =>
    api.post<TChatbotDetail>(`${base}/${id}/versions/${version}/rollback`, {}, q(acc)),
  test: (acc: string, id: string) => api.post<TChatbotTestSession>(`${base}/${id}/test`, {}, q(acc)),
  /** How a live test ended (asked once its conversation closed): where its hand-over would have gone. */
  testOutcome: (acc: string, id: string, conversationId: string) =>
    api.get<TChatbotTestOutcome>(`${base}/${id}/test/${conversationId}`, { acc }),
  saveChatPage: (acc: string, id: string, body: TChatPageBody) =>
    api.put<TChatPage>(`${base}/${id}/chatpage`, body, q(acc)),
};

type TRowAction = 'publish' | 'unpublish' | 'duplicate';

/** Publish, unpublish or duplicate a bot of the list; the list is re-read before the page's `onSuccess`. */
export function useChatbotAction(
  acc: string,
  options: TMutationOptions<TChatbot, { action: TRowAction; chatbot: TChatbot }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ action, chatbot }) => chatbotsApi[action](acc, chatbot._id),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: chatbotsKey(acc) });
      await options.onSuccess?.(...args);
    },
  });
}

/** Creating a bot (from blank or a template); the list is re-read. */
export function useCreateChatbot(acc: string, options: TMutationOptions<TChatbot, TChatbotCreateBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body) => chatbotsApi.create(acc, body),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: chatbotsKey(acc) });
      await options.onSuccess?.(...args);
    },
  });
}
