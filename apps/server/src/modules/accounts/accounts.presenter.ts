import {
  findPlan,
  isAccountBlocked,
  isTrialActive,
  PLANS,
  remainingTrialDays,
  type TAccount,
  type TAccountListItem,
  type TAccountPlan,
  type TPlan,
  type TRole,
} from '@atende/shared';
import type { TAccountPlanRow, TAccountRow } from './accounts.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function planOf(row: TAccountPlanRow): TPlan {
  return findPlan(row.planId) ?? PLANS[0];
}

export function trialInput(plan: TAccountPlanRow) {
  return { isBonus: plan.isBonus, accIsPaying: plan.isPaying, trialEndDate: plan.trialEndDate };
}

export function presentAccount(row: TAccountRow, plan: TAccountPlanRow, now = new Date()): TAccount {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    companyIndustry: row.companyIndustry,
    companyGoal: row.companyGoal,
    companyEmployeeCount: row.companyEmployeeCount,
    intercom: row.intercom,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    whitelabel: row.whitelabel,
    inQueue: row.inQueue,
    locked: row.locked,
    aiEnable: row.aiEnable,
    assistantEnable: row.assistantEnable,
    blockContactTab: row.blockContactTab,
    blockContactTabGeneral: row.blockContactTabGeneral,
    blockDownloadExcel: row.blockDownloadExcel,
    smsDispatchEnable: row.smsDispatchEnable,
    automationEnable: row.automationEnable,
    automationLimit: row.automationLimit,
    smsCredit: row.smsCredit,
    versionNamespace: row.versionNamespace,
    restrictReportDownload: row.restrictReportDownload,
    accIsPaying: plan.isPaying,
    // Disabled accounts (status 0) go to /blocked like locked ones.
    blocked: row.status === 0 || isAccountBlocked({ ...trialInput(plan), locked: row.locked }, now),
  };
}

export function presentAccountPlan(row: TAccountPlanRow, now = new Date()): TAccountPlan {
  const plan = planOf(row);
  return {
    id: plan.id,
    price: row.price,
    planParameters: plan.planParameters,
    paymentStatus: row.paymentStatus as TAccountPlan['paymentStatus'],
    period: row.period as TAccountPlan['period'],
    endDate: iso(row.endDate),
    trialStartDate: iso(row.trialStartDate),
    trialEndDate: iso(row.trialEndDate),
    remainingTrialDays: remainingTrialDays(row.trialEndDate, now),
    trialActive: isTrialActive(trialInput(row), now),
    isBonus: row.isBonus,
    financialCustomerId: row.financialCustomerId,
    plan,
  };
}

export function presentListItem(row: {
  id: string;
  name: string;
  versionNamespace: string;
  acl: string;
}): TAccountListItem {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    label: row.name,
    versionNamespace: row.versionNamespace,
    version: row.versionNamespace,
    role: row.acl as TRole,
  };
}
