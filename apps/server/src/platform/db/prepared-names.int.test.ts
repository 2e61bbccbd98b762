import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, testEngine, type TTestDatabase } from '../../testing/test-db';
import { BeginWithScopeClient } from './begin-with-scope';
import { rowsOf } from './client';
import { newId } from './columns';
import { MAX_PREPARED_PER_CONNECTION, PLAN_LIFETIME_MS, PreparedNames } from './prepared-names';
import { inTransaction } from './tenant';

// Parameterized statements are prepared once per connection (prepared-names.ts): the answers do
// not change, row-level security holds across accounts and roles, and a statement whose result
// shape a migration changed is prepared again instead of failing on that connection for good.

let db: TTestDatabase;
beforeAll(async () => {
  db = await openTestDatabase(testEngine(), inject('dbTemplate'));
});
afterAll(async () => {
  await db?.destroy();
});

describe('prepared statement names', () => {
  it('gives each text one name, up to the cap, none to a bound LIMIT/OFFSET, and names a retired text afresh', () => {
    const names = new PreparedNames();
    const first = names.nameOf('select $1');
    expect(names.nameOf('select $1')).toBe(first);
    for (let i = 1; i < MAX_PREPARED_PER_CONNECTION; i++)
      expect(names.nameOf(`select $1 + ${i}`)).toBeDefined();
    expect(names.nameOf('select $1 + 9999')).toBeUndefined();
    // A bound row count is planned for its value each time (never named).
    expect(new PreparedNames().nameOf('select id from t where a = $1 order by b limit $2')).toBeUndefined();
    expect(new PreparedNames().nameOf('select id from t order by b limit 50 offset $1')).toBeUndefined();
    expect(new PreparedNames().nameOf('select id from t where a = $1 limit 1')).toBeDefined();
    names.failed('select $1', Object.assign(new Error('no'), { code: '23505' }));
    expect(names.nameOf('select $1')).toBe(first);
    names.failed(
      'select $1',
      Object.assign(new Error('cached plan must not change result type'), { code: '0A000' }),
    );
    const again = names.nameOf('select $1');
    expect(again).toBeDefined();
    expect(again).not.toBe(first);
  });

  it('prepares a statement again once its name is PLAN_LIFETIME_MS old, handing the old name over once', () => {
    const names = new PreparedNames();
    const t0 = 1_000_000;
    const first = names.nameOf('select $1', t0);
    expect(names.nameOf('select $1', t0 + PLAN_LIFETIME_MS - 1)).toBe(first);
    expect(names.takeRetired()).toEqual([]);
    const second = names.nameOf('select $1', t0 + PLAN_LIFETIME_MS);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(names.takeRetired()).toEqual([first]);
    expect(names.takeRetired()).toEqual([]);
    expect(names.nameOf('select $1', t0 + PLAN_LIFETIME_MS + 1)).toBe(second);
  });

  it('row-level security holds for one prepared statement run for two accounts and as the owner', async () => {
    const [a, b] = [newId(), newId()];
    const seen = await inTransaction(db.database.db, async (tx) => {
      await tx.execute(sql`create temporary table probe_rows (account_id text, n int) on commit drop`);
      await tx.execute(sql.raw(`insert into probe_rows values ('${a}', 1), ('${a}', 2), ('${b}', 3)`));
      await tx.execute(sql`alter table probe_rows enable row level security`);
      await tx.execute(
        sql`create policy probe_tenant on probe_rows using (account_id = current_setting('app.account_id', true))`,
      );
      await tx.execute(sql`grant select on probe_rows to atende_tenant`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const read = async () =>
        rowsOf<{ n: number }>(await tx.execute(sql`select n from probe_rows where n > ${0} order by n`)).map(
          (r) => r.n,
        );
      const asTenant = async (account: string) => {
        await tx.execute(
          sql`select set_config('app.account_id', ${account}, true), set_config('role', 'atende_tenant', true)`,
        );
        const runs = [];
        for (let i = 0; i < 6; i++) runs.push(await read());
        return runs;
      };
      const forA = await asTenant(a);
      const forB = await asTenant(b);
      await tx.execute(sql`select set_config('role', 'none', true)`);
      const asOwner = await read();
      const prepared = rowsOf<{ count: number }>(
        await tx.execute(
          sql`select count(*)::int as count from pg_prepared_statements where statement like '%from probe_rows where n > $1%'`,
        ),
      );
      return { forA, forB, asOwner, prepared: prepared[0].count };
    });
    expect(seen.forA).toEqual(Array.from({ length: 6 }, () => [1, 2]));
    expect(seen.forB).toEqual(Array.from({ length: 6 }, () => [3]));
    expect(seen.asOwner).toEqual([1, 2, 3]);
    // PostgreSQL: one prepared statement for every run; PGlite runs in process, nothing to prepare.
    expect(seen.prepared).toBe(testEngine() === 'pg' ? 1 : 0);
  });

  if (testEngine() === 'pg') {
    it('a statement whose result shape a migration changed fails once, then is prepared again (PostgreSQL)', async () => {
      const table = `probe_shape_${newId().replace(/-/g, '')}`;
      await db.database.db.execute(sql.raw(`create table ${table} (a int)`));
      await db.database.db.execute(sql.raw(`insert into ${table} values (1)`));
      const client = new BeginWithScopeClient({ connectionString: db.database.connectionString });
      await client.connect();
      try {
        const text = `select * from ${table} where a >= $1`;
        expect((await client.query(text, [0])).rows).toEqual([{ a: 1 }]);
        await db.database.db.execute(sql.raw(`alter table ${table} add column b int default 7`));
        await expect(client.query(text, [0])).rejects.toMatchObject({ code: '0A000' });
        expect((await client.query(text, [0])).rows).toEqual([{ a: 1, b: 7 }]);
      } finally {
        await client.end();
        await db.database.db.execute(sql.raw(`drop table ${table}`));
      }
    });

    it('a statement prepared again for its age leaves one preparation on the server and answers on the grown table (PostgreSQL)', async () => {
      const table = `probe_age_${newId().replace(/-/g, '')}`;
      await db.database.db.execute(sql.raw(`create table ${table} (id int primary key, g int)`));
      const client = new BeginWithScopeClient({ connectionString: db.database.connectionString });
      await client.connect();
      const realNow = Date.now;
      try {
        const text = `select count(*)::int as n from ${table} t join unnest($1::int[]) as v(id) on v.id = t.id`;
        const prepared = async () =>
          (
            await client.query(
              `select count(*)::int as n from pg_prepared_statements where statement like '%from ${table} t join%'`,
            )
          ).rows[0].n;
        for (let i = 0; i < 6; i++) expect((await client.query(text, [[1, 2]])).rows).toEqual([{ n: 0 }]);
        expect(await prepared()).toBe(1);
        await db.database.db.execute(
          sql.raw(`insert into ${table} select i, i from generate_series(1, 20000) i`),
        );
        Date.now = () => realNow() + PLAN_LIFETIME_MS;
        expect((await client.query(text, [[1, 2]])).rows).toEqual([{ n: 2 }]);
        expect(await prepared()).toBe(1);
      } finally {
        Date.now = realNow;
        await client.end();
        await db.database.db.execute(sql.raw(`drop table ${table}`));
      }
    });
  }
});
