import { useMutation } from '@tanstack/react-query';
import type { TAccount, TAccountListItem, TCreateAccountBody } from '@atende/shared';
import type { TMutationOptions } from '../../app/query-client';
import { accountsApi } from './accounts-api';

/** POST /g/acc: a new account, the caller its master. */
export function useCreateAccount(options: TMutationOptions<TAccountListItem, TCreateAccountBody> = {}) {
  return useMutation({ ...options, mutationFn: accountsApi.create });
}

/** PUT /g/acc/:id (name, industry, goal or time zone). */
export function useUpdateAccount(
  id: string,
  options: TMutationOptions<TAccount, Record<string, unknown>> = {},
) {
  return useMutation({ ...options, mutationFn: (body) => accountsApi.update(id, body) });
}

/** DELETE /g/acc/:id with the typed confirmation word. */
export function useDeleteAccount(id: string, options: TMutationOptions<unknown, string> = {}) {
  return useMutation({ ...options, mutationFn: (confirm) => accountsApi.remove(id, confirm) });
}
