import type { TCheckoutKind } from '@atende/shared';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tsColumn } from '../../platform/db/columns';
import { accounts } from '../accounts/accounts.schema';

/**
 * A checkout started with a billing provider; completed by the provider's confirmation. `kind`:
 * 'plan' (a plan subscription: planId, period 'monthly' | 'yearly') or a one-time payment of an
 * item another module sells ('sms_credit': planId holds the package id, period 'once').
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'plan' | TCheckoutKind>().notNull().default('plan'),
    planId: text('plan_id').notNull(),
    period: text('period').notNull(),
    amount: integer('amount').notNull(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status').notNull().default('open'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    completedAt: tsColumn('completed_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('checkouts_account_idx').on(t.accountId),
    uniqueIndex('checkouts_provider_session_uq').on(t.providerSessionId),
  ],
);

/**
 * A coupon the installation's operator created (issue 13): a percentage (1–100) or a fixed amount
 * in cents off the first payment, valid in a window, up to `maxUses` paid checkouts. Not an
 * account's data: no account_id. `providerPromotionId`: the Stripe promotion code it maps to.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    value: integer('value').notNull(),
    validFrom: tsColumn('valid_from'),
    validUntil: tsColumn('valid_until'),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    providerPromotionId: text('provider_promotion_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('coupons_code_uq').on(t.code)],
);
