import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  type TConversation,
  type TConversationList,
  type TInboxData,
  type TMessage,
} from '@atende/shared';
import { api } from '../../../app/api-client';
import { fetchInboxData } from './inbox-load-api';
import type { TMutationOptions } from '../../../app/query-client';
import { type TUpload, uploadFile } from '../../../app/upload';
import { downloadFile, fileUrl, openFileInTab } from '../../../app/download';
import { byActivity, type TListFilters, type TListTab, type TMessagesState } from './inbox-cache';

/** Every inbox query of an account (invalidated together on an account change or a resync). */
export const inboxKey = (acc: string) => ['acc', acc, 'inbox'] as const;
export const inboxDataKey = (acc: string) => [...inboxKey(acc), 'data'] as const;
export const listsKey = (acc: string) => [...inboxKey(acc), 'list'] as const;
/** A tab list under the filters (Campanhas included: one list made of two server reads). */
export const listKey = (acc: string, tab: TListTab, filters: TListFilters) =>
  [...listsKey(acc), tab, filters] as const;
export const conversationKey = (acc: string, id: string) => [...inboxKey(acc), 'conversation', id] as const;
export const messagesKey = (acc: string, id: string) => [...inboxKey(acc), 'messages', id] as const;
export const historyKey = (acc: string, contactId: string) =>
  [...inboxKey(acc), 'history', contactId] as const;

export const MESSAGES_PAGE = 50;
/** Conversations of a contact shown in the contact panel. */
export const HISTORY_SIZE = 20;

export { fetchInboxData } from './inbox-load-api';

export function useInboxData(acc: string) {
  return useQuery({
    queryKey: inboxDataKey(acc),
    queryFn: () => fetchInboxData(acc),
    staleTime: 15_000,
  });
}

/** The server tabs the list reads (Campanhas reads waiting and in attendance, campaign ones only). */
type TServerTab = Exclude<TListTab, 'campaigns'>;

/**
 * The query string of a tab list. Built here rather than by the API client, which drops empty
 * values: operator '' is 'Sem operador' (no assignee) and must reach the server. Waiting and In
 * attendance leave campaign conversations to the Campanhas tab (`origin`).
 */
export function listPath(
  acc: string,
  tab: TServerTab,
  filters: TListFilters,
  manager: boolean,
  origin: 'campaign' | 'others' | null = tab === 'closed' || tab === 'flow' || tab === 'hold' ? null : 'others',
) {
  const params = new URLSearchParams({ acc, tab });
  if ((tab === 'attendance' || tab === 'hold') && manager) params.set('scope', 'all');
  if (origin) params.set('origin', origin === 'campaign' ? 'campaign' : 'inbound,outbound');
  if (manager && filters.operator !== null && tab !== 'waiting') params.set('operator', filters.operator);
  if (filters.department) params.set('department', filters.department);
  if (filters.channel) params.set('channel', filters.channel);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  return `/p/chat/conversation/list?${params.toString()}`;
}

function getList(path: string) {
  return api.get<TConversationList>(path, undefined, { timeoutMs: LIMITS.inboxLoadTimeoutMs });
}

