import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { getTableColumns } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { BeginWithScopeClient } from './begin-with-scope';

/**
 * Contrib extensions the migrations create (contact search: trigram index, accent folding).
 * PGlite is loaded only for the embedded database: a server on PostgreSQL never loads it.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return { pg_trgm, unaccent };
}

/**
 * Without drizzle's relational schema: nothing uses `db.query.*`, and with one every transaction
 * built a query builder per table (about 2 % of a bot turn's server CPU).
 */
export type TDb = PgDatabase<PgQueryResultHKT>;

/** One database handle for either engine: embedded PGlite or a PostgreSQL pool. */
export interface TDatabase {
  kind: 'pglite' | 'pg';
  db: TDb;
  pglite?: PGlite;
  pool?: pg.Pool;
  connectionString?: string;
  close(): Promise<void>;
}

export interface TDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An existing PGlite (tests hand in a copy of a migrated snapshot). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database that does not answer (a blackholed network path) fails the request, never hangs it.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      Client: BeginWithScopeClient,
    });
    // A dropped connection makes its pg.Client emit 'error', and an 'error' event nobody listens
    // to ends the process. The pool listens on idle clients only; a checked-out one (a drizzle
    // transaction) has no listener until released. Each client gets its own for good: the error
    // also fails the client's queries, and the pool discards the client when it comes back.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    await pool.query('select 1');
    return {
      kind: 'pg',
      db: drizzlePg(pool) as unknown as TDb,
      pool,
      connectionString: options.databaseUrl,
      close: () => pool.end(),
    };
  }
  let pglite = options.pglite;
  let release: () => void = () => undefined;
  if (!pglite) {
    const folder = resolve(options.dataDir ?? './data', 'pgdata');
    release = claimDataDir(folder);
    try {
      const dir = await embeddedDataDir(folder);
      const { PGlite } = await import('@electric-sql/pglite');
      pglite = await PGlite.create(dir, { extensions: await pgliteExtensions() });
    } catch (error) {
      release();
      throw error;
    }
  }
  const instance = pglite;
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  return {
    kind: 'pglite',
    db: drizzlePglite(instance) as unknown as TDb,
    pglite: instance,
    close: async () => {
      try {
        if (!instance.closed) await instance.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * One process at a time on an embedded database. PGlite has no lock of its own: a second
 * `npm start` on the same DATA_DIR (which then stopped on the port in use) opened the folder under
 * the running server, whose database never opened again ('Aborted()' at its shutdown and at every
 * start after). `<folder>.lock` names the process holding the folder; a second one is refused
 * before it touches the folder; one left by a process that is gone (killed) is taken over.
 * Answers the release (closing the database releases it).
 */
export function claimDataDir(folder: string): () => void {
  const lock = `${folder}.lock`;
  if (heldHere.has(lock))
    throw new Error(
      `another Atende process (pid ${process.pid}) is using it; stop that one first, or remove ${lock} if it is not running`,
    );
  mkdirSync(dirname(lock), { recursive: true });
  const take = () => {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  };
  if (!take()) {
    const holder = Number(readFileSync(lock, 'utf8').trim());
    // Our own pid, not held by this process: a previous life's (a container's server is pid 1
    // again after a kill -9 and restart), taken over like any dead holder's.
    if (holder !== process.pid && processRuns(holder))
      throw new Error(
        `another Atende process (pid ${holder}) is using it; stop that one first, or remove ${lock} if it is not running`,
      );
    // Left by a process that is gone: taken over (another start taking it meanwhile wins).
    rmSync(lock, { force: true });
    if (!take())
      throw new Error(`another Atende process is starting on it; remove ${lock} if none is running`);
  }
  let held = true;
  heldHere.add(lock);
  return () => {
    if (!held) return;
    held = false;
    heldHere.delete(lock);
    try {
      if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // Already gone.
    }
  };
}

/** The lock files this process holds (a second opening here is refused as another's would be). */
const heldHere = new Set<string>();

function processRuns(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database's folder, with a whole cluster in it. PGlite makes a new cluster (initdb)
 * on a first start, seconds of work, and writes PG_VERSION first: a process stopped meanwhile
 * (Ctrl+C during `npm start`'s first run) left a folder PGlite took for a database and could never
 * open again ('Aborted()', or 'language "plpgsql" does not exist' at the first migration). The
 * cluster is made in a folder beside it and moved in once complete; one a stopped first start
 * left half made there is made again. A folder that holds anything else is never removed.
 */
async function embeddedDataDir(dir: string): Promise<string> {
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const making = `${dir}.new`;
  rmSync(making, { recursive: true, force: true });
  mkdirSync(making, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  await (await PGlite.create(making, { extensions: await pgliteExtensions() })).close();
  // An empty folder (made before the cluster by an earlier version) gives way; a full one stays.
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(making, dir);
  return dir;
}

/**
 * A json/jsonb value of a raw result: node-postgres parses it, some paths (PGlite, a value built
 * in a subquery) hand back its text. A text that is no JSON stays as it is.
 */
export function jsonOf<T>(value: unknown): T {
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return value as T;
  }
}

/**
 * A row of `table` from its `to_jsonb(row)` form (column names as keys), as drizzle's own select
 * would hand it back: for a raw statement that returns a table's row with other things in one
 * round trip. Undefined for a null row (an outer join that found none).
 */
export function rowFromJson<T extends PgTable>(table: T, value: unknown): T['$inferSelect'] | undefined {
  const json = jsonOf<Record<string, unknown> | null>(value);
  if (!json) return undefined;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const field = json[column.name];
    row[key] = field === null || field === undefined ? null : column.mapFromDriverValue(field);
  }
  return row as T['$inferSelect'];
}

/** Rows of a raw `db.execute(sql...)` result (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
