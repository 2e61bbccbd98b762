import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accounts } from '../../modules/accounts/accounts.schema';
import { contacts } from '../../modules/contacts/contacts.schema';
import { openTestDatabase, testEngine, type TTestDatabase } from '../../testing/test-db';
import { builtOnce, sqlOnce, type TPlaceholders } from './built-once';
import { rowsOf } from './client';
import { newId } from './columns';
import { withTenant } from './tenant';

// builtOnce / sqlOnce: a statement built once with placeholders answers what drizzle's own
// builder answers, on every transaction (each its own connection), binds null as SQL NULL and
// stays under the account's row-level security.

let db: TTestDatabase;
const accountA = newId();
const accountB = newId();

const contactByName = builtOnce((tx, p: TPlaceholders<{ accountId: string; name: string }>) =>
  tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, p('accountId')), eq(contacts.name, p('name')))),
);

const renameContact = builtOnce(
  (
    tx,
    p: TPlaceholders<{
      id: string;
      email: string | null;
      customFields: Record<string, unknown> | null;
      deletedAt: Date | null;
    }>,
  ) =>
    tx
      .update(contacts)
      .set({
        email: p('email'),
        customFields: sql`coalesce(${p('customFields')}::jsonb, '{}'::jsonb)`,
        // A timestamp's encoder would throw on null, a jsonb one write JSON's 'null'.
        deletedAt: p('deletedAt'),
      })
      .where(eq(contacts.id, p('id')))
      .returning(),
);

const countOf = sqlOnce<{ accountId: string }>(
  (p) => sql`select count(*)::int as n from contacts where account_id = ${p('accountId')}`,
);

beforeAll(async () => {
  db = await openTestDatabase(testEngine(), inject('dbTemplate'));
  const d = db.database.db;
  await d.insert(accounts).values([
    { id: accountA, name: 'A' },
    { id: accountB, name: 'B' },
  ]);
  await d.insert(contacts).values([
    { accountId: accountA, name: 'Rita', email: 'rita@example.com', phone: '+5511999990001' },
    { accountId: accountA, name: 'Caio', phone: '+5511999990002' },
    { accountId: accountB, name: 'Rita', email: 'rita.b@example.com', phone: '+5511999990001' },
  ]);
});
afterAll(async () => {
  await db?.destroy();
});

describe('builtOnce', () => {
  it("answers what drizzle's own select answers, in every transaction", async () => {
    const d = db.database.db;
    for (const name of ['Rita', 'Caio', 'nobody']) {
      const built = await withTenant(d, accountA, (tx) => contactByName(tx, { accountId: accountA, name }));
      const own = await withTenant(d, accountA, (tx) =>
        tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.accountId, accountA), eq(contacts.name, name))),
      );
      expect(built).toEqual(own);
    }
    const [rita] = await withTenant(d, accountA, (tx) =>
      contactByName(tx, { accountId: accountA, name: 'Rita' }),
    );
    expect(rita.createdAt).toBeInstanceOf(Date);
    expect(rita.email).toBe('rita@example.com');
  });

  it("binds null as SQL NULL and objects through their column's encoder", async () => {
    const d = db.database.db;
    const [rita] = await withTenant(d, accountA, (tx) =>
      contactByName(tx, { accountId: accountA, name: 'Rita' }),
    );
    const [cleared] = await withTenant(d, accountA, (tx) =>
      renameContact(tx, { id: rita.id, email: null, customFields: null, deletedAt: null }),
    );
    expect(cleared.email).toBeNull();
    expect(cleared.customFields).toEqual({});
    const [raw] = rowsOf<{ email_null: boolean }>(
      await d.execute(sql`select email is null as email_null from contacts where id = ${rita.id}`),
    );
    expect(raw.email_null).toBe(true);
    const [set] = await withTenant(d, accountA, (tx) =>
      renameContact(tx, {
        id: rita.id,
        email: 'new@example.com',
        customFields: { plan: 'gold' },
        deletedAt: null,
      }),
    );
    expect(set.email).toBe('new@example.com');
    expect(set.customFields).toEqual({ plan: 'gold' });
    expect(set.deletedAt).toBeNull();
  });

  it("never shows another account's rows (the statement runs under the transaction's RLS)", async () => {
    const d = db.database.db;
    // Account A's transaction asking for account B's rows by id sees none.
    const leaked = await withTenant(d, accountA, (tx) =>
      contactByName(tx, { accountId: accountB, name: 'Rita' }),
    );
    expect(leaked).toEqual([]);
    const own = await withTenant(d, accountB, (tx) =>
      contactByName(tx, { accountId: accountB, name: 'Rita' }),
    );
    expect(own.map((c) => c.email)).toEqual(['rita.b@example.com']);
  });
});

describe('sqlOnce', () => {
  it('answers the raw result for each value, under RLS', async () => {
    const d = db.database.db;
    const a = await withTenant(d, accountA, (tx) => countOf(tx, { accountId: accountA }));
    const b = await withTenant(d, accountB, (tx) => countOf(tx, { accountId: accountB }));
    const crossed = await withTenant(d, accountA, (tx) => countOf(tx, { accountId: accountB }));
    expect(rowsOf<{ n: number }>(a)[0].n).toBe(2);
    expect(rowsOf<{ n: number }>(b)[0].n).toBe(1);
    expect(rowsOf<{ n: number }>(crossed)[0].n).toBe(0);
  });
});
