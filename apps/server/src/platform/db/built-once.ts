import { is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { TTx } from './tenant';

/** A drizzle query that can be prepared (select, insert, update and delete builders). */
interface TPreparable<TResult> {
  prepare(name?: string): TPrepared<TResult>;
}

interface TPrepared<TResult> {
  execute(values?: Record<string, unknown>): Promise<TResult>;
}

/**
 * A placeholder for the value `name` (`p('id')`): typed as whatever the builder wants there, since
 * drizzle's update and insert types do not name placeholders, though it takes them (it binds them
 * through the column's own encoder, as a value).
 */
export type TPlaceholders<TValues> = (name: keyof TValues & string) => never;

const placeholder = (name: string) => sql.placeholder(name) as Placeholder as never;

/**
 * A hot statement built by drizzle once, its values as placeholders, and run in any transaction
 * after that. Drizzle builds a query's text at every execution, walking its columns and fragments
 * (entity checks on each); on a bot turn that was about 15 % of the server's CPU, for texts that
 * never change. The statement is built on the first transaction of each driver (node-postgres,
 * PGlite) and bound to each transaction's connection when it runs: drizzle's own prepared query,
 * so values pass through their columns' encoders and rows come back mapped as its select maps
 * them. No statement name is given: the connection names parameterized statements itself
 * (PreparedNames), on each connection, as for every other statement.
 *
 * Only for statements whose text is the same for every call: anything that changes the text (a
 * list's length, an optional clause) stays a builder call.
 */
export function builtOnce<TValues extends Record<string, unknown>, TResult>(
  build: (tx: TTx, p: TPlaceholders<TValues>) => TPreparable<TResult>,
): (tx: TTx, values: TValues) => Promise<TResult> {
  return boundPerDriver((tx) => build(tx, placeholder).prepare());
}

/**
 * builtOnce for a raw statement (`sql` with its values as placeholders): answers the raw result,
 * as tx.execute does (read it with rowsOf).
 */
export function sqlOnce<TValues extends Record<string, unknown>>(
  build: (p: TPlaceholders<TValues>) => SQL,
): (tx: TTx, values: TValues) => Promise<unknown> {
  return boundPerDriver((tx) => {
    const { session, dialect } = tx as unknown as {
      session: {
        prepareQuery(
          query: unknown,
          fields: undefined,
          name: undefined,
          arrayMode: false,
        ): TPrepared<unknown>;
      };
      dialect: { sqlToQuery(sql: SQL): unknown };
    };
    return session.prepareQuery(dialect.sqlToQuery(build(placeholder)), undefined, undefined, false);
  });
}

/** The statement prepared on each driver's first transaction, run on the connection of `tx`. */
function boundPerDriver<TValues extends Record<string, unknown>, TResult>(
  prepare: (tx: TTx) => TPrepared<TResult>,
): (tx: TTx, values: TValues) => Promise<TResult> {
  const byDriver = new Map<unknown, TPrepared<TResult>>();
  return (tx, values) => {
    const session = (tx as unknown as { session: { client: unknown; constructor: unknown } }).session;
    let prepared = byDriver.get(session.constructor);
    if (!prepared) {
      prepared = prepare(tx);
      nullSafe(prepared);
      byDriver.set(session.constructor, prepared);
    }
    const bound = Object.create(prepared) as TPrepared<TResult> & { client: unknown };
    bound.client = session.client;
    return bound.execute(values);
  };
}

/**
 * A null value binds as NULL, as drizzle binds a plain value: its placeholders go through the
 * column's encoder as they are, and a jsonb column's encoder would write null as JSON's 'null'
 * (a timestamp's would throw).
 */
function nullSafe(prepared: unknown) {
  for (const param of (prepared as { params: unknown[] }).params) {
    if (!is(param, Param) || !is(param.value, Placeholder)) continue;
    const encoder = param.encoder;
    (param as { encoder: unknown }).encoder = {
      mapToDriverValue: (value: unknown) => (value == null ? null : encoder.mapToDriverValue(value)),
    };
  }
}
