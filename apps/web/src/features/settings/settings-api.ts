import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TChannel,
  TClosingReason,
  TClosingReasonBody,
  TCreateChannelBody,
  TDistributionMember,
  TInboxSettings,
  TInboxSettingsBody,
  TUpdateChannelBody,
} from '@atende/shared';
import { api } from '../../app/api-client';
import type { TMutationOptions } from '../../app/query-client';

/** Query keys and calls of the inbox settings area (server modules inbox-settings, channels, inbox). */
export const settingsKey = (acc: string) => ['acc', acc, 'inbox-settings'] as const;
export const reasonsKey = (acc: string) => ['acc', acc, 'closing-reasons'] as const;
export const channelsKey = (acc: string) => ['acc', acc, 'channels'] as const;
export const distributionKey = (acc: string) => ['acc', acc, 'distribution'] as const;

export function useInboxSettings(acc: string) {
  return useQuery({
    queryKey: settingsKey(acc),
    queryFn: () => api.get<TInboxSettings>('/p/chat/settings', { acc }),
  });
}

/** PUT any subset of the settings; the answer (all settings) replaces the cached ones. */
export function useSaveSettings(acc: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInboxSettingsBody) =>
      api.put<TInboxSettings>('/p/chat/settings', body, { query: { acc } }),
    onSuccess: (data) => queryClient.setQueryData(settingsKey(acc), data),
  });
}

/** The account's closing reasons (this page edits them, the inbox's close dialog offers them). */
export function useClosingReasons(acc: string) {
  return useQuery({
    queryKey: reasonsKey(acc),
    queryFn: () => api.get<TClosingReason[]>('/p/chat/closing-reasons', { acc }),
    staleTime: 60_000,
  });
}

export const saveReason = (acc: string, id: string | null, body: TClosingReasonBody) =>
  id
    ? api.put<TClosingReason>(`/p/chat/closing-reasons/${id}`, body, { query: { acc } })
    : api.post<TClosingReason>('/p/chat/closing-reasons', body, { query: { acc } });

export const deleteReason = (acc: string, id: string) =>
  api.delete<null>(`/p/chat/closing-reasons/${id}`, undefined, { query: { acc } });

export function useChannels(acc: string) {
  return useQuery({
    queryKey: channelsKey(acc),
    queryFn: () => api.get<TChannel[]>('/p/chat/channels', { acc }),
  });
}

export const createChannel = (acc: string, body: TCreateChannelBody) =>
  api.post<TChannel>('/p/chat/channels', body, { query: { acc } });

export const updateChannel = (acc: string, id: string, body: TUpdateChannelBody) =>
  api.put<TChannel>(`/p/chat/channels/${id}`, body, { query: { acc } });

/** Turning a channel on or off (PUT with its status); the list is re-read before the page's `onSuccess`. */
export function useUpdateChannel(
  acc: string,
  options: TMutationOptions<TChannel, { id: string; body: TUpdateChannelBody }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, body }) => updateChannel(acc, id, body),
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: channelsKey(acc) });
    },
  });
}

export const deleteChannel = (acc: string, id: string) =>
  api.delete<null>(`/p/chat/channels/${id}`, undefined, { query: { acc } });

export function useDistribution(acc: string) {
  return useQuery({
    queryKey: distributionKey(acc),
    queryFn: () => api.get<TDistributionMember[]>('/p/chat/distribution', { acc }),
  });
}

export const addToQueue = (acc: string, userId: string) =>
  api.post<TDistributionMember[]>('/p/chat/distribution/members', { userId }, { query: { acc } });

export const removeFromQueue = (acc: string, userId: string) =>
  api.delete<TDistributionMember[]>(`/p/chat/distribution/members/${userId}`, undefined, { query: { acc } });
