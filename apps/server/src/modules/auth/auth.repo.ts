import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/client';
import { emailOtps, passwordResets, refreshTokens, users } from './auth.schema';

export type TUserRow = typeof users.$inferSelect;
export type TNewUser = Omit<typeof users.$inferInsert, 'id'>;

export async function findUserByEmail(db: TDb, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: TDb, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Inserts a user; returns undefined when the e-mail is taken (unique index on lower(email)). */
export async function insertUser(db: TDb, user: TNewUser) {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function updateUserRow(db: TDb, id: string, patch: Partial<TNewUser>) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertOtp(db: TDb, userId: string, codeHash: string, expiresAt: Date) {
  await db
    .update(emailOtps)
    .set({ consumedAt: new Date() })
    .where(and(eq(emailOtps.userId, userId), isNull(emailOtps.consumedAt)));
  await db.insert(emailOtps).values({ userId, codeHash, expiresAt });
}

export async function latestOtp(db: TDb, userId: string) {
  const [row] = await db
    .select()
    .from(emailOtps)
    .where(and(eq(emailOtps.userId, userId), isNull(emailOtps.consumedAt)))
    .orderBy(desc(emailOtps.createdAt))
    .limit(1);
  return row;
}

/** Counts one attempt atomically and returns the new count. */
export async function countOtpAttempt(db: TDb, otpId: string) {
  const [row] = await db
    .update(emailOtps)
    .set({ attempts: sql`${emailOtps.attempts} + 1` })
    .where(eq(emailOtps.id, otpId))
    .returning({ attempts: emailOtps.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** Marks the code used and the user confirmed, once. */
export async function consumeOtpAndConfirm(db: TDb, otpId: string, userId: string) {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailOtps)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailOtps.id, otpId), isNull(emailOtps.consumedAt)))
      .returning({ id: emailOtps.id });
    if (!used) return false;
    await tx.update(users).set({ isConfirmed: true, updatedAt: new Date() }).where(eq(users.id, userId));
    return true;
  });
}

export async function insertRefreshToken(db: TDb, row: Omit<typeof refreshTokens.$inferInsert, 'id'>) {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(db: TDb, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a refresh token used, only if it was not already: false means it was reused. */
export async function markRefreshUsed(db: TDb, id: string) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return Boolean(row);
}

export async function revokeFamily(db: TDb, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(db: TDb, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordReset(db: TDb, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/** Uses a reset token once: returns its user id when valid and unused. */
export async function consumePasswordReset(db: TDb, tokenHash: string) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        sql`${passwordResets.expiresAt} > now()`,
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}
