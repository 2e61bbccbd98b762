import {
  type TCoupon,
  type TCouponBody,
  type TOpsAccount,
  type TOpsAccountPatch,
  isValidEmail,
  OPS_ACCOUNT_FIELDS,
  ZOpsAccountPatch,
  ZOpsSmsTopUp,
} from '@atende/shared';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AccountsService } from '../accounts/accounts.service';
import { changesOf } from '../activity-log/activity-changes';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { CouponsService } from '../billing/coupons.service';

/** Who the activity log names for these changes (the web shows it translated). */
export const SERVICE_OPERATOR = 'service operator';

/** Where a change came from: the CLI on the server, or the operator API (with the caller's address). */
export interface TOpsOrigin {
  via: 'cli' | 'api';
  ip?: string;
}

interface TSmsCredit {
  grant(accountId: string, amount: number): Promise<{ before: number; after: number }>;
}

type TRows = Awaited<ReturnType<AccountsService['operatorRows']>>;

function view(rows: TRows): TOpsAccount {
  const { account, plan } = rows;
  return {
    _id: account.id,
    name: account.name,
    status: account.status,
    plan: plan.planId,
    paymentStatus: plan.paymentStatus,
    locked: account.locked,
    isBonus: plan.isBonus,
    whitelabel: account.whitelabel,
    inQueue: account.inQueue,
    smsDispatchEnable: account.smsDispatchEnable,
    automationEnable: account.automationEnable,
    automationLimit: account.automationLimit,
    aiEnable: account.aiEnable,
    assistantEnable: account.assistantEnable,
    smsCredit: account.smsCredit,
  };
}

const isUuid = (v: string) => z.uuid().safeParse(v).success;

/**
 * Service-operator controls (issue 13): the one place the ops CLI and the operator API go through.
 * It validates each change and writes it to the account's activity log, actor "service operator",
 * with every field's value before → after.
 */
export class OpsService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly activity: ActivityLogService,
    private readonly coupons: CouponsService,
    private readonly smsCredit: TSmsCredit,
  ) {}

  /** An account by its id, or by its master's e-mail (OPS_ACCOUNT_AMBIGUOUS when several). */
  async resolve(ref: string): Promise<string> {
    const value = ref.trim();
    if (isUuid(value)) {
      await this.accounts.operatorRows(value);
      return value;
    }
    if (!isValidEmail(value)) throw new AppError('ACC_NOT_FOUND');
    const ids = await this.accounts.idsOfMasterEmail(value);
    if (ids.length === 0) throw new AppError('ACC_NOT_FOUND');
    if (ids.length > 1) throw new AppError('OPS_ACCOUNT_AMBIGUOUS', { accounts: ids });
    return ids[0];
  }

  async show(ref: string): Promise<TOpsAccount> {
    return view(await this.accounts.operatorRows(await this.resolve(ref)));
  }

  async set(ref: string, input: TOpsAccountPatch, origin: TOpsOrigin): Promise<TOpsAccount> {
    const patch = ZOpsAccountPatch.parse(input);
    const accountId = await this.resolve(ref);
    const { isBonus, ...accountFields } = patch;
    const { before, after } = await this.accounts.setOperatorFields(accountId, accountFields, {
      isBonus,
    });
    const changes = changesOf(view(before), view(after), OPS_ACCOUNT_FIELDS);
    if (changes.length) await this.log(accountId, after.account.name, changes, origin);
    return view(after);
  }

  /** Adds SMS credits (the campaigns' balance and its history). */
  async topUpSms(ref: string, input: { amount: number }, origin: TOpsOrigin): Promise<TOpsAccount> {
    const { amount } = ZOpsSmsTopUp.parse(input);
    const accountId = await this.resolve(ref);
    const { before, after } = await this.smsCredit.grant(accountId, amount);
    const rows = await this.accounts.operatorRows(accountId);
    await this.log(accountId, rows.account.name, [{ field: 'smsCredit', from: before, to: after }], origin);
    return view(rows);
  }

  createCoupon(input: TCouponBody): Promise<TCoupon> {
    return this.coupons.create(input);
  }

  listCoupons(): Promise<TCoupon[]> {
    return this.coupons.list();
  }

  private log(
    accountId: string,
    name: string,
    changes: Array<{ field: string; from?: unknown; to?: unknown }>,
    origin: TOpsOrigin,
  ) {
    return this.activity.record(
      accountId,
      { userId: '', ip: origin.ip ?? '', lang: 'en', userName: SERVICE_OPERATOR },
      {
        action: 'account.operator_changed',
        target: name,
        details: { by: 'service-operator', via: origin.via, changes },
      },
    );
  }
}
