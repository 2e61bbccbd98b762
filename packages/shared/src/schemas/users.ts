import { z } from 'zod';
import { zEmail, zIdList, zIsoDate, zPassword, zPhone, zRequiredText, zRole, zUuid } from './common';

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

export const ZInvitationView = z.object({
  _id: z.string(),
  email: z.string(),
  acc: z.string(),
  accName: z.string(),
  acl: z.string(),
  intentions: z.array(z.string()),
  entities: z.array(z.string()),
  userExists: z.boolean(),
  expiresAt: zIsoDate,
});
export type TInvitationView = z.infer<typeof ZInvitationView>;

/** An open invitation as admins list it (g/acc/{acc}/users). */
export const ZInvitationItem = z.object({
  _id: z.string(),
  email: z.string(),
  acl: z.string(),
  expiresAt: zIsoDate,
  createdAt: zIsoDate,
});

export const ZMember = z.object({
  _id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  profilePic: z.string().nullable(),
  acl: z.string(),
  intentions: z.array(z.string()),
  entities: z.array(z.string()),
  createdAt: zIsoDate,
});
export type TMember = z.infer<typeof ZMember>;

/** g/acc/{acc}/users: the members and the open invitations. */
export const ZMemberList = z.object({
  items: z.array(ZMember),
  count: z.number(),
  invitations: z.array(ZInvitationItem),
});

/** POST g/user/notification/mobile-token. */
export const ZDeviceRegistration = z.union([
  z.object({ deviceID: z.string() }),
  z.object({ invalidToken: z.literal(true) }),
]);
