import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TKnowledgeAnswer, TKnowledgeSource } from '@atende/shared';
import { api } from '../../app/api-client';

export const knowledgeSourcesKey = (acc: string) => ['acc', acc, 'knowledge-sources'] as const;
const base = '/p/ai/knowledge';

const pending = (s: TKnowledgeSource) => s.status === 'not_trained' || s.status === 'training';

/** GET /p/ai/knowledge/sources: the account's sources; polled while one is still training. */
export function useKnowledgeSources(acc: string) {
  return useQuery({
    queryKey: knowledgeSourcesKey(acc),
    queryFn: () => api.get<{ items: TKnowledgeSource[]; count: number }>(`${base}/sources`, { acc }),
    refetchInterval: (query) => (query.state.data?.items.some(pending) ? 1500 : false),
  });
}

function useSourceMutation<TVars>(acc: string, fn: (vars: TVars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: knowledgeSourcesKey(acc) }),
  });
}

export const useAddFaq = (acc: string) =>
  useSourceMutation(acc, (body: { question: string; answer: string }) =>
    api.post<TKnowledgeSource>(`${base}/sources/faq`, body, { query: { acc } }),
  );

/** POST /p/ai/knowledge/sources/url: a web page the server downloads and trains. */
export const useAddPage = (acc: string) =>
  useSourceMutation(acc, (url: string) =>
    api.post<TKnowledgeSource>(`${base}/sources/url`, { url }, { query: { acc } }),
  );

export const useRetrain = (acc: string) =>
  useSourceMutation(acc, (id: string) =>
    api.post<TKnowledgeSource>(`${base}/sources/${id}/train`, {}, { query: { acc } }),
  );

export const useRemoveSource = (acc: string) =>
  useSourceMutation(acc, (id: string) => api.delete(`${base}/sources/${id}`, undefined, { query: { acc } }));

/** POST /p/ai/knowledge/ask: the test console. */
export const useAsk = (acc: string) =>
  useMutation({
    mutationFn: (question: string) =>
      api.post<TKnowledgeAnswer>(`${base}/ask`, { question }, { query: { acc } }),
  });

export const UPLOAD_PATH = `${base}/sources/file`;
