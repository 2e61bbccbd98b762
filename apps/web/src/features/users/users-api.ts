import type { TMember, TRole } from '@atende/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';

export interface TPendingInvitation {
  _id: string;
  email: string;
  acl: string;
  expiresAt: string;
  createdAt: string;
}

export interface TMembersResult {
  items: TMember[];
  count: number;
  invitations: TPendingInvitation[];
}

export const membersKey = (acc: string) => ['acc', acc, 'users'] as const;

export function useMembers(acc: string | undefined, enabled = true) {
  return useQuery({
    queryKey: membersKey(acc ?? ''),
    queryFn: () => api.get<TMembersResult>(`/g/acc/${acc}/users`),
    enabled: Boolean(acc) && enabled,
  });
}

export const usersApi = {
  changeRole: (acc: string, userId: string, acl: TRole) =>
    api.put<TMember>(`/g/acc/${acc}/users/${userId}`, { acl }),
  removeAccess: (acc: string, userId: string) => api.delete(`/g/acc/access/${acc}/${userId}`, { acc }),
  revokeInvitation: (acc: string, id: string) => api.delete(`/g/acc/${acc}/invitations/${id}`),
  invite: (acc: string, email: string, acl: TRole) =>
    api.post('/g/user/invite', { email: email.trim().toLowerCase(), acc, intentions: [], entities: [], acl }),
};
