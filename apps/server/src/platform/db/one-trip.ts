import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { scopeStatement } from './begin-with-scope';
import { rowsOf, type TDb } from './client';
import { inTransaction, tenantScope, withTenant } from './tenant';

const dialect = new PgDialect();

/**
 * One statement in a transaction scoped to one account (as withTenant: the account's row-level
 * security), sent in one round trip: BEGIN, the scope, the statement with its values written in
 * as literals (drizzle's own escaping) and COMMIT travel as one simple query. withTenant takes three
 * (BEGIN with the scope, the statement, COMMIT), and for a small write made on every event —
 * the automations' skip log — each round trip (a socket write and read in the server, a protocol
 * turn in PostgreSQL) costs more than the write. On PGlite (no network) it is withTenant.
 */
export async function tenantStatement<T>(db: TDb, accountId: string, statement: SQL): Promise<T[]> {
  const pool = pgPoolOf(db);
  const scope = scopeStatement(accountId);
  if (!pool || !scope) return withTenant(db, accountId, async (tx) => rowsOf<T>(await tx.execute(statement)));
  const results = await oneSimpleQuery(pool, `begin; ${scope}; ${statementText(statement)}; commit`);
  return results[2].rows as T[];
}

/**
 * A read as the connection's own user, then a statement in the account's scope (withTenant's
 * role and app.account_id), in one transaction: the second may read what the first left in a
 * transaction-local setting (set_config(…, true)). On PostgreSQL the two travel as one simple
 * query with BEGIN, the scope and COMMIT. For reads that must plan outside row-level security and
 * then read their rows under it (the contacts list). Answers both statements' rows.
 */
export async function ownerThenTenant<A, B>(
  db: TDb,
  accountId: string,
  owner: SQL,
  tenant: SQL,
): Promise<[A[], B[]]> {
  const pool = pgPoolOf(db);
  const scope = scopeStatement(accountId);
  if (!pool || !scope)
    return inTransaction(db, async (tx) => {
      const first = rowsOf<A>(await tx.execute(owner));
      await tx.execute(tenantScope(accountId));
      return [first, rowsOf<B>(await tx.execute(tenant))];
    });
  const results = await oneSimpleQuery(
    pool,
    `begin; ${statementText(owner)}; ${scope}; ${statementText(tenant)}; commit`,
  );
  return [results[1].rows as A[], results[3].rows as B[]];
}

/** The node-postgres pool under drizzle; null on PGlite (no network: nothing to save there). */
function pgPoolOf(db: TDb): pg.Pool | null {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** A statement's text with its values written in as literals (drizzle's own escaping). */
export function statementText(statement: SQL): string {
  return dialect.sqlToQuery(statement.inlineParams()).sql;
}

/**
 * A transaction sent as one simple query. When a statement fails the rest is not run and the
 * transaction is aborted: it is rolled back before the connection goes back to the pool.
 */
async function oneSimpleQuery(pool: pg.Pool, text: string): Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return (await client.query(text)) as unknown as pg.QueryResult[];
  } catch (err) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
