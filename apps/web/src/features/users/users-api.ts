import type { TInvitationView, TLoginResult, TMember, TRole, TUserData } from '@atende/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import type { TMutationOptions } from '../../app/query-client';

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

export const invitationKey = (id: string) => ['invitation', id] as const;

/** GET /g/user/invite/:id: the invitation an e-mail link opens (no session needed). */
export function useInvitation(id: string) {
  return useQuery({
    queryKey: invitationKey(id),
    queryFn: () => api.get<TInvitationView>(`/g/user/invite/${id}`, undefined, { raw: true }),
    retry: false,
  });
}

export const usersApi = {
  changeRole: (acc: string, userId: string, acl: TRole) =>
    api.put<TMember>(`/g/acc/${acc}/users/${userId}`, { acl }),
  removeAccess: (acc: string, userId: string) => api.delete(`/g/acc/access/${acc}/${userId}`, { acc }),
  revokeInvitation: (acc: string, id: string) => api.delete(`/g/acc/${acc}/invitations/${id}`),
  /** The member's departments (`intentions`) and key entities (`entities`): ids, empty = all. */
  setAccess: (acc: string, userId: string, body: { intentions?: string[]; entities?: string[] }) =>
    api.put<TMember>(`/g/acc/${acc}/users/${userId}`, body),
  invite: (acc: string, email: string, acl: TRole, intentions: string[] = [], entities: string[] = []) =>
    api.post('/g/user/invite', { email: email.trim().toLowerCase(), acc, intentions, entities, acl }),
  /** POST /g/user/invited/update: accepting an invitation signs the user in. */
  acceptInvitation: (body: Record<string, unknown>) =>
    api.post<TLoginResult>('/g/user/invited/update', body, { raw: true }),
  me: () => api.get<TUserData>('/g/user/me'),
  /** PUT /g/user/me: name, about or interface language. */
  updateMe: (body: { name?: string; about?: string; lang?: string }) =>
    api.put<TUserData>('/g/user/me', body),
  updateAvatar: (dataUrl: string) => api.put<{ profilePic: string }>('/g/user/me/avatar', { dataUrl }),
  /** POST /g/user/me/password: other sessions end; this one gets fresh tokens. */
  changePassword: (body: { currentPassword: string; password: string }) =>
    api.post<{ accessToken: string; refreshToken: string }>('/g/user/me/password', body),
};

export function useUpdateProfile() {
  return useMutation({ mutationFn: usersApi.updateMe });
}

/** PUT the avatar, then GET the profile it belongs to (with the stored picture's url). */
export function useUpdateAvatar() {
  return useMutation({
    mutationFn: async (dataUrl: string) => {
      const { profilePic } = await usersApi.updateAvatar(dataUrl);
      return { ...(await usersApi.me()), profilePic };
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: usersApi.changePassword });
}

/** Accepting an invitation; `onSuccess` (signing in) runs while the mutation is still pending. */
export function useAcceptInvitation(options: TMutationOptions<TLoginResult, Record<string, unknown>> = {}) {
  return useMutation({ ...options, mutationFn: usersApi.acceptInvitation });
}
