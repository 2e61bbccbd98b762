import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import { checkouts } from './billing.schema';

export type TCheckoutRow = typeof checkouts.$inferSelect;

export function insertCheckout(db: TDb, row: typeof checkouts.$inferInsert) {
  return withTenant(db, row.accountId, async (tx) => {
    const [created] = await tx.insert(checkouts).values(row).returning();
    return created;
  });
}

export function setCheckoutSession(db: TDb, accountId: string, id: string, providerSessionId: string) {
  return withTenant(db, accountId, (tx) =>
    tx.update(checkouts).set({ providerSessionId }).where(eq(checkouts.id, id)),
  );
}

/** Provider webhooks know only their session id: looked up outside a tenant, then completed inside it. */
export async function findCheckoutBySession(db: TDb, providerSessionId: string) {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.providerSessionId, providerSessionId));
  return row;
}

/** Completes a checkout once (webhooks are retried): false when it already was. */
export function completeCheckout(db: TDb, accountId: string, id: string) {
  return withTenant(db, accountId, (tx) => markCheckoutPaid(tx, id));
}

/** Marks a checkout paid in `tx` (a withTenant transaction), once: false when it already was. */
export async function markCheckoutPaid(tx: TTx, id: string): Promise<boolean> {
  const [row] = await tx
    .update(checkouts)
    .set({ status: 'paid', completedAt: new Date() })
    .where(and(eq(checkouts.id, id), isNull(checkouts.completedAt)))
    .returning({ id: checkouts.id });
  return Boolean(row);
}

/** Marks an unpaid checkout canceled (its session expired or its payment failed), once. */
export async function markCheckoutCanceled(tx: TTx, id: string): Promise<boolean> {
  const [row] = await tx
    .update(checkouts)
    .set({ status: 'canceled' })
    .where(and(eq(checkouts.id, id), isNull(checkouts.completedAt), eq(checkouts.status, 'open')))
    .returning({ id: checkouts.id });
  return Boolean(row);
}