export function useConversationList(
  acc: string,
  tab: TServerTab,
  filters: TListFilters,
  manager: boolean,
  enabled = true,
) {
  return useQuery({
    queryKey: listKey(acc, tab, filters),
    queryFn: () => getList(listPath(acc, tab, filters, manager)),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Campanhas: the open conversations campaigns started, read from the server (origin=campaign)
 * in the member's waiting tab (when shown) and in attendance, newest activity first, with the
 * sum of both counts. One cached list, kept live like the others (inbox-cache.ts matchesList).
 */
export function useCampaignList(acc: string, filters: TListFilters, manager: boolean, withWaiting: boolean) {
  return useQuery({
    queryKey: listKey(acc, 'campaigns', filters),
    queryFn: async (): Promise<TConversationList> => {
      const [waiting, attendance] = await Promise.all([
        withWaiting ? getList(listPath(acc, 'waiting', filters, manager, 'campaign')) : null,
        getList(listPath(acc, 'attendance', filters, manager, 'campaign')),
      ]);
      const items = [...(waiting?.items ?? []), ...attendance.items].sort(byActivity);
      return { items, count: (waiting?.count ?? 0) + attendance.count, next: null };
    },
    staleTime: 60_000,
  });
}

export function fetchConversation(acc: string, id: string) {
  return api.get<TConversation>(`/p/chat/conversation/${id}`, { acc });
}

export function useConversation(acc: string, id: string | null) {
  return useQuery({
    queryKey: conversationKey(acc, id ?? ''),
    queryFn: () => fetchConversation(acc, id!),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

/** The newest page of a conversation (older pages are merged in by loadOlderMessages). */
export function useMessages(acc: string, id: string | null) {
  return useQuery({
    queryKey: messagesKey(acc, id ?? ''),
    queryFn: async (): Promise<TMessagesState> => {
      const page = await api.get<{ items: TMessage[] }>(`/p/chat/conversation/${id}/messages`, {
        acc,
        limit: MESSAGES_PAGE,
      });
      return { items: page.items, hasOlder: page.items.length === MESSAGES_PAGE };
    },
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function fetchMessagesPage(acc: string, id: string, query: { before?: string; since?: string }) {
  return api.get<{ items: TMessage[] }>(`/p/chat/conversation/${id}/messages`, {
    acc,
    limit: query.since ? 200 : MESSAGES_PAGE,
    ...query,
  });
}

/** A contact's conversations in every stage, as far as this member may see them (newest first). */
export function useContactHistory(acc: string, contactId: string | null) {
  return useQuery({
    queryKey: historyKey(acc, contactId ?? ''),
    queryFn: async () => {
      const list = await api.get<TConversationList>('/p/chat/conversation/list', {
        acc,
        contactId: contactId!,
        limit: HISTORY_SIZE,
      });
      return list.items;
    },
    enabled: Boolean(contactId),
    staleTime: 30_000,
  });
}

/** POST /p/chat/conversation/start: a conversation the user opens (text, or a WhatsApp template). */
export interface TStartConversationBody {
  channelId: string | null;
  contactId?: string;
  phone?: string;
  templateId?: string | null;
  variables?: string[];
  text?: string;
}

/** Starting a conversation refreshes the account's inbox queries before the page's `onSuccess`. */
export function useStartConversation(
  acc: string,
  options: TMutationOptions<TConversation, TStartConversationBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body) => inboxApi.start(acc, body),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: inboxKey(acc) });
      await options.onSuccess?.(...args);
    },
  });
}

export const inboxApi = {
  start: (acc: string, body: TStartConversationBody) =>
    api.post<TConversation>('/p/chat/conversation/start', body, { query: { acc } }),
  take: (acc: string, id: string) =>
    api.post<TConversation>(`/p/chat/conversation/${id}/take`, {}, { query: { acc } }),
  reopen: (acc: string, id: string) =>
    api.post<TConversation>(`/p/chat/conversation/${id}/reopen`, {}, { query: { acc } }),
  close: (acc: string, id: string, body: { reason: string; subReason?: string }) =>
    api.post<TConversation>(`/p/chat/conversation/${id}/close`, body, { query: { acc } }),
  transfer: (acc: string, id: string, body: { operatorId?: string; departmentId?: string; note?: string }) =>
    api.post<TConversation>(`/p/chat/conversation/${id}/transfer`, body, { query: { acc } }),
  /** On hold until a moment (ISO), or the customer's next message (null). */
  hold: (acc: string, id: string, until: string | null) =>
    api.post<TConversation>(`/p/chat/conversation/${id}/hold`, { until }, { query: { acc } }),
  resume: (acc: string, id: string) =>
    api.post<TConversation>(`/p/chat/conversation/${id}/resume`, {}, { query: { acc } }),
  read: (acc: string, id: string) =>
    api.post<TConversation>(`/p/chat/conversation/${id}/read`, {}, { query: { acc } }),
  send: (acc: string, id: string, body: { clientId: string; text?: string; files?: string[] }) =>
    api.post<TMessage[]>(`/p/chat/conversation/${id}/messages`, body, { query: { acc } }),
  /** An approved WhatsApp template (also when the 24-hour window is closed). */
  sendTemplate: (
    acc: string,
    id: string,
    body: { clientId: string; templateId: string; variables: string[] },
  ) => api.post<TMessage[]>(`/p/chat/conversation/${id}/messages`, body, { query: { acc } }),
  /** The team's reaction to a customer's WhatsApp message ('' removes it). */
  react: (acc: string, id: string, messageId: string, emoji: string) =>
    api.post<TMessage['reactions']>(
      `/p/chat/conversation/${id}/messages/${messageId}/reaction`,
      { emoji },
      { query: { acc } },
    ),
  note: (acc: string, id: string, body: { text: string; clientId: string }) =>
    api.post<TMessage>(`/p/chat/conversation/${id}/note`, body, { query: { acc } }),
  renderQuickMessage: (acc: string, id: string, conversationId: string) =>
    api.get<{ text: string }>(`/p/chat/quick-messages/${id}/render`, { acc, conversationId }),
  updatedSince: (acc: string, since: string) =>
    api.get<{ items: TConversation[] }>('/p/chat/conversation/updated', { acc, since }),
};

export type TTranscriptFormat = 'html' | 'csv' | 'txt';

/**
 * A conversation's transcript (GET /p/chat/conversation/{id}/transcript, bearer token): html opens
 * in a new tab to print, csv/txt download.
 */
export function openTranscript(acc: string, id: string, format: TTranscriptFormat = 'html'): Promise<void> {
  const url = fileUrl(`/p/chat/conversation/${id}/transcript`, { acc, format });
  const options = { timeoutMs: LIMITS.requestTimeoutMs * 2 };
  return format === 'html' ? openFileInTab(url, options) : downloadFile(url, `transcript.${format}`, options);
}

export interface TUploadedFile {
  fileId: string;
  name: string;
  mimeType: string;
  size: number;
}

/** POST /p/chat/upload with progress (0..1): a file to attach to a message. */
export function uploadInboxFile(
  acc: string,
  file: File,
  onProgress: (fraction: number) => void,
  lang: string,
): TUpload<TUploadedFile> {
  return uploadFile<TUploadedFile>('/p/chat/upload', acc, file, onProgress, lang);
}
