import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { coupons } from './billing.schema';

export type TCouponRow = typeof coupons.$inferSelect;

/** Coupons are installation-wide (no account): read and written outside any tenant. */
export async function insertCouponRow(db: TDb, row: typeof coupons.$inferInsert) {
  const [created] = await db.insert(coupons).values(row).onConflictDoNothing().returning();
  return created;
}

export async function findCouponByCode(db: TDb, code: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

export async function setCouponPromotion(db: TDb, id: string, providerPromotionId: string) {
  await db.update(coupons).set({ providerPromotionId }).where(eq(coupons.id, id));
}

export function listCouponRows(db: TDb) {
  return db.select().from(coupons).orderBy(asc(coupons.createdAt), asc(coupons.code));
}

/** Counts one use unless the coupon is used up (concurrent checkouts cannot exceed max uses). */
export async function takeCouponUse(db: TDb, id: string): Promise<boolean> {
  const [row] = await db
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, id), or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses))))
    .returning({ id: coupons.id });
  return Boolean(row);
}

/** Counts a use the provider already granted (its own limit applied): never refused. */
export async function countCouponUse(db: TDb, id: string) {
  await db
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(eq(coupons.id, id));
}

export async function deleteCouponRow(db: TDb, id: string) {
  await db.delete(coupons).where(eq(coupons.id, id));
}
