import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { onLogout } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

onLogout(() => queryClient.clear());

/**
 * What a page adds to an endpoint's mutation hook (`<feature>-api.ts`): its `onSuccess` /
 * `onError`. Unlike the callbacks of `mutate()`, these run while the mutation is still pending
 * (a button stays busy through a follow-up such as re-reading the account) and a throw in
 * `onSuccess` turns the mutation into an error.
 */
export type TMutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;
