import { uuidArrayLiteral } from '../../platform/db/sql-arrays';
import { type SQL, sql } from 'drizzle-orm';
import type { TContactFilter } from '@atende/shared';
import { containsPattern } from '../../platform/search-term';
import { createdRanges } from '../../platform/local-dates';

export interface TContactWhere {
  accountId: string;
  filter: TContactFilter;
  timezone: string;
  /** The folded search fragment (already lower-case and unaccented, or digits). */
  search?: string | null;
  now?: Date;
  /** For row estimates only (never run): leave out the account when a phase or tag id implies it. */
  estimate?: boolean;
}

/**
 * How many clauses of a filter name ids that belong to one account (a phase id, tag ids). The
 * planner multiplies selectivities as if independent, so each of these counts the account's share
 * of the table once more: estimates divide it back out (see findContactPage).
 */
export function accountScopedClauses(filter: TContactFilter): number {
  const phase = filter.phase && filter.phase !== 'all' && filter.phase !== 'none' ? 1 : 0;
  return phase + (filter.tags?.length ? 1 : 0);
}

/** Digit fragments this long are searched by three of their trigrams, then matched whole. */
const LONG_DIGITS = /^\d{7,}$/;

/**
 * `c.search` contains the fragment. A long run of digits (a phone typed in full or in part) has
 * many trigrams, and each digit trigram is in ~2 % of the rows (there are only 1,000 of them;
 * the leading ones, country and area codes, in far more): the GIN index decoded every one of their
 * long posting lists (~0.45 ms each) to find a handful of rows. Three trigrams, taken from the
 * end (the area code is at the start), already narrow it to a few rows, which are then matched
 * whole (strpos: digits hold no LIKE wildcard, so it is the same test as the LIKE). A phone's last
 * 8 digits: 3.2 -> 2.3 ms of PostgreSQL CPU a page; 9 digits starting with 55: 8.1 -> 4.1-4.5.
 * Estimates (only planned) keep the LIKE, whose statistics are the better guide.
 */
function searchClause(search: string, estimate?: boolean): SQL {
  if (estimate || !LONG_DIGITS.test(search)) return sql`c.search like ${containsPattern(search)}`;
  const n = search.length;
  const pieces = [
    search.slice(n - 3),
    search.slice(n - 6, n - 3),
    search.slice(Math.max(0, n - 9), Math.max(3, n - 6)),
  ];
  return sql.join(
    [...pieces.map((piece) => sql`c.search like ${`%${piece}%`}`), sql`strpos(c.search, ${search}) > 0`],
    sql` and `,
  );
}

/**
 * The WHERE of the contacts list on alias `c`. Its shape matches the partial list indexes
 * (`deleted_at IS NULL`) so a common filter walks an index in created_at order and stops early.
 */
export function contactWhere(input: TContactWhere): SQL {
  const { filter } = input;
  const parts: SQL[] = [];
  if (!input.estimate || accountScopedClauses(filter) === 0)
    parts.push(sql`c.account_id = ${input.accountId}`);
  parts.push(filter.deleted ? sql`c.deleted_at is not null` : sql`c.deleted_at is null`);
  // A chatbot's live test's visitor is not a customer (contacts.test). The list walks its indexes
  // without reading rows (index-only scans: `test` is in none of them), so the test visitors are
  // left out by id, from their own small index (contacts_test_idx, a hashed set read once); as
  // `not c.test` every match fetched its row (4x the buffers). Estimates are only planned: there
  // the column's statistics give the better figure.
  parts.push(
    input.estimate
      ? sql.raw('not c.test')
      : sql`c.id not in (select t.id from contacts t where t.account_id = ${input.accountId} and t.test)`,
  );
  if (input.search) parts.push(searchClause(input.search, input.estimate));
  if (filter.phase === 'none') parts.push(sql`c.phase_id is null`);
  else if (filter.phase && filter.phase !== 'all') parts.push(sql`c.phase_id = ${filter.phase}`);
  if (filter.tags?.length) {
    parts.push(sql`c.tags && ${sql.raw(uuidArrayLiteral(filter.tags))}`);
    // Implied, so never part of an estimate (it would count twice); it lets the planner use the
    // partial GIN index.
    if (!input.estimate) parts.push(sql.raw(`c.tags <> '{}'::uuid[]`));
  }
  // Inline literals: the planner matches them to the partial blocked/opt-out indexes.
  if (filter.blocked !== undefined) parts.push(sql.raw(filter.blocked ? 'c.blocked' : 'not c.blocked'));
  if (filter.optOut !== undefined) parts.push(sql.raw(filter.optOut ? 'c.opt_out' : 'not c.opt_out'));
  for (const r of createdRanges(filter, input.timezone, input.now)) {
    parts.push(sql`c.created_at >= ${r.from.toISOString()}::timestamptz`);
    parts.push(sql`c.created_at < ${r.to.toISOString()}::timestamptz`);
  }
  return sql.join(parts, sql` and `);
}
