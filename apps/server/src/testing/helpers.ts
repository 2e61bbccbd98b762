import { type SQL, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { rowsOf } from '../platform/db/client';
import type { TTestApp } from './test-app';

/** The signing key startTestApp configures. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-000';

/** Rows of a raw query on the test app's database (as the owner: row-level security does not apply). */
export async function queryRows<T = Record<string, unknown>>(ctx: TTestApp, query: SQL): Promise<T[]> {
  return rowsOf<T>(await ctx.app.platform.database.db.execute(query));
}

/** How many rows of `table` belong to `accountId`. */
export async function countRows(ctx: TTestApp, table: string, accountId: string): Promise<number> {
  const column = table === 'accounts' ? 'id' : 'account_id';
  const [row] = await queryRows<{ n: number | string }>(
    ctx,
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${accountId}`,
  );
  return Number(row.n);
}

/** Mail jobs queued for `to` (pg-boss keeps every job row, sent or not). */
export async function mailJobsTo(ctx: TTestApp, to: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    ctx,
    sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' = ${to}`,
  );
  return Number(row.n);
}

/** An access token signed with `secret` (the test secret by default), expiring at `exp` (seconds). */
export function signAccessToken(
  userId: string,
  options: { exp?: number; secret?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(now - 3600)
    .setExpirationTime(options.exp ?? now + 900)
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

/** The current year in a time zone (tests of 'this year' and 'last year' that hold every year). */
export function yearIn(timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(new Date()));
}

/** A distinct client address per test, so per-IP rate limits of one test never touch another. */
let ipCounter = 0;
export function uniqueIp(): Record<string, string> {
  ipCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${ipCounter % 250}` };
}

/** Polls `check` until it answers a value (or the deadline passes). */
export async function until<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
