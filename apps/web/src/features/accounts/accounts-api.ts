import type { TAccount, TAccountDetails, TAccountListItem, TCreateAccountBody } from '@atende/shared';
import { api } from '../../app/api-client';

/**
 * The account calls (server module accounts). The signed-in user's accounts live in the session
 * store (app/session.ts, in the entry chunk), not in the query cache: plain calls only here, so the
 * entry does not carry TanStack Query; the account pages' mutations are in account-mutations.ts.
 */
export const accountsApi = {
  /** GET /g/acc/list: the accounts the user belongs to. */
  list: () => api.get<TAccountListItem[]>('/g/acc/list'),
  /** GET /g/acc/getFirstAcc: the user's first account (404 without any). */
  first: () => api.get<TAccountListItem>('/g/acc/getFirstAcc'),
  /** GET /g/acc/:id: the account with the user's role, plan and trial. */
  details: (id: string) => api.get<TAccountDetails>(`/g/acc/${id}`),
  create: (body: TCreateAccountBody) => api.post<TAccountListItem>('/g/acc', body),
  update: (id: string, body: Record<string, unknown>) => api.put<TAccount>(`/g/acc/${id}`, body),
  /** DELETE /g/acc/:id with the typed confirmation word (DELETE / EXCLUIR). */
  remove: (id: string, confirm: string) => api.delete(`/g/acc/${id}`, { confirm }),
};
