import { z } from 'zod';
import { PLAN_IDS } from '../plans';
import { LIMITS } from '../limits';
import { zEmail, zIsoDate, zPassword, zPhone, zRequiredText } from './common';

export const ZLoginBody = z.object({
  email: zEmail,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
  remember_me: z.boolean().optional().default(false),
});
export type TLoginBody = z.input<typeof ZLoginBody>;

export const ZRegisterBody = z.object({
  name: zRequiredText(120),
  phone: zPhone,
  email: zEmail,
  password: zPassword,
  lang: z.enum(['pt-BR', 'en']).optional(),
});
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZSetupBody = ZRegisterBody.extend({
  plan: z.enum(PLAN_IDS, { error: 'selectRequired' }),
  companyName: zRequiredText(120),
  companyIndustry: zRequiredText(120),
  companyEmployees: zRequiredText(40),
});
export type TSetupBody = z.input<typeof ZSetupBody>;

export const ZEmailBody = z.object({ email: zEmail });
export type TEmailBody = z.input<typeof ZEmailBody>;

export const ZVerifyOtpBody = z.object({
  email: zEmail,
  otp: z
    .string({ error: 'required' })
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.otp.digits}}$`), { error: 'otp' }),
});
export type TVerifyOtpBody = z.input<typeof ZVerifyOtpBody>;

export const ZRefreshBody = z.object({
  token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
});

export const ZNewPasswordBody = z.object({
  token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
  password: zPassword,
});
export type TNewPasswordBody = z.input<typeof ZNewPasswordBody>;

export const ZChangePasswordBody = z.object({
  currentPassword: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
  password: zPassword,
});
export type TChangePasswordBody = z.input<typeof ZChangePasswordBody>;

export const ZUserData = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  lang: z.string(),
  about: z.string(),
  profilePic: z.string().nullable(),
  status: z.string(),
  isConfirmed: z.boolean(),
  createdAt: zIsoDate,
});
export type TUserData = z.infer<typeof ZUserData>;

/** An access token and its rotating refresh token. */
export const ZTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const ZLoginResult = z.object({
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  lang: z.string(),
  isConfirmed: z.boolean(),
  user: ZUserData,
});
export type TLoginResult = z.infer<typeof ZLoginResult>;
