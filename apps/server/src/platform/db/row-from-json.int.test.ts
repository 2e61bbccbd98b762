import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emailOtps, users } from '../../modules/auth/auth.schema';
import { openTestDatabase, testEngine, type TTestDatabase } from '../../testing/test-db';
import { rowFromJson, rowsOf } from './client';

// rowFromJson: a table's row read as to_jsonb(row) in a raw statement comes back as drizzle's own
// select hands it (property names, dates, nulls), on both drivers.

let db: TTestDatabase;
beforeAll(async () => {
  db = await openTestDatabase(testEngine(), inject('dbTemplate'));
});
afterAll(async () => {
  await db?.destroy();
});

describe('rowFromJson', () => {
  it("maps a row's to_jsonb form as drizzle's select does (dates, integers, booleans, nulls)", async () => {
    const d = db.database.db;
    const [user] = await d
      .insert(users)
      .values({ name: 'Rita', email: `rita.${Date.now()}@example.com`, passwordHash: 'x', isConfirmed: true })
      .returning();
    await d.insert(emailOtps).values({ userId: user.id, codeHash: 'h', attempts: 2, expiresAt: new Date() });
    const [raw] = rowsOf<{ u: unknown; o: unknown; none: unknown }>(
      await d.execute(sql`select to_jsonb(u.*) as u, to_jsonb(o.*) as o, null::jsonb as none
        from users u join email_otps o on o.user_id = u.id where u.id = ${user.id}`),
    );
    const [selected] = await d.select().from(users).where(eq(users.id, user.id));
    const [otp] = await d.select().from(emailOtps).where(eq(emailOtps.userId, user.id));
    expect(rowFromJson(users, raw.u)).toEqual(selected);
    expect(rowFromJson(emailOtps, raw.o)).toEqual(otp);
    expect(rowFromJson(emailOtps, raw.o)?.consumedAt).toBeNull();
    expect(rowFromJson(users, raw.none)).toBeUndefined();
  });
});
