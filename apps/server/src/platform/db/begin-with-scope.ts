import pg from 'pg';
import { isUuid } from './columns';
import { PreparedNames } from './prepared-names';

const SCOPE_PREFIX = "select set_config('app.account_id', '";

/**
 * The statement withTenant opens a transaction with, the account id written into it (a checked
 * UUID: nothing else is ever written in) so it has no parameters and can travel with the BEGIN.
 * Null for anything that is not a UUID (the caller binds it as a parameter instead).
 */
export function scopeStatement(accountId: string): string | null {
  if (!isUuid(accountId)) return null;
  return `${SCOPE_PREFIX}${accountId}', true), set_config('role', 'atende_tenant', true)`;
}

const BEGUN = { command: 'BEGIN', rowCount: null, rows: [], fields: [] };

type TQueryConfig = { text?: string; name?: string; values?: unknown[]; submit?: unknown } | string;

/**
 * A pg client that sends a transaction's BEGIN together with withTenant's scope statement: one
 * round trip instead of two for every tenant transaction (a bot turn runs about seven). The
 * BEGIN drizzle issues is held until the next statement; when that is the scope statement (no
 * parameters), both go as one simple query, else the BEGIN goes first on its own. Only a plain
 * 'begin' sent in the promise form is held (pg-boss's own transactions are multi-statement text).
 */
export class BeginWithScopeClient extends pg.Client {
  private heldBegin = false;
  private readonly prepared = new PreparedNames();
  /** Statements that travel with the transaction's COMMIT (holdUntilCommit). */
  private tail: string[] = [];

  /**
   * Holds a statement without parameters until the transaction's COMMIT, and sends both as one
   * simple query (`statement; …; commit`): for a transaction's last writes, whose answers nobody
   * reads (domain events' jobs, written as the connection's own user), two round trips fewer.
   * A held statement that fails fails the COMMIT (the rest is not run; drizzle then rolls back);
   * a ROLLBACK drops them.
   */
  holdUntilCommit(text: string) {
    this.tail.push(text);
  }

  override query(config: any, values?: any, callback?: any): any {
    const named = this.named(config, values, callback);
    if (named) {
      const text = named.text;
      return (this.scoped(named, values) as Promise<unknown>).catch((error: unknown) => {
        this.prepared.failed(text, error);
        throw error;
      });
    }
    return this.scoped(config, values, callback);
  }

  /**
   * A parameterized statement in the promise form, named for this connection (PreparedNames);
   * undefined for anything else (no values, a callback, a submittable, a name of its own).
   */
  private named(config: any, values: any, callback: any): { text: string; name: string } | undefined {
    if (typeof values === 'function' || typeof callback === 'function') return undefined;
    const params = Array.isArray(values) ? values : typeof config === 'object' ? config?.values : undefined;
    if (!Array.isArray(params) || params.length === 0) return undefined;
    if (typeof config === 'object' && (config.name || typeof config.submit === 'function')) return undefined;
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text !== 'string') return undefined;
    const name = this.prepared.nameOf(text);
    this.deallocateRetired();
    if (!name) return undefined;
    return typeof config === 'string' ? { text, name } : { ...config, name };
  }

  /**
   * Drops the server's preparations of names retired for their age, in the client's queue ahead
   * of the statement at hand (outside its transaction when the BEGIN is still held). Only names
   * the server has (pg records a name once its parse completed), so in a healthy transaction the
   * DEALLOCATE does not fail; in one already failed it fails like any statement (ignored: that
   * preparation then stays until the connection closes). A name whose parse is still in flight
   * is skipped the same way.
   */
  private deallocateRetired() {
    const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } })
      .connection.parsedStatements;
    for (const old of this.prepared.takeRetired()) {
      if (parsed[old] === undefined) continue;
      delete parsed[old];
      (super.query(`deallocate ${old}`) as Promise<unknown>).catch(() => undefined);
    }
  }

  private scoped(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' ? config : (config as Exclude<TQueryConfig, string>)?.text;
    const promised = typeof values !== 'function' && typeof callback !== 'function';
    const plain =
      promised &&
      (values === undefined || (Array.isArray(values) && values.length === 0)) &&
      !(typeof config === 'object' && (config?.name || config?.values?.length));
    if (plain && this.tail.length > 0 && (text === 'commit' || text === 'rollback')) {
      const tail = this.tail;
      this.tail = [];
      if (text === 'commit') {
        // A transaction whose only statements were held: its BEGIN goes with them.
        const begin = this.heldBegin ? 'begin;\n' : '';
        this.heldBegin = false;
        return (super.query(`${begin}${tail.join('\n;\n')}\n;\ncommit`) as Promise<unknown>).then(
          (results) => (Array.isArray(results) ? results[results.length - 1] : results),
        );
      }
    }
    if (!this.heldBegin) {
      if (plain && text === 'begin') {
        this.heldBegin = true;
        this.tail = [];
        return Promise.resolve(BEGUN);
      }
      return super.query(config, values, callback);
    }
    this.heldBegin = false;
    if (plain && text?.startsWith(SCOPE_PREFIX)) {
      const merged = typeof config === 'string' ? `begin; ${config}` : { ...config, text: `begin; ${text}` };
      return (super.query(merged) as Promise<unknown>).then((results) =>
        Array.isArray(results) ? results[results.length - 1] : results,
      );
    }
    if (typeof config === 'object' && typeof config?.submit === 'function') {
      // A submittable (a cursor, a COPY stream) is answered at once: the BEGIN goes ahead of it in
      // the client's queue, which runs in order.
      (super.query('begin') as Promise<unknown>).catch(() => undefined);
      return super.query(config, values, callback);
    }
    if (!promised) {
      const done = typeof values === 'function' ? values : callback;
      super.query('begin', (error: Error | null) => {
        if (error) done(error);
        else super.query(config, values, callback);
      });
      return undefined;
    }
    return (super.query('begin') as Promise<unknown>).then(() => super.query(config, values));
  }
}
