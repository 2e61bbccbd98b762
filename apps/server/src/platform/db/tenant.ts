import { type SQL, sql } from 'drizzle-orm';
import { scopeStatement } from './begin-with-scope';
import type { TDb } from './client';
import { inlineParams } from './inline-params';

export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** Work to do once a transaction has committed (domain events' in-process listeners). */
const afterCommit = new WeakMap<object, Array<() => void>>();
/** A transaction's last work before its commit (domain events' jobs, written together): see beforeCommit. */
const beforeCommitHooks = new WeakMap<object, (() => Promise<void>) | null>();

/**
 * Runs `fn` in a transaction scoped to one account: app.account_id is set for the transaction
 * and the role drops to atende_tenant, so row-level security hides every other account's rows.
 * Hooks registered with onCommit(tx, …) run after the commit, in order; none runs on rollback.
 */
export function withTenant<T>(db: TDb, accountId: string, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(tenantScope(accountId));
    return fn(tx);
  });
}

/** The statement that puts a transaction in the account's scope (its row-level security, the tenant role). */
export function tenantScope(accountId: string): SQL {
  const scope = scopeStatement(accountId);
  return scope
    ? sql.raw(scope)
    : sql`select set_config('app.account_id', ${accountId}, true), set_config('role', 'atende_tenant', true)`;
}

/**
 * A transaction that is not scoped to one account (platform jobs that sweep every account, such
 * as inactivity closing); hooks registered with onCommit run after its commit.
 */
export async function inTransaction<T>(db: TDb, fn: (tx: TTx) => Promise<T>): Promise<T> {
  const hooks: Array<() => void> = [];
  const result = await db.transaction(async (tx) => {
    afterCommit.set(tx, hooks);
    beforeCommitHooks.set(tx, null);
    const value = await fn(tx);
    await beforeCommitHooks.get(tx)?.();
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
 * Registers `hook` as the last work of `tx`, once its own is done: nothing but the commit follows
 * it (a failure rolls the transaction back), so it may leave the transaction in another role
 * (domain events write their jobs as the connection's own user and do not switch back). One per
 * transaction, and only in an outermost one opened by withTenant/inTransaction (a savepoint's
 * transaction goes on after it): false otherwise.
 */
export function beforeCommit(tx: TTx, hook: () => Promise<void>): boolean {
  if (!beforeCommitHooks.has(tx) || (tx as unknown as { nestedIndex: number }).nestedIndex !== 0)
    return false;
  if (beforeCommitHooks.get(tx)) throw new Error('a transaction has one before-commit hook');
  beforeCommitHooks.set(tx, hook);
  return true;
}

/** Raw SQL on the transaction's own connection (pg-boss inserts its jobs through it). */
export function txExecutor(tx: TTx) {
  const client = rawClientOf(tx);
  return {
    executeSql: (text: string, values?: unknown[]) => client.query(text, values),
  };
}

/**
 * Raw SQL for a transaction's last writes, whose answers nobody reads (a beforeCommit hook's): on
 * node-postgres each is held and sent with the COMMIT (BeginWithScopeClient.holdUntilCommit, its
 * values written in as literals) and answers no rows; on PGlite, or with a value that cannot be
 * written as a literal, it runs at once.
 */
export function txTailExecutor(tx: TTx) {
  const client = rawClientOf(tx);
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const inlined = client.holdUntilCommit ? inlineParams(text, values) : null;
      if (inlined === null) return client.query(text, values);
      client.holdUntilCommit!(inlined);
      return { rows: [] };
    },
  };
}

/** The connection (node-postgres client or PGlite) a drizzle transaction runs on. */
function rawClientOf(tx: TTx): TRawClient {
  return (tx as unknown as { session: { client: TRawClient } }).session.client;
}

interface TRawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  holdUntilCommit?(text: string): void;
}
