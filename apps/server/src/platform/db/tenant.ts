import { sql } from 'drizzle-orm';
import type { TDb } from './client';

export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/**
 * Runs `fn` in a transaction scoped to one account: app.account_id is set for the transaction
 * and the role drops to atende_tenant, so row-level security hides every other account's rows.
 */
export function withTenant<T>(db: TDb, accountId: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.account_id', ${accountId}, true), set_config('role', 'atende_tenant', true)`,
    );
    return fn(tx);
  });
}
