import { PLANS, type TPlan } from '@atende/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';

/** Plans from GET /g/product/plans (the shared PLANS until it answers). */
export function usePlans() {
  return useQuery({
    queryKey: ['plans'],
    queryFn: () => api.get<TPlan[]>('/g/product/plans', { product: 'atende' }),
    placeholderData: [...PLANS],
    staleTime: 10 * 60_000,
  });
}

export interface TChangePlanResult {
  provider: string;
  status: 'paid' | 'redirect' | 'free';
  url?: string;
  sandbox: boolean;
}
