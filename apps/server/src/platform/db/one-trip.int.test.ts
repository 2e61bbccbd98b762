import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openTestDatabase, testEngine, type TTestDatabase } from '../../testing/test-db';
import { rowsOf } from './client';
import { newId } from './columns';
import { ownerThenTenant, tenantStatement } from './one-trip';

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

describe('ownerThenTenant', () => {
  it("hands the owner's read to a statement in the account's scope, under its row-level security", async () => {
    const mine = newId();
    const theirs = newId();
    const owner = db.database.db;
    await owner.execute(sql`insert into accounts (id, name) values (${mine}, 'Mine'), (${theirs}, 'Theirs')`);
    const [a, b] = [newId(), newId()];
    await owner.execute(
      sql`insert into contacts (id, account_id, name) values (${a}, ${mine}, 'Ana'), (${b}, ${theirs}, 'Bia')`,
    );
    // The owner's read picks both ids; the scoped read sees only the account's own.
    const [first, second] = await ownerThenTenant<
      { role: string; n: number },
      { name: string; role: string }
    >(
      owner,
      mine,
      sql`select current_user as role,
            (select count(*)::int from contacts where id in (${a}, ${b})) as n,
            set_config('test.ids', (select array_agg(id)::text from contacts where id in (${a}, ${b})), true)`,
      sql`select name, current_user as role from contacts
          where id = any(current_setting('test.ids')::uuid[]) order by name`,
    );
    expect(first).toEqual([expect.objectContaining({ n: 2 })]);
    expect(first[0].role).not.toBe('atende_tenant');
    expect(second).toEqual([{ name: 'Ana', role: 'atende_tenant' }]);
    // The setting and the scope ended with the transaction.
    for (let i = 0; i < 12; i++) {
      const [row] = rowsOf<{ ids: string | null; role: string }>(
        await owner.execute(sql`select current_setting('test.ids', true) as ids, current_user as role`),
      );
      expect(row.ids ?? '').toBe('');
      expect(row.role).not.toBe('atende_tenant');
    }
  });

  it('a failing statement rolls back both, and takes one round trip (PostgreSQL)', async () => {
    const calls = vi.spyOn(pg.Client.prototype, 'query');
    const failure = await ownerThenTenant(
      db.database.db,
      newId(),
      sql`select set_config('test.probe', 'left', false)`,
      sql`select 1 / 0`,
    ).catch((err: Error & { cause?: unknown }) => err);
    expect(String((failure as { cause?: unknown }).cause ?? failure)).toMatch(/division by zero/);
    const texts = calls.mock.calls.map(([config]) =>
      typeof config === 'string' ? config : (config as { text: string }).text,
    );
    if (testEngine() === 'pg') {
      expect(texts).toEqual([
        expect.stringMatching(/^begin; select set_config\('test\.probe'.*; select 1 \/ 0; commit$/),
        'rollback',
      ]);
    } else expect(texts).toEqual([]);
    vi.restoreAllMocks();
    const [row] = rowsOf<{ probe: string | null }>(
      await db.database.db.execute(sql`select current_setting('test.probe', true) as probe`),
    );
    expect(row.probe ?? '').toBe('');
  });

  it("the planner's estimates (plan_rows) are the owner's: the tenant role may not run them", async () => {
    const [[owner]] = await ownerThenTenant<{ rows: number }, unknown>(
      db.database.db,
      newId(),
      sql`select public.plan_rows('select 1 from generate_series(1, 1000)') as rows`,
      sql`select 1`,
    );
    expect(Number(owner.rows)).toBe(1000);
    const refused = await tenantStatement(
      db.database.db,
      newId(),
      sql`select public.plan_rows('select 1') as rows`,
    ).catch((err: Error & { cause?: unknown }) => err);
    expect(String((refused as { cause?: unknown }).cause ?? refused)).toMatch(/permission denied/);
  });
});
