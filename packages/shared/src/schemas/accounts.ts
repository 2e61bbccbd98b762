import { z } from 'zod';
import { PLAN_IDS, type TPlan } from '../plans';
import type { TRole } from '../roles';
import { zRequiredText } from './common';

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

export interface TAccount {
  _id: string;
  id: string;
  name: string;
  timezone: string;
  companyIndustry: string;
  companyGoal: string;
  companyEmployeeCount: string;
  intercom: string;
  createdAt: string;
  status: number;
  whitelabel: boolean;
  inQueue: boolean;
  locked: boolean;
  aiEnable: boolean;
  assistantEnable: boolean;
  blockContactTab: boolean;
  blockContactTabGeneral: boolean;
  blockDownloadExcel: boolean;
  smsDispatchEnable: boolean;
  automationEnable: boolean;
  automationLimit: number;
  smsCredit: number;
  versionNamespace: string;
  restrictReportDownload: boolean;
  accIsPaying: boolean;
  blocked: boolean;
}

export interface TAccountPlan {
  id: string;
  price: number;
  planParameters: TPlan['planParameters'];
  paymentStatus: 'trial' | 'paid' | 'pending' | 'free' | 'overdue';
  period: 'monthly' | 'yearly';
  endDate: string | null;
  trialStartDate: string | null;
  trialEndDate: string | null;
  remainingTrialDays: number;
  trialActive: boolean;
  isBonus: boolean;
  financialCustomerId: string | null;
  plan: TPlan;
}

export interface TAccountUsage {
  periodStart: string;
  periodEnd: string;
  conversations: number;
  limit: number;
}

export interface TAccountDetails {
  acc: TAccount;
  plan: TPlan;
  accPlan: TAccountPlan;
  accFinancial: { customerId: string | null; provider: string; isPaying: boolean; usage: TAccountUsage };
  userAccAccessAcl: TRole;
}

export interface TAccountListItem {
  _id: string;
  id: string;
  name: string;
  label: string;
  versionNamespace: string;
  version: string;
  role: TRole;
}
