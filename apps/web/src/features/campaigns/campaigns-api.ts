import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCampaign,
  TCampaignAudienceResult,
  TCampaignBodyInput,
  TCampaignFailures,
  TCampaignRecipient,
  TCampaignReview,
  TCampaignSettings,
  TCampaignSettingsBody,
  TSmsCredit,
  TTemplate,
  TChannelSummary,
} from '@atende/shared';
import { api } from '../../app/api-client';
import { downloadFile, fileUrl } from '../../app/download';
import { uploadFile } from '../../app/upload';

/** Campaigns (issue 16): every URL and query key of the feature. */
export const campaignsKey = (acc: string) => ['acc', acc, 'campaigns'] as const;
export const campaignKey = (acc: string, id: string) => ['acc', acc, 'campaigns', id] as const;
export const smsCreditKey = (acc: string) => ['acc', acc, 'sms-credit'] as const;
export const campaignSettingsKey = (acc: string) => ['acc', acc, 'campaign-settings'] as const;

type TList<T> = { items: T[]; count: number };

export function useCampaigns(
  acc: string,
  filter: { status?: string; type?: string; search?: string; page: number },
) {
  return useQuery({
    queryKey: [...campaignsKey(acc), filter],
    queryFn: () => api.get<TList<TCampaign>>('/p/campaigns', { acc, ...filter, limit: 30 }),
  });
}

export function useCampaign(acc: string, id: string | null) {
  return useQuery({
    queryKey: campaignKey(acc, id ?? 'none'),
    queryFn: () => api.get<TCampaign>(`/p/campaigns/${id}`, { acc }),
    enabled: Boolean(id),
  });
}

export function useCampaignReview(acc: string, id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...campaignKey(acc, id ?? 'none'), 'review'],
    queryFn: () => api.get<TCampaignReview>(`/p/campaigns/${id}/review`, { acc }),
    enabled: Boolean(id) && enabled,
  });
}

export function useCampaignRecipients(
  acc: string,
  id: string,
  query: { search?: string; status?: string; page: number },
) {
  return useQuery({
    queryKey: [...campaignKey(acc, id), 'recipients', query],
    queryFn: () =>
      api.get<TList<TCampaignRecipient>>(`/p/campaigns/${id}/recipients`, { acc, ...query, limit: 50 }),
  });
}

export function useCampaignFailures(acc: string, id: string) {
  return useQuery({
    queryKey: [...campaignKey(acc, id), 'failures'],
    queryFn: () => api.get<TCampaignFailures>(`/p/campaigns/${id}/failures`, { acc }),
  });
}

/** Channels of a kind, for the wizard's channel choice. */
export function useCampaignChannels(acc: string) {
  return useQuery({
    queryKey: ['acc', acc, 'channels'],
    queryFn: () => api.get<TChannelSummary[]>('/p/campaign-channels', { acc }),
    staleTime: 60_000,
  });
}

/** Approved templates of a channel. */
export function useApprovedTemplates(acc: string, channelId: string | null) {
  return useQuery({
    queryKey: ['acc', acc, 'templates', 'approved', channelId],
    queryFn: () =>
      api.get<TList<TTemplate>>('/p/chat/templates', {
        acc,
        status: 'approved',
        channelId: channelId ?? undefined,
      }),
    enabled: Boolean(channelId),
  });
}

/** A purchase paid on Stripe's page that Stripe has not confirmed yet. */
export const pendingPurchase = (credit: TSmsCredit | undefined) =>
  Boolean(credit?.history.some((h) => h.kind === 'purchase' && h.status === 'pending'));

/**
 * The SMS balance and history. `waitForPayment` (back from Stripe's page after paying): polled
 * while a purchase is pending, so the credit shows as soon as Stripe confirms it.
 */
export function useSmsCredit(acc: string, options: { enabled?: boolean; waitForPayment?: boolean } = {}) {
  return useQuery({
    queryKey: smsCreditKey(acc),
    queryFn: () => api.get<TSmsCredit>('/p/sms-credit', { acc }),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => (options.waitForPayment && pendingPurchase(query.state.data) ? 3000 : false),
  });
}

export const saveCampaign = (acc: string, id: string | null, body: TCampaignBodyInput) =>
  id
    ? api.put<TCampaign>(`/p/campaigns/${id}`, body, { query: { acc } })
    : api.post<TCampaign>('/p/campaigns', body, { query: { acc } });

export const uploadCampaignCsv = (acc: string, id: string, file: File, lang: string) =>
  uploadFile<TCampaignAudienceResult>(`/p/campaigns/${id}/csv`, acc, file, () => undefined, lang).promise;

export const addCampaignContacts = (
  acc: string,
  id: string,
  body: { tags?: string[]; phase?: string; search?: string },
) => api.post<TCampaignAudienceResult>(`/p/campaigns/${id}/contacts`, body, { query: { acc } });

export const startCampaign = (acc: string, id: string, consentAccepted: boolean) =>
  api.post<TCampaign>(`/p/campaigns/${id}/start`, { consentAccepted }, { query: { acc } });

export const campaignAction = (
  acc: string,
  id: string,
  action: 'pause' | 'resume' | 'cancel' | 'duplicate' | 'resend-unconfirmed',
) => api.post<TCampaign>(`/p/campaigns/${id}/${action}`, {}, { query: { acc } });

export const exportCampaign = (acc: string, id: string, format: 'csv' | 'xlsx') =>
  downloadFile(fileUrl(`/p/campaigns/${id}/export`, { acc, format }), `campaign.${format}`);

export const buySmsCredit = (acc: string, packageId: string) =>
  api.post<{ status: 'paid' | 'redirect'; url?: string; sandbox: boolean; balance: number }>(
    '/p/sms-credit/buy',
    { packageId },
    { query: { acc } },
  );

/** Campaigns → Settings (admins): the opt-out words. */
export function useCampaignSettings(acc: string, enabled = true) {
  return useQuery({
    queryKey: campaignSettingsKey(acc),
    queryFn: () => api.get<TCampaignSettings>('/p/campaign-settings', { acc }),
    enabled,
  });
}

export function useSaveCampaignSettings(acc: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCampaignSettingsBody) =>
      api.put<TCampaignSettings>('/p/campaign-settings', body, { query: { acc } }),
    onSuccess: (data) => client.setQueryData(campaignSettingsKey(acc), data),
  });
}
