import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openTestDatabase, testEngine, type TTestDatabase } from '../../testing/test-db';
import { newId } from './columns';
import { rowsOf } from './client';
import { inTransaction, txTailExecutor, withTenant } from './tenant';

// A tenant transaction's BEGIN travels with its scope statement (begin-with-scope.ts): the scope
// still holds for the whole transaction, a failure still rolls everything back, and on
// PostgreSQL the transaction takes one round trip fewer.

let db: TTestDatabase;
beforeAll(async () => {
  db = await openTestDatabase(testEngine(), inject('dbTemplate'));
});
afterAll(async () => {
  await db?.destroy();
});
afterEach(() => vi.restoreAllMocks());

const scopeOf = async (accountId: string) =>
  withTenant(db.database.db, accountId, async (tx) => {
    const [row] = rowsOf<{ account: string; role: string }>(
      await tx.execute(sql`select current_setting('app.account_id') as account, current_user as role`),
    );
    return row;
  });

describe('tenant transactions', () => {
  it('hold the account scope and the tenant role for every statement', async () => {
    const accountId = newId();
    expect(await scopeOf(accountId)).toEqual({ account: accountId, role: 'atende_tenant' });
  });

  it('a failure rolls back what the transaction wrote, and the next transaction starts clean', async () => {
    const accountId = newId();
    await expect(
      inTransaction(db.database.db, async (tx) => {
        await tx.execute(sql`create temporary table scope_probe (n int) on commit drop`);
        await tx.execute(sql`insert into scope_probe values (1)`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await scopeOf(accountId)).toEqual({ account: accountId, role: 'atende_tenant' });
    const [after] = rowsOf<{ table: string | null }>(
      await db.database.db.execute(sql`select to_regclass('pg_temp.scope_probe')::text as table`),
    );
    expect(after.table).toBeNull();
  });

  it('a transaction whose first statement has parameters still runs inside its BEGIN', async () => {
    const seen = await inTransaction(db.database.db, async (tx) => {
      const [row] = rowsOf<{ n: number }>(
        await tx.execute(sql`select ${41}::int + 1 as n, set_config('test.probe', 'inside', true)`),
      );
      const [after] = rowsOf<{ probe: string | null }>(
        await tx.execute(sql`select current_setting('test.probe', true) as probe`),
      );
      return { n: row.n, probe: after.probe };
    });
    // A setting local to the transaction outlives the first statement only if that statement ran in
    // the transaction (alone, it would have been its own transaction). (Comparing now() with
    // statement_timestamp() failed on PGlite when both fell in one clock tick.)
    expect(seen).toEqual({ n: 42, probe: 'inside' });
  });

  it('an account id that is not a UUID is bound as a parameter, never written into the statement', async () => {
    const odd = "x'); select 1; --";
    expect(await scopeOf(odd)).toEqual({ account: odd, role: 'atende_tenant' });
  });

  it('takes one round trip for BEGIN and the scope together (PostgreSQL)', async () => {
    const calls = vi.spyOn(pg.Client.prototype, 'query');
    await scopeOf(newId());
    const texts = calls.mock.calls.map(([config]) =>
      typeof config === 'string' ? config : (config as { text: string }).text,
    );
    if (testEngine() === 'pg') {
      expect(texts).toHaveLength(3);
      expect(texts[0]).toMatch(/^begin; select set_config\('app\.account_id'/);
      expect(texts[2]).toBe('commit');
    } else expect(texts).toEqual([]); // PGlite has no connection to save round trips on
  });
});

// A transaction's last writes (its domain events' jobs) travel with its COMMIT on PostgreSQL
// (holdUntilCommit); on PGlite they run at once. Either way they commit or roll back with it.
describe('statements held until the commit', () => {
  const probe = async () =>
    rowsOf<{ v: string }>(await db.database.db.execute(sql`select v from tail_probe order by v`)).map(
      (r) => r.v,
    );
  beforeAll(async () => {
    await db.database.db.execute(sql`create table if not exists tail_probe (v text)`);
  });

  it('commit with the transaction, sent with its COMMIT in one simple query (PostgreSQL)', async () => {
    const calls = vi.spyOn(pg.Client.prototype, 'query');
    await inTransaction(db.database.db, async (tx) => {
      await txTailExecutor(tx).executeSql('insert into tail_probe values ($1)', ["it's held"]);
    });
    const texts = calls.mock.calls.map(([config]) =>
      typeof config === 'string' ? config : (config as { text: string }).text,
    );
    expect(await probe()).toContain("it's held");
    if (testEngine() === 'pg')
      // Nothing else ran in the transaction: its BEGIN, still held, goes first in the same query.
      expect(texts[texts.length - 1]).toBe("begin;\ninsert into tail_probe values ('it''s held')\n;\ncommit");
  });

  it('a held statement that fails fails the commit, and the transaction writes nothing', async () => {
    const failure = await inTransaction(db.database.db, async (tx) => {
      await tx.execute(sql`insert into tail_probe values ('written before')`);
      await txTailExecutor(tx).executeSql('insert into tail_probe values ($1::int::text)', ['not a number']);
    }).then(
      () => null,
      (error: Error) => error,
    );
    // On PostgreSQL drizzle reports the COMMIT as the failed query, with the held statement's error as its cause.
    const cause = (failure as (Error & { cause?: Error }) | null)?.cause ?? failure;
    expect(cause?.message).toMatch(/invalid input syntax for type integer/);
    expect(await probe()).not.toContain('written before');
  });

  it('a rollback drops what was held: no later transaction sends it', async () => {
    await expect(
      inTransaction(db.database.db, async (tx) => {
        await txTailExecutor(tx).executeSql('insert into tail_probe values ($1)', ['rolled back']);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    for (let i = 0; i < 4; i++) await inTransaction(db.database.db, async (tx) => tx.execute(sql`select 1`));
    expect(await probe()).not.toContain('rolled back');
  });
});
