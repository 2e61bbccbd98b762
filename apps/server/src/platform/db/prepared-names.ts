/** Statements one connection keeps prepared at most (each holds its parse tree, and a plan once generic). */
export const MAX_PREPARED_PER_CONNECTION = 256;

/**
 * A statement whose best plan depends on a bound row count (LIMIT/OFFSET $n: the inbox's page of
 * 1,000 conversations) runs unnamed, planned for its values each time: its generic plan, costed
 * for an unknown count, made the inbox list 20 % slower (p95 174 → 208 ms, bench inbox-load).
 */
const VALUE_SHAPED = /\b(limit|offset) \$\d/i;

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
 */
export class PreparedNames {
  private readonly names = new Map<string, string>();
  private next = 0;

  /** The statement's name on this connection, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known) return known;
    if (this.names.size >= MAX_PREPARED_PER_CONNECTION || VALUE_SHAPED.test(text)) return undefined;
    const name = `atende_${this.next++}`;
    this.names.set(text, name);
    return name;
  }

  /** Called with a named statement's failure: a changed result shape retires the name. */
  failed(text: string, error: unknown) {
    if ((error as { code?: string } | null)?.code === PLAN_CHANGED) this.names.delete(text);
  }
}
