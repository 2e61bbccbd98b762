import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn, updatedAtColumn, idColumn, tsColumn } from '../../platform/db/columns';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    lang: text('lang').notNull().default('pt-BR'),
    about: text('about').notNull().default(''),
    profilePic: text('profile_pic'),
    status: text('status').notNull().default('active'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
);

/** E-mail verification codes: stored hashed, 10 minutes, at most 5 attempts. */
export const emailOtps = pgTable(
  'email_otps',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tsColumn('expires_at').notNull(),
    consumedAt: tsColumn('consumed_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('email_otps_user_idx').on(t.userId, t.createdAt)],
);

/** Opaque rotating refresh tokens, stored hashed, grouped in families for reuse detection. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: tsColumn('expires_at').notNull(),
    usedAt: tsColumn('used_at'),
    revokedAt: tsColumn('revoked_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Single-use password reset tokens, stored hashed, valid 1 hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tsColumn('expires_at').notNull(),
    usedAt: tsColumn('used_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('password_resets_hash_uq').on(t.tokenHash)],
);

/** Fixed-window counters shared by every process (login, OTP, resend, reset). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: tsColumn('reset_at').notNull(),
});
