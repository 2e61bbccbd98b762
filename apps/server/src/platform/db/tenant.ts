import { sql } from 'drizzle-orm';
import { scopeStatement } from './begin-with-scope';
import type { TDb } from './client';

export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** Work to do once a transaction has committed (domain events' in-process listeners). */
const afterCommit = new WeakMap<object, Array<() => void>>();
/** Work to do in a transaction just before its commit (domain events' jobs, written together). */
const beforeCommitHooks = new WeakMap<object, Array<() => Promise<void>>>();

/**
 * Runs `fn` in a transaction scoped to one account: app.account_id is set for the transaction
 * and the role drops to atende_tenant, so row-level security hides every other account's rows.
 * Hooks registered with onCommit(tx, …) run after the commit, in order; none runs on rollback.
 */
export function withTenant<T>(db: TDb, accountId: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  const scope = scopeStatement(accountId);
  return inTransaction(db, async (tx) => {
    await tx.execute(
      scope
        ? sql.raw(scope)
        : sql`select set_config('app.account_id', ${accountId}, true), set_config('role', 'atende_tenant', true)`,
    );
    return fn(tx);
  });
}

/**
 * A transaction that is not scoped to one account (platform jobs that sweep every account, such
 * as inactivity closing); hooks registered with onCommit run after its commit.
 */
export async function inTransaction<T>(db: TDb, fn: (tx: TTx) => Promise<T>): Promise<T> {
  const hooks: Array<() => void> = [];
  const result = await db.transaction(async (tx) => {
    afterCommit.set(tx, hooks);
    const before: Array<() => Promise<void>> = [];
    beforeCommitHooks.set(tx, before);
    const value = await fn(tx);
    for (const hook of before) await hook();
    return value;
  });
  for (const hook of hooks) hook();
  return result;
}

/** Registers `hook` to run after `tx` (opened by withTenant/inTransaction) commits; never on rollback. */
export function onCommit(tx: TTx, hook: () => void) {
  const hooks = afterCommit.get(tx);
  if (!hooks) throw new Error('onCommit needs a transaction opened by withTenant or inTransaction');
  hooks.push(hook);
}

/**
 * Registers `hook` to run in `tx` once its work is done, just before the commit (a failure rolls
 * the transaction back). False when `tx` was not opened by withTenant/inTransaction.
 * Domain events' job flush is the only hook and may leave the transaction in the connection's own
 * role (it ends there): another hook must not be added after it.
 */
export function beforeCommit(tx: TTx, hook: () => Promise<void>): boolean {
  const hooks = beforeCommitHooks.get(tx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/** Raw SQL on the transaction's own connection (pg-boss inserts its jobs through it). */
export function txExecutor(tx: TTx) {
  const client = (tx as unknown as { session: { client: TRawClient } }).session.client;
  return {
    executeSql: (text: string, values?: unknown[]) => client.query(text, values),
  };
}

interface TRawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}
