import { z } from 'zod';
import { zEmail, zIdList, zPassword, zPhone, zRequiredText, zRole, zUuid } from './common';

export const ZInviteBody = z.object({
  email: zEmail,
  acc: zUuid,
  intentions: zIdList,
  entities: zIdList,
  acl: zRole.optional().default('admin'),
});
export type TInviteBody = z.input<typeof ZInviteBody>;

/** Accepting an invitation: name and phone are needed only when the e-mail has no account yet. */
export const ZInvitedUpdateBody = z.object({
  name: zRequiredText(120).optional(),
  phone: zPhone.optional(),
  email: zEmail,
  password: zPassword,
  invatation: zUuid,
});
export type TInvitedUpdateBody = z.input<typeof ZInvitedUpdateBody>;

export const ZUpdateMemberBody = z.object({
  acl: zRole.optional(),
  intentions: z.array(z.string().trim().min(1).max(100)).max(500).optional(),
  entities: z.array(z.string().trim().min(1).max(100)).max(500).optional(),
});

export const ZUpdateProfileBody = z
  .object({
    name: zRequiredText(120).optional(),
    about: z.string().trim().max(500).optional(),
    phone: zPhone.optional(),
    lang: z.enum(['pt-BR', 'en']).optional(),
  })
  .strict();
export type TUpdateProfileBody = z.input<typeof ZUpdateProfileBody>;

export const ZMobileTokenBody = z.object({
  acc: zUuid,
  token: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(4096),
  type: z.enum(['web', 'android', 'ios']).default('web'),
  deviceID: z.string().trim().max(200).optional(),
  deviceName: z.string().trim().max(200).optional().default(''),
});
export const ZRemoveTokenBody = z.object({ token: z.string({ error: 'required' }).trim().min(1).max(4096) });

export interface TInvitationView {
  _id: string;
  email: string;
  acc: string;
  accName: string;
  acl: string;
  intentions: string[];
  entities: string[];
  userExists: boolean;
  expiresAt: string;
}

export interface TMember {
  _id: string;
  userId: string;
  name: string;
  email: string;
  profilePic: string | null;
  acl: string;
  intentions: string[];
  entities: string[];
  createdAt: string;
}
