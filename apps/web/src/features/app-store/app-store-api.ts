import { useQuery } from '@tanstack/react-query';
import type {
  TAppCatalogueItem,
  TAppDashboardPanel,
  TAppInstall,
  TAppRun,
  TConfigureAppBody,
  TInstallAppBody,
  TPushConfig,
  TPushPreferences,
  TSuperlogicaInvoices,
  TWebhookDelivery,
  TWebhookEndpoint,
  TWebhookEndpointBody,
} from '@atende/shared';
import { api } from '../../app/api-client';

export type TList<T> = { items: T[]; count: number };

export const appStoreKey = (acc: string) => ['acc', acc, 'app-store'] as const;
export const catalogueKey = (acc: string) => [...appStoreKey(acc), 'catalogue'] as const;
export const installsKey = (acc: string) => [...appStoreKey(acc), 'installs'] as const;
export const runsKey = (acc: string, filter: Record<string, unknown>) =>
  [...appStoreKey(acc), 'runs', filter] as const;
export const endpointsKey = (acc: string) => [...appStoreKey(acc), 'endpoints'] as const;
/** An endpoint's delivery log, every filter and page of it. */
export const endpointDeliveriesKey = (acc: string, endpointId: string) =>
  [...appStoreKey(acc), 'deliveries', endpointId] as const;
export const deliveriesKey = (acc: string, endpointId: string, filter: Record<string, unknown>) =>
  [...endpointDeliveriesKey(acc, endpointId), filter] as const;
export const pushConfigKey = (acc: string) => ['acc', acc, 'push-config'] as const;

export function useCatalogue(acc: string) {
  return useQuery({
    queryKey: catalogueKey(acc),
    queryFn: () => api.get<TAppCatalogueItem[]>('/p/apps/catalogue', { acc }),
  });
}

export function useInstalls(acc: string) {
  return useQuery({
    queryKey: installsKey(acc),
    queryFn: () => api.get<TAppInstall[]>('/p/apps/installs', { acc }),
  });
}

export function useRuns(acc: string, filter: { app?: string; status?: string; page: number; limit: number }) {
  return useQuery({
    queryKey: runsKey(acc, filter),
    queryFn: () =>
      api.get<TList<TAppRun>>('/p/apps/runs', {
        acc,
        page: filter.page,
        limit: filter.limit,
        ...(filter.app ? { app: filter.app } : {}),
        ...(filter.status ? { status: filter.status } : {}),
      }),
  });
}

export const installApp = (acc: string, body: TInstallAppBody) =>
  api.post<TAppInstall>('/p/apps/installs', body, { query: { acc } });
export const configureApp = (acc: string, id: string, body: TConfigureAppBody) =>
  api.put<TAppInstall>(`/p/apps/installs/${id}`, body, { query: { acc } });
export const testApp = (acc: string, id: string) =>
  api.post<TAppRun>(`/p/apps/installs/${id}/test`, {}, { query: { acc } });
export const setAppEnabled = (acc: string, id: string, enabled: boolean) =>
  api.post<TAppInstall>(`/p/apps/installs/${id}/${enabled ? 'enable' : 'disable'}`, {}, { query: { acc } });
export const importSuperlogica = (acc: string) =>
  api.post<TAppRun>('/p/apps/superlogica/import', {}, { query: { acc } });
export const uninstallApp = (acc: string, id: string) =>
  api.delete<null>(`/p/apps/installs/${id}`, undefined, { query: { acc } });

export function useEndpoints(acc: string, enabled = true) {
  return useQuery({
    queryKey: endpointsKey(acc),
    queryFn: () => api.get<TWebhookEndpoint[]>('/p/apps/webhooks/endpoints', { acc }),
    enabled,
  });
}

/** Deliveries a page of an endpoint's log. */
export const DELIVERIES_PAGE_SIZE = 20;

export function useDeliveries(acc: string, endpointId: string, filter: { status?: string; page: number }) {
  return useQuery({
    queryKey: deliveriesKey(acc, endpointId, filter),
    queryFn: () =>
      api.get<TList<TWebhookDelivery>>(`/p/apps/webhooks/endpoints/${endpointId}/deliveries`, {
        acc,
        page: filter.page,
        limit: DELIVERIES_PAGE_SIZE,
        ...(filter.status ? { status: filter.status } : {}),
      }),
    refetchInterval: 5_000,
  });
}

export const saveEndpoint = (acc: string, id: string | null, body: TWebhookEndpointBody) =>
  id
    ? api.put<TWebhookEndpoint>(`/p/apps/webhooks/endpoints/${id}`, body, { query: { acc } })
    : api.post<TWebhookEndpoint>('/p/apps/webhooks/endpoints', body, { query: { acc } });
export const deleteEndpoint = (acc: string, id: string) =>
  api.delete<null>(`/p/apps/webhooks/endpoints/${id}`, undefined, { query: { acc } });
export const rotateEndpointSecret = (acc: string, id: string) =>
  api.post<TWebhookEndpoint>(`/p/apps/webhooks/endpoints/${id}/rotate-secret`, {}, { query: { acc } });
export const replayDelivery = (acc: string, id: string) =>
  api.post<TWebhookDelivery>(`/p/apps/webhooks/deliveries/${id}/replay`, {}, { query: { acc } });

export function usePushConfig(acc: string) {
  return useQuery({
    queryKey: pushConfigKey(acc),
    queryFn: () => api.get<TPushConfig>('/p/apps/push/config', { acc }),
  });
}
export const fetchPushConfig = (acc: string) => api.get<TPushConfig>('/p/apps/push/config', { acc });
export const savePushPreferences = (acc: string, body: TPushPreferences) =>
  api.put<TPushPreferences>('/p/apps/push/preferences', body, { query: { acc } });
export const registerPushDevice = (body: {
  acc: string;
  token: string;
  type: 'web';
  deviceID: string;
  deviceName: string;
}) => api.post<{ deviceID: string } | { invalidToken: true }>('/g/user/notification/mobile-token', body);

/** The Dashboard app's pages (the conversation's side panel tabs); every member reads them. */
export function useDashboardPanels(acc: string) {
  return useQuery({
    queryKey: ['acc', acc, 'dashboard-panels'] as const,
    queryFn: () => api.get<TAppDashboardPanel[]>('/p/apps/dashboards', { acc }),
    staleTime: 60_000,
  });
}

export const superlogicaInvoicesKey = (acc: string, contactId: string) =>
  ['acc', acc, 'superlogica-invoices', contactId] as const;

/** The contact's open Superlógica invoices (the inbox contact panel). */
export function useSuperlogicaInvoices(acc: string, contactId: string) {
  return useQuery({
    queryKey: superlogicaInvoicesKey(acc, contactId),
    queryFn: () => api.get<TSuperlogicaInvoices>('/p/apps/superlogica/invoices', { acc, contactId }),
    staleTime: 60_000,
    retry: false,
  });
}
