import {
  couponDiscount,
  type TCoupon,
  type TCouponBody,
  type TCouponQuote,
  ZCouponBody,
  zCouponCode,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { AppError } from '../../platform/errors';
import type { TBillingProvider } from './billing.provider';
import * as repo from './coupons.repo';
import type { TCouponRow } from './coupons.repo';

function present(row: TCouponRow): TCoupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
    providerPromotionId: row.providerPromotionId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Coupons (issue 13): created by the installation's operator (ops CLI/API), applied by an account's
 * admin at checkout. Unknown, not yet valid, expired and used-up codes all answer COUPON_INVALID
 * ('Coupon code is not valid' / 'Cupom inválido'). With Stripe each coupon maps to a Stripe
 * promotion code (created with the coupon, or at its first checkout when Stripe came later).
 */
export class CouponsService {
  constructor(
    private readonly db: TDb,
    private readonly provider: TBillingProvider,
  ) {}

  async create(input: TCouponBody): Promise<TCoupon> {
    const body = ZCouponBody.parse(input);
    const row = await repo.insertCouponRow(this.db, {
      id: newId(),
      code: body.code,
      kind: body.kind,
      value: body.value,
      validFrom: body.validFrom ? new Date(body.validFrom) : null,
      validUntil: body.validUntil ? new Date(body.validUntil) : null,
      maxUses: body.maxUses ?? null,
    });
    if (!row) throw new AppError('COUPON_CODE_IN_USE');
    try {
      return present(await this.withPromotion(row));
    } catch (error) {
      await repo.deleteCouponRow(this.db, row.id);
      throw error;
    }
  }

  async list(): Promise<TCoupon[]> {
    return (await repo.listCouponRows(this.db)).map(present);
  }

  /** The coupon of this code usable now, or COUPON_INVALID. */
  async usable(code: string, now = new Date()): Promise<TCouponRow> {
    const parsed = zCouponCode.safeParse(code);
    const row = parsed.success ? await repo.findCouponByCode(this.db, parsed.data) : undefined;
    if (
      !row ||
      (row.validFrom && row.validFrom > now) ||
      (row.validUntil && row.validUntil <= now) ||
      (row.maxUses !== null && row.uses >= row.maxUses)
    )
      throw new AppError('COUPON_INVALID');
    return row;
  }

  /** What the coupon takes off `amount` (cents), shown at checkout before paying. */
  async quote(code: string, amount: number): Promise<TCouponQuote> {
    const row = await this.usable(code);
    const discount = couponDiscount(row, amount);
    return { code: row.code, kind: row.kind, value: row.value, amount, discount, total: amount - discount };
  }

  /** Takes one use at a checkout paid at once (sandbox); COUPON_INVALID when it was used up meanwhile. */
  async take(id: string): Promise<void> {
    if (!(await repo.takeCouponUse(this.db, id))) throw new AppError('COUPON_INVALID');
  }

  /** Counts a use the provider granted (its promotion code applies its own limit). */
  count(id: string): Promise<void> {
    return repo.countCouponUse(this.db, id);
  }

  /** The provider's promotion code for this coupon, created when missing (Stripe only). */
  async withPromotion(row: TCouponRow): Promise<TCouponRow> {
    if (row.providerPromotionId || !this.provider.createPromotion) return row;
    const providerPromotionId = await this.provider.createPromotion({
      code: row.code,
      kind: row.kind,
      value: row.value,
      maxUses: row.maxUses,
      validUntil: row.validUntil,
    });
    await repo.setCouponPromotion(this.db, row.id, providerPromotionId);
    return { ...row, providerPromotionId };
  }
}
