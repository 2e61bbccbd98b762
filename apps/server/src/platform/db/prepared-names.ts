/** Statements one connection keeps prepared at most (each holds its parse tree, and a plan once generic). */
export const MAX_PREPARED_PER_CONNECTION = 256;

/**
 * A statement whose best plan depends on a bound row count (LIMIT/OFFSET $n: the inbox's page of
 * 1,000 conversations) runs unnamed, planned for its values each time: its generic plan, costed
 * for an unknown count, made the inbox list 20 % slower (p95 174 → 208 ms, bench inbox-load).
 */
const VALUE_SHAPED = /\b(limit|offset) \$\d/i;

/**
 * How long a connection keeps one preparation of a statement. A generic plan is costed on the
 * tables' sizes when it was made and is kept until their statistics change; without an analyze
 * in between (autovacuum off, as on the CI machine, or not yet come round) a plan made while a
 * table was nearly empty can stay on a table grown to 100,000 rows. Two bench measurements looked
 * like that — the webhook deliveries' status update at 31.7 ms mean against 0.95 ms planned
 * afresh, the automation runs' update at 4.2 ms against 0.05 ms on a new database — though the
 * cached plans themselves were not seen; with this lifetime the deliveries' update averaged
 * 1.43 ms in the same benchmark (926 deliveries a second against 415). Prepared again after this long, a statement is planned
 * on the tables as they are now (the planner scales a table's row count to its current size even
 * without an analyze), for one parse and plan a minute per statement and connection.
 */
export const PLAN_LIFETIME_MS = 60_000;

/** PostgreSQL's answer to a prepared statement whose result shape changed under it (a migration). */
const PLAN_CHANGED = '0A000';

/**
 * Names a connection's parameterized statements after their text, so PostgreSQL parses each one
 * once per connection, and plans it once when its generic plan is as good as a custom one
 * (plan_cache_mode auto), instead of at every execution. Measured on a bot turn, planning was
 * more of PostgreSQL's CPU than executing (9.3 s against 6.7 s over 1,800 turns).
 *
 * - Only parameterized statements are named: a statement with values written into its text (the
 *   tenant scope) would be a new statement each time. Nor is one with a bound LIMIT or OFFSET
 *   (VALUE_SHAPED).
 * - At most MAX_PREPARED_PER_CONNECTION texts per connection (lists of varying length are new
 *   texts); later ones run unnamed, as before.
 * - Row-level security stays exact: PostgreSQL re-plans a prepared statement when the role it
 *   was planned for changes (plancache's row-security check).
 * - A statement that fails because its result shape changed (a column added by a migration while
 *   this connection held it) is retired: its next use prepares it again under a new name.
 * - A name older than PLAN_LIFETIME_MS is retired at its next use, which prepares the statement
 *   again under a new name; the retired names are handed to the connection to deallocate.
 */
export class PreparedNames {
  private readonly names = new Map<string, { name: string; at: number }>();
  private retired: string[] = [];
  private next = 0;

  /** The statement's name on this connection, or undefined to run it unnamed. */
  nameOf(text: string, now = Date.now()): string | undefined {
    const known = this.names.get(text);
    if (known && now - known.at < PLAN_LIFETIME_MS) return known.name;
    if (known) {
      this.names.delete(text);
      this.retired.push(known.name);
    }
    if (this.names.size >= MAX_PREPARED_PER_CONNECTION || VALUE_SHAPED.test(text)) return undefined;
    const name = `atende_${this.next++}`;
    this.names.set(text, { name, at: now });
    return name;
  }

  /** The names retired for their age since the last call (the connection deallocates them). */
  takeRetired(): string[] {
    const names = this.retired;
    this.retired = [];
    return names;
  }

  /** Called with a named statement's failure: a changed result shape retires the name. */
  failed(text: string, error: unknown) {
    if ((error as { code?: string } | null)?.code === PLAN_CHANGED) this.names.delete(text);
  }
}
