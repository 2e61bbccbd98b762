import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTemplate, TTemplateBody } from '@atende/shared';
import { api } from '../../app/api-client';
import type { TMutationOptions } from '../../app/query-client';

/** Every template list of the account (the page's and the composer's): a change refreshes them all. */
export const templatesKey = (acc: string) => ['acc', acc, 'templates'] as const;

export interface TTemplateFilter {
  channelId?: string;
  status?: TTemplate['status'];
}

/**
 * GET /p/chat/templates: the account's templates, or a channel's in one status (the inbox asks for
 * a WhatsApp channel's approved ones). The API answers `{ items, count }`.
 */
export function useTemplates(acc: string, filter: TTemplateFilter = {}, enabled = true) {
  return useQuery({
    queryKey: [...templatesKey(acc), filter],
    queryFn: () => api.get<{ items: TTemplate[]; count: number }>('/p/chat/templates', { acc, ...filter }),
    enabled,
  });
}

export const saveTemplate = (acc: string, id: string | null, body: TTemplateBody) =>
  id
    ? api.put<TTemplate>(`/p/chat/templates/${id}`, body, { query: { acc } })
    : api.post<TTemplate>('/p/chat/templates', body, { query: { acc } });

export const deleteTemplate = (acc: string, id: string) =>
  api.delete<{ deleted: boolean }>(`/p/chat/templates/${id}`, undefined, { query: { acc } });

/** Sends a draft for Meta's review, or a rejected (fixed) one again. */
export const submitTemplate = (acc: string, template: TTemplate) =>
  api.post<TTemplate>(
    `/p/chat/templates/${template._id}/${template.status === 'rejected' ? 'resubmit' : 'submit'}`,
    {},
    { query: { acc } },
  );

/** Reads every submitted template's status from Meta. */
export const syncTemplates = (acc: string) =>
  api.post<{ items: TTemplate[]; count: number }>('/p/chat/templates/sync', {}, { query: { acc } });

/** Submitting (or resubmitting) a template; the list is re-read before the page's `onSuccess`. */
export function useSubmitTemplate(acc: string, options: TMutationOptions<TTemplate, TTemplate> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (template) => submitTemplate(acc, template),
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: templatesKey(acc) });
    },
  });
}

/** Syncing the statuses from Meta: the answer replaces the cached list. */
export function useSyncTemplates(
  acc: string,
  options: TMutationOptions<{ items: TTemplate[]; count: number }, void> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: () => syncTemplates(acc),
    onSuccess: async (...args) => {
      queryClient.setQueryData(templatesKey(acc), args[0]);
      await options.onSuccess?.(...args);
    },
  });
}
