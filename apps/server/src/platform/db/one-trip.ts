import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { scopeStatement } from './begin-with-scope';
import { rowsOf, type TDb } from './client';
import { withTenant } from './tenant';

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
  const pool = (db as unknown as { $client: unknown }).$client;
  const scope = scopeStatement(accountId);
  if (!(pool instanceof pg.Pool) || !scope)
    return withTenant(db, accountId, async (tx) => rowsOf<T>(await tx.execute(statement)));
  const text = dialect.sqlToQuery(statement.inlineParams()).sql;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const results = (await client.query(`begin; ${scope}; ${text}; commit`)) as unknown as pg.QueryResult[];
    return results[2].rows as T[];
  } catch (err) {
    // The statement failed: the rest of the query was not run, the transaction is aborted.
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
