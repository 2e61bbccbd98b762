import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openTestDatabase, testEngine, type TTestDatabase } from '../../testing/test-db';
import { rowsOf } from './client';
import { newId } from './columns';
import { tenantStatement } from './one-trip';

// tenantStatement (one-trip.ts): one statement in an account's scope, as withTenant runs it, in
// one round trip on PostgreSQL; its values written in as literals must come out exactly as given.

let db: TTestDatabase;
beforeAll(async () => {
  db = await openTestDatabase(testEngine(), inject('dbTemplate'));
});
afterAll(async () => {
  await db?.destroy();
});
afterEach(() => vi.restoreAllMocks());

describe('tenantStatement', () => {
  it("runs in the account's scope and tenant role, with every value as given", async () => {
    const accountId = newId();
    const odd = "it's \\ $1 ''; select 1; --";
    const [row] = await tenantStatement<{
      account: string;
      role: string;
      text: string;
      n: number;
      none: null;
    }>(
      db.database.db,
      accountId,
      sql`select current_setting('app.account_id') as account, current_user as role, ${odd}::text as text,
                 ${41}::int + 1 as n, ${null}::uuid as none`,
    );
    expect(row).toEqual({ account: accountId, role: 'atende_tenant', text: odd, n: 42, none: null });
  });

  it('a failing statement rolls back, and the connection serves the next one clean', async () => {
    const accountId = newId();
    const failure = await tenantStatement(
      db.database.db,
      accountId,
      sql`select set_config('test.probe', 'left', false), 1 / 0`,
    ).catch((err: Error & { cause?: unknown }) => err);
    // PostgreSQL's own error (drizzle wraps it, with it as the cause, on PGlite).
    expect(String((failure as { cause?: unknown }).cause ?? failure)).toMatch(/division by zero/);
    for (let i = 0; i < 12; i++) {
      const [row] = rowsOf<{ probe: string | null; role: string }>(
        await db.database.db.execute(
          sql`select current_setting('test.probe', true) as probe, current_user as role`,
        ),
      );
      expect(row.probe ?? '').toBe('');
      expect(row.role).not.toBe('atende_tenant');
    }
  });

  it('takes one round trip (PostgreSQL)', async () => {
    const calls = vi.spyOn(pg.Client.prototype, 'query');
    await tenantStatement(db.database.db, newId(), sql`select ${'x'}::text as x`);
    const texts = calls.mock.calls.map(([config]) =>
      typeof config === 'string' ? config : (config as { text: string }).text,
    );
    if (testEngine() === 'pg') {
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(
        /^begin; select set_config\('app\.account_id'.*; select 'x'::text as x; commit$/,
      );
    } else expect(texts).toEqual([]); // PGlite has no connection to save round trips on
  });
});
