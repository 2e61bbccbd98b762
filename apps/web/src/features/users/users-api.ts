import type { TMember } from '@atende/shared';
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
