import {
  ACCOUNT_RESTRICTIONS,
  hasRole,
  isDeleteConfirmation,
  usagePeriod,
  type TAccountDetails,
  type TCreateAccountBody,
  type TPlanId,
  type TRole,
  type TUpdateAccountBody,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { TActor } from '../../platform/request-context';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import {
  deleteAccountRow,
  deleteMemberKeepingAMaster,
  findAccountWithPlan,
  findMember,
  insertMember,
  insertAccountWithOwner,
  listAccountsOfUser,
  listMembers,
  updateAccountRow,
  updateMemberRow,
  setMemberIntentionsRows,
  countInvitationsWith,
  removeEntityFromListsRows,
  updatePlanRow,
  listAccountIdsOfMasterEmail,
  updateOperatorFieldsRows,
  type TNewAccount,
  type TNewPlan,
} from './accounts.repo';
import { presentAccount, presentAccountPlan, presentListItem, planOf } from './accounts.presenter';
import { initialPlan } from './plan-rules';
import type { ContactPhasesService } from '../contacts/contact-phases.service';
import type { TTenant } from '../../platform/tenancy';
import type { TenantCache } from '../../platform/tenant-cache';
import type { Realtime } from '../../platform/realtime';

export interface TNewAccountInput {
  plan: TPlanId;
  name: string;
  companyIndustry?: string;
  companyGoal?: string;
  whitelabel?: boolean;
  companyEmployeeCount?: string;
}

export class AccountsService {
  constructor(
    private readonly db: TDb,
    private readonly activity: ActivityLogService,
    private readonly cache: TenantCache,
    private readonly realtime: Realtime,
    private readonly phases: ContactPhasesService,
  ) {}

  async create(ownerUserId: string, input: TNewAccountInput | TCreateAccountBody, actor?: TActor) {
    const body = input as TNewAccountInput;
    const row = await insertAccountWithOwner(
      this.db,
      {
        name: body.name,
        companyIndustry: body.companyIndustry ?? '',
        companyGoal: body.companyGoal ?? '',
        whitelabel: body.whitelabel ?? false,
        companyEmployeeCount: body.companyEmployeeCount ?? '',
      },
      initialPlan(body.plan),
      ownerUserId,
    );
    await this.phases.seedDefaults(row.id); // the contacts module's default lead phases
    if (actor)
      await this.activity.record(row.id, actor, {
        action: 'account.created',
        target: row.name,
        details: { plan: body.plan },
      });
    return presentListItem({ ...row, acl: 'master' });
  }

  async listForUser(userId: string) {
    const rows = await listAccountsOfUser(this.db, userId);
    return rows.map(presentListItem);
  }

  async firstForUser(userId: string) {
    const [first] = await this.listForUser(userId);
    if (!first) throw new AppError('ACC_NOT_FOUND');
    return first;
  }

  /** GET g/acc/{acc}: built from what the tenant gate already loaded (no further query). */
  details(tenant: TTenant, now = new Date()): TAccountDetails {
    const period = usagePeriod(now);
    const plan = planOf(tenant.plan);
    const conversations = tenant.usage.periodStart === period.start ? tenant.usage.count : 0;
    return {
      acc: presentAccount(tenant.account, tenant.plan, now),
      plan,
      accPlan: presentAccountPlan(tenant.plan, now),
      accFinancial: {
        customerId: tenant.plan.financialCustomerId,
        provider: tenant.plan.provider,
        isPaying: tenant.plan.isPaying,
        usage: {
          periodStart: period.start,
          periodEnd: period.end,
          conversations,
          limit: plan.planParameters.conversations,
        },
      },
      userAccAccessAcl: tenant.role,
    };
  }

  async update(accountId: string, patch: TUpdateAccountBody, actor: TActor) {
    const row = await updateAccountRow(this.db, accountId, patch);
    if (!row) throw new AppError('ACC_NOT_FOUND');
    await this.cache.invalidate(accountId);
    // Restrictions (issue 13) are logged apart, with their new values.
    const restrictions = ACCOUNT_RESTRICTIONS.filter((key) => patch[key] !== undefined);
    const fields = Object.keys(patch).filter(
      (key) => !(ACCOUNT_RESTRICTIONS as readonly string[]).includes(key),
    );
    if (restrictions.length)
      await this.activity.record(accountId, actor, {
        action: 'account.restrictions_changed',
        target: row.name,
        details: { changes: Object.fromEntries(restrictions.map((key) => [key, patch[key]])) },
      });
    if (fields.length || !restrictions.length)
      await this.activity.record(accountId, actor, {
        action: 'account.updated',
        target: row.name,
        details: { fields },
      });
    const current = await findAccountWithPlan(this.db, accountId, usagePeriod().start);
    return presentAccount(row, current!.plan);
  }

  async remove(accountId: string, confirm: string) {
    if (!isDeleteConfirmation(confirm)) throw new AppError('ACC_DELETE_CONFIRMATION');
    await deleteAccountRow(this.db, accountId);
    await this.cache.invalidate(accountId);
    this.realtime.disconnectAccount(accountId);
  }

  async setPlan(
    accountId: string,
    patch: Partial<TNewPlan>,
    actor: TActor | null,
    action: 'plan.changed' = 'plan.changed',
  ) {
    const row = await updatePlanRow(this.db, accountId, patch);
    if (!row) throw new AppError('ACC_NOT_FOUND');
    await this.cache.invalidate(accountId);
    await this.activity.record(accountId, actor ?? { userId: '', ip: '', lang: 'pt-BR' }, {
      action,
      target: row.planId,
      details: { paymentStatus: row.paymentStatus, period: row.period },
    });
    return row;
  }

  /** Service-operator controls (issue 13): the account's rows (ACC_NOT_FOUND when it does not exist). */
  async operatorRows(accountId: string) {
    const found = await findAccountWithPlan(this.db, accountId, usagePeriod().start);
    if (!found) throw new AppError('ACC_NOT_FOUND');
    return { account: found.account, plan: found.plan };
  }

  /** Service-operator controls (issue 13): the ids of the accounts this e-mail is master of. */
  async idsOfMasterEmail(email: string): Promise<string[]> {
    return (await listAccountIdsOfMasterEmail(this.db, email)).map((r) => r.id);
  }

  /**
   * Service-operator controls (issue 13): fields only the installation's operator sets (the ops
   * service validates and logs them); the account's cached gate forgets the old values.
   */
  async setOperatorFields(accountId: string, account: Partial<TNewAccount>, plan: Partial<TNewPlan>) {
    const result = await updateOperatorFieldsRows(this.db, accountId, account, plan);
    if (!result) throw new AppError('ACC_NOT_FOUND');
    await this.cache.invalidate(accountId);
    return result;
  }

  /** One membership row (undefined when the user is not a member). */
  member(accountId: string, userId: string) {
    return findMember(this.db, accountId, userId);
  }

  /** A user joins the account (an accepted invitation). */
  addMember(accountId: string, member: Parameters<typeof insertMember>[2]) {
    return insertMember(this.db, accountId, member);
  }

  async members(accountId: string) {
    const rows = await listMembers(this.db, accountId);
    return rows.map(({ member, name, email, profilePic }) => ({
      _id: member.id,
      userId: member.userId,
      name,
      email,
      profilePic,
      acl: member.acl,
      intentions: member.intentions,
      entities: member.entities,
      createdAt: member.createdAt.toISOString(),
    }));
  }

  /** Role changes: admins and up; nobody grants or edits a role above their own; one master stays. */
  async updateMember(
    accountId: string,
    callerRole: TRole,
    userId: string,
    patch: { acl?: TRole; intentions?: string[]; entities?: string[] },
    actor: TActor,
  ) {
    const current = (await this.members(accountId)).find((m) => m.userId === userId);
    if (!current) throw new AppError('MEMBER_NOT_FOUND');
    if (!hasRole(callerRole, current.acl as TRole)) throw new AppError('ROLE_ABOVE_OWN');
    if (patch.acl && !hasRole(callerRole, patch.acl)) throw new AppError('ROLE_ABOVE_OWN');
    if (current.acl === 'master' && patch.acl && patch.acl !== 'master') {
      const masters = (await this.members(accountId)).filter((m) => m.acl === 'master').length;
      if (masters <= 1) throw new AppError('LAST_MASTER');
    }
    if ((await updateMemberRow(this.db, accountId, userId, patch)) === 'last_master') {
      throw new AppError('LAST_MASTER');
    }
    await this.cache.invalidate(accountId);
    if (patch.acl && patch.acl !== current.acl) {
      await this.activity.record(accountId, actor, {
        action: 'member.role_changed',
        target: current.email,
        details: { from: current.acl, to: patch.acl },
      });
    }
    return (await this.members(accountId)).find((m) => m.userId === userId)!;
  }

  /** Departments (issue 13): a department's members changed; members' rooms and caches follow. */
  async setIntentions(accountId: string, changes: Array<{ userId: string; intentions: string[] }>) {
    if (changes.length === 0) return;
    await setMemberIntentionsRows(this.db, accountId, changes);
    await this.cache.invalidate(accountId);
  }

  /** Departments/entities (issue 13): open invitations that name this department or entity. */
  invitationsWith(accountId: string, field: 'intentions' | 'entities', id: string) {
    return countInvitationsWith(this.db, accountId, field, id);
  }

  /** A key entity was deleted (issue 13): members and invitations forget it. */
  async forgetEntity(accountId: string, id: string) {
    await removeEntityFromListsRows(this.db, accountId, id);
    await this.cache.invalidate(accountId);
  }

  /** Removes a member (admins, or a member leaving); the last master cannot be removed. */
  async removeMember(accountId: string, callerRole: TRole, callerId: string, userId: string, actor: TActor) {
    const target = (await this.members(accountId)).find((m) => m.userId === userId);
    if (!target) throw new AppError('MEMBER_NOT_FOUND');
    if (callerId !== userId) {
      if (!hasRole(callerRole, 'admin')) throw new AppError('NOT_AUTHORIZED');
      if (!hasRole(callerRole, target.acl as TRole)) throw new AppError('ROLE_ABOVE_OWN');
    }
    const result = await deleteMemberKeepingAMaster(this.db, accountId, userId);
    if (result === 'not_found') throw new AppError('MEMBER_NOT_FOUND');
    if (result === 'last_master') throw new AppError('LAST_MASTER');
    await this.cache.invalidate(accountId);
    this.realtime.disconnectUser(accountId, userId);
    await this.activity.record(accountId, actor, { action: 'member.removed', target: target.email });
  }
}
