import { z } from 'zod';

/**
 * Service-operator controls (issue 13): the account fields that belong to whoever runs the
 * installation, not to the account's admins. Set only through the ops CLI or the operator API.
 */
export const OPS_BOOLEAN_FIELDS = [
  'locked',
  'isBonus',
  'whitelabel',
  'inQueue',
  'smsDispatchEnable',
  'automationEnable',
  'aiEnable',
  'assistantEnable',
] as const;
export const OPS_NUMBER_FIELDS = ['automationLimit'] as const;
export const OPS_ACCOUNT_FIELDS = [...OPS_BOOLEAN_FIELDS, ...OPS_NUMBER_FIELDS] as const;
export type TOpsAccountField = (typeof OPS_ACCOUNT_FIELDS)[number];

export const OPS_LIMITS = { automationLimitMax: 100_000, smsTopUpMax: 1_000_000 } as const;

export const ZOpsAccountPatch = z
  .object({
    locked: z.boolean().optional(),
    isBonus: z.boolean().optional(),
    whitelabel: z.boolean().optional(),
    inQueue: z.boolean().optional(),
    smsDispatchEnable: z.boolean().optional(),
    automationEnable: z.boolean().optional(),
    aiEnable: z.boolean().optional(),
    assistantEnable: z.boolean().optional(),
    automationLimit: z.number().int().min(0).max(OPS_LIMITS.automationLimitMax).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'required' });
export type TOpsAccountPatch = z.infer<typeof ZOpsAccountPatch>;

export const ZOpsSmsTopUp = z.object({
  amount: z.number().int().min(1).max(OPS_LIMITS.smsTopUpMax),
});

/** What the operator sees of an account. */
export const ZOpsAccount = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.number(),
  plan: z.string(),
  paymentStatus: z.string(),
  locked: z.boolean(),
  isBonus: z.boolean(),
  whitelabel: z.boolean(),
  inQueue: z.boolean(),
  smsDispatchEnable: z.boolean(),
  automationEnable: z.boolean(),
  automationLimit: z.number(),
  aiEnable: z.boolean(),
  assistantEnable: z.boolean(),
  smsCredit: z.number(),
});
export type TOpsAccount = z.infer<typeof ZOpsAccount>;

/** Coupons: a percentage (1–100) or a fixed amount in cents off the first payment. */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type TCouponKind = (typeof COUPON_KINDS)[number];

export const zCouponCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, { error: 'invalid' }));

export const ZCouponBody = z
  .object({
    code: zCouponCode,
    kind: z.enum(COUPON_KINDS, { error: 'selectRequired' }),
    value: z.number().int().min(1),
    validFrom: z.iso.datetime({ offset: true }).nullish(),
    validUntil: z.iso.datetime({ offset: true }).nullish(),
    maxUses: z.number().int().min(1).nullish(),
  })
  .strict()
  .refine((b) => b.kind !== 'percent' || b.value <= 100, { error: 'invalid', path: ['value'] })
  .refine((b) => !b.validFrom || !b.validUntil || Date.parse(b.validFrom) < Date.parse(b.validUntil), {
    error: 'invalid',
    path: ['validUntil'],
  });
export type TCouponBody = z.input<typeof ZCouponBody>;

export const ZCoupon = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  providerPromotionId: z.string().nullable(),
  createdAt: z.string(),
});
export type TCoupon = z.infer<typeof ZCoupon>;

/** A coupon applied to a plan's price (checkout shows it before paying). Amounts in cents. */
export const ZCouponQuote = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  amount: z.number(),
  discount: z.number(),
  total: z.number(),
});
export type TCouponQuote = z.infer<typeof ZCouponQuote>;

/** The discount (cents) a coupon takes off `amount`: never more than the amount itself. */
export function couponDiscount(coupon: { kind: TCouponKind; value: number }, amount: number): number {
  const off = coupon.kind === 'percent' ? Math.round((amount * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(amount, off));
}
