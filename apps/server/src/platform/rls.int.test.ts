import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, testEngine, type TTestDatabase } from '../testing/test-db';
import { rowsOf } from './db/client';

let db: TTestDatabase;

beforeAll(async () => {
  db = await openTestDatabase(testEngine(), inject('dbTemplate'));
});
afterAll(async () => {
  await db?.destroy();
});

/**
 * Defence in depth (DESIGN.md §4): every table of the public schema with an account_id column
 * has row-level security enabled and at least one policy, so a query that forgets its account
 * filter inside a tenant transaction still sees only that account's rows. A new table without
 * them fails here.
 */
describe('row-level security', () => {
  it('every table with an account_id column has RLS enabled and a policy', async () => {
    const tables = rowsOf<{ table: string; rls: boolean; policies: number }>(
      await db.database.db.execute(sql`
        select c.relname as table, c.relrowsecurity as rls,
               (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        where c.relkind in ('r', 'p')
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_id' and not a.attisdropped)
        order by c.relname`),
    );
    expect(tables.length).toBeGreaterThan(15);
    const unprotected = tables.filter((t) => !t.rls || t.policies === 0).map((t) => t.table);
    expect(unprotected).toEqual([]);
  });
});
