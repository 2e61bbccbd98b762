import { z } from 'zod';
import { PLAN_IDS, type TPlan } from '../plans';
import { ROLES } from '../roles';
import { zIsoDate, zRequiredText } from './common';

export const ZCreateAccountBody = z.object({
  plan: z.enum(PLAN_IDS, { error: 'selectRequired' }).default('free'),
  name: zRequiredText(120),
  companyIndustry: z.string().trim().max(120).optional().default(''),
  companyGoal: z.string().trim().max(200).optional().default(''),
  whitelabel: z.boolean().optional().default(false),
  companyEmployeeCount: z.string().trim().max(40).optional().default(''),
});
export type TCreateAccountBody = z.input<typeof ZCreateAccountBody>;

export const ZUpdateAccountBody = z
  .object({
    name: zRequiredText(120).optional(),
    companyIndustry: z.string().trim().max(120).optional(),
    companyGoal: z.string().trim().max(200).optional(),
    intercom: z.string().trim().max(200).optional(),
    timezone: z
      .string()
      .trim()
      .refine((tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC', { error: 'invalid' })
      .optional(),
    // Restrictions (spec §6, issue 13): operators lose the contacts page / contacts everywhere;
    // managers cannot download reports.
    blockContactTab: z.boolean().optional(),
    blockContactTabGeneral: z.boolean().optional(),
    blockDownloadExcel: z.boolean().optional(),
    restrictReportDownload: z.boolean().optional(),
  })
  .strict();
export type TUpdateAccountBody = z.input<typeof ZUpdateAccountBody>;

export const ZDeleteAccountBody = z.object({ confirm: z.string({ error: 'required' }).max(20) });

export const ZChangePlanBody = z
  .object({
    period: z.enum(['monthly', 'yearly']).optional().default('monthly'),
    coupon: z.string().max(40).optional(),
  })
  // A PUT without a body reaches the validator as null: it means the defaults.
  .nullish()
  .transform((body) => body ?? { period: 'monthly' as const });

export const ZAccount = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  companyIndustry: z.string(),
  companyGoal: z.string(),
  companyEmployeeCount: z.string(),
  intercom: z.string(),
  createdAt: zIsoDate,
  status: z.number(),
  whitelabel: z.boolean(),
  inQueue: z.boolean(),
  locked: z.boolean(),
  aiEnable: z.boolean(),
  assistantEnable: z.boolean(),
  blockContactTab: z.boolean(),
  blockContactTabGeneral: z.boolean(),
  blockDownloadExcel: z.boolean(),
  smsDispatchEnable: z.boolean(),
  automationEnable: z.boolean(),
  automationLimit: z.number(),
  smsCredit: z.number(),
  versionNamespace: z.string(),
  restrictReportDownload: z.boolean(),
  accIsPaying: z.boolean(),
  blocked: z.boolean(),
});
export type TAccount = z.infer<typeof ZAccount>;

/** A plan of the catalogue (plans.ts PLANS). */
export const ZPlan = z.object({
  id: z.enum(PLAN_IDS),
  title: z.string(),
  price: z.number(),
  trialDays: z.number(),
  providerPlanId: z.string(),
  planParameters: z.object({ conversations: z.number(), chatbots: z.number() }),
}) satisfies z.ZodType<TPlan>;

export const ZAccountPlan = z.object({
  id: z.string(),
  price: z.number(),
  planParameters: ZPlan.shape.planParameters,
  paymentStatus: z.enum(['trial', 'paid', 'pending', 'free', 'overdue']),
  period: z.enum(['monthly', 'yearly']),
  endDate: zIsoDate.nullable(),
  trialStartDate: zIsoDate.nullable(),
  trialEndDate: zIsoDate.nullable(),
  remainingTrialDays: z.number(),
  trialActive: z.boolean(),
  isBonus: z.boolean(),
  financialCustomerId: z.string().nullable(),
  plan: ZPlan,
});
export type TAccountPlan = z.infer<typeof ZAccountPlan>;

export const ZAccountUsage = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  conversations: z.number(),
  limit: z.number(),
});
export type TAccountUsage = z.infer<typeof ZAccountUsage>;

/** GET g/acc/{acc}. */
export const ZAccountDetails = z.object({
  acc: ZAccount,
  plan: ZPlan,
  accPlan: ZAccountPlan,
  accFinancial: z.object({
    customerId: z.string().nullable(),
    provider: z.string(),
    isPaying: z.boolean(),
    usage: ZAccountUsage,
  }),
  userAccAccessAcl: z.enum(ROLES),
});
export type TAccountDetails = z.infer<typeof ZAccountDetails>;

export const ZAccountListItem = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  label: z.string(),
  versionNamespace: z.string(),
  version: z.string(),
  role: z.enum(ROLES),
});
export type TAccountListItem = z.infer<typeof ZAccountListItem>;

/** PUT g/acc/{acc}/plan/{id}: how the change went (a trial, the free plan, paid, or the checkout's URL). */
export const ZPlanChange = z.object({
  provider: z.string(),
  status: z.enum(['trial', 'free', 'redirect', 'paid']),
  url: z.string().optional(),
  sandbox: z.boolean(),
});

/**
 * GET g/acc/{acc}/billing/checkout (issue 13): the installation's payment provider, so checkout says
 * what will happen (sandbox: nothing charged; Stripe: its hosted payment page); `available` is false in
 * production without Stripe (paid plans refused with PAYMENTS_NOT_CONFIGURED).
 */
export const ZCheckoutInfo = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  sandbox: z.boolean(),
  available: z.boolean(),
});
export type TCheckoutInfo = z.infer<typeof ZCheckoutInfo>;

/** One entry of the account's activity log (p/activity-log, admins). */
export const ZActivityEntry = z.object({
  _id: z.string(),
  acc: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string(),
  createdAt: zIsoDate,
});
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

/** The account restrictions admins switch (Settings → Restrictions; spec §6). */
export const ACCOUNT_RESTRICTIONS = [
  'blockContactTab',
  'blockContactTabGeneral',
  'blockDownloadExcel',
  'restrictReportDownload',
] as const;
export type TAccountRestriction = (typeof ACCOUNT_RESTRICTIONS)[number];
